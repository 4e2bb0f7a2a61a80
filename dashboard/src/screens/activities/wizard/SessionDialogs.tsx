import { useState } from 'react';
import * as v from 'valibot';
import {
  bulkPlaceLimitSchema,
  canSetPlaceLimit,
  DEFAULT_REPEAT_DAYS,
  generateSessions,
  isNewSession,
  sessionSchema,
  sessionVisibleFields,
  WEEKDAYS,
} from '../../../../../engine/index.ts';
import { Button } from '../../../components/Button.tsx';
import { FormField, SelectField, TextField } from '../../../components/FormField.tsx';
import { Modal } from '../../../components/Modal.tsx';
import type { ModalControls } from '../../../components/useModal.ts';
import { Checkbox, type Errors, errorsOf, tempId, text } from '../form.tsx';
import { formatSessionDate, type SessionValues, sessionLabel, sortByStart } from '../lib.ts';

type Repeat = {
  frequency: string;
  repeatDays: string[];
  endType: string;
  occurrences: string;
  endDate: string;
};

/**
 * Add or edit one session. New sessions may repeat Daily or Weekly, ending after a number of
 * occurrences or on a date; the engine's generateSessions expands them
 * (docs/rules/editing-and-states.md).
 */
export function SessionDialog({
  dialog,
  session,
  timeZone,
  dateFormat,
  sold,
  onSave,
}: {
  dialog: ModalControls;
  session: SessionValues | null;
  timeZone: string;
  dateFormat: string;
  /** Places sold on a saved session: its limit may not go below them (engine `canSetPlaceLimit`). */
  sold?: { count: number; placeLimit: number | null };
  onSave: (sessions: SessionValues[]) => void;
}) {
  const [values, setValues] = useState({
    _id: session?._id ?? null,
    date: session?.date ?? '',
    startTime: session?.startTime ?? '',
    endTime: session?.endTime ?? '',
    placeLimit: text(session?.placeLimit),
    enabled: session?.enabled ?? true,
  });
  const [repeat, setRepeat] = useState<Repeat>({
    frequency: 'None',
    repeatDays: [...DEFAULT_REPEAT_DAYS],
    endType: 'occurrences',
    occurrences: '',
    endDate: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const isNew = isNewSession(values._id);
  const form = {
    ...values,
    repeat: isNew && repeat.frequency !== 'None' ? repeat : null,
  };
  const show = sessionVisibleFields(form);
  const parsed = v.safeParse(sessionSchema, form);
  const floor =
    sold && !isNew && parsed.success
      ? canSetPlaceLimit({
          placeLimit: parsed.output.placeLimit,
          savedPlaceLimit: sold.placeLimit,
          sold: sold.count,
        })
      : null;
  const limitError: Errors = floor && !floor.ok ? { placeLimit: floor.message } : {};
  const live = tried ? { ...errorsOf(sessionSchema, form), ...limitError } : errors;
  const preview =
    parsed.success && parsed.output.repeat ? generateSessions(parsed.output, timeZone) : null;

  const save = () => {
    setTried(true);
    const found = { ...errorsOf(sessionSchema, form), ...limitError };
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) return;
    const out = parsed.output;
    const sessions: SessionValues[] = isNew
      ? generateSessions(out, timeZone).map((s) => ({
          _id: tempId(),
          date: s.date,
          startTime: s.startTime,
          endTime: s.endTime,
          placeLimit: s.placeLimit,
          enabled: true,
        }))
      : [
          {
            _id: values._id,
            date: out.date,
            startTime: out.startTime,
            endTime: out.endTime,
            placeLimit: out.placeLimit,
            enabled: values.enabled,
          },
        ];
    // Edits keep the temp id of an unsaved session, so restrictions that name it still hold.
    if (values._id && isNew) sessions[0]!._id = values._id;
    dialog.confirm(() => onSave(sessions));
  };

  return (
    <Modal
      {...dialog.modalProps}
      title={session ? 'Edit session' : 'Add new session'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={save}>
            {preview && preview.length > 1 ? `Add ${preview.length} sessions` : 'Save session'}
          </Button>
        </>
      }
    >
      <div className="form">
        <div className="form-row">
          <TextField
            label="Date"
            type="date"
            required
            value={values.date}
            error={live.date}
            onChange={(e) => setValues({ ...values, date: e.target.value })}
          />
          <TextField
            label="Start time"
            type="time"
            required
            value={values.startTime}
            error={live.startTime}
            onChange={(e) => setValues({ ...values, startTime: e.target.value })}
          />
          <TextField
            label="End time"
            type="time"
            required
            value={values.endTime}
            error={live.endTime}
            onChange={(e) => setValues({ ...values, endTime: e.target.value })}
          />
        </div>
        <TextField
          label="Place limit"
          type="number"
          min={1}
          inputMode="numeric"
          value={values.placeLimit}
          error={live.placeLimit}
          hint="Leave blank for no limit."
          onChange={(e) => setValues({ ...values, placeLimit: e.target.value })}
        />
        {show.repeat ? (
          <fieldset className="fieldset">
            <legend className="form-label">Repeat</legend>
            <div className="segmented" role="radiogroup" aria-label="Repeat">
              {['None', 'Daily', 'Weekly'].map((frequency) => (
                <label key={frequency} className="segmented-option">
                  <input
                    type="radio"
                    name="repeat-frequency"
                    checked={repeat.frequency === frequency}
                    onChange={() => setRepeat({ ...repeat, frequency })}
                  />
                  <span>{frequency === 'None' ? 'Does not repeat' : frequency}</span>
                </label>
              ))}
            </div>
            {show.repeatDays ? (
              <FormField label="Repeat on" error={live['repeat.repeatDays']}>
                {() => (
                  <div className="day-picker">
                    {WEEKDAYS.map((day) => (
                      <label key={day} className="day-chip">
                        <input
                          type="checkbox"
                          checked={repeat.repeatDays.includes(day)}
                          onChange={(e) =>
                            setRepeat({
                              ...repeat,
                              repeatDays: e.target.checked
                                ? [...repeat.repeatDays, day]
                                : repeat.repeatDays.filter((d) => d !== day),
                            })
                          }
                        />
                        <span>{day.slice(0, 3)}</span>
                      </label>
                    ))}
                  </div>
                )}
              </FormField>
            ) : null}
            {show.endType ? (
              <div className="form-row">
                <SelectField
                  label="Ends"
                  value={repeat.endType}
                  error={live['repeat.endType']}
                  onChange={(e) => setRepeat({ ...repeat, endType: e.target.value })}
                  options={[
                    { value: 'occurrences', label: 'After a number of sessions' },
                    { value: 'date', label: 'On a date' },
                  ]}
                />
                {show.occurrences ? (
                  <TextField
                    label="Occurrences"
                    type="number"
                    min={1}
                    required
                    value={repeat.occurrences}
                    error={live['repeat.occurrences']}
                    onChange={(e) => setRepeat({ ...repeat, occurrences: e.target.value })}
                  />
                ) : null}
                {show.endDate ? (
                  <TextField
                    label="End date"
                    type="date"
                    required
                    value={repeat.endDate}
                    error={live['repeat.endDate']}
                    onChange={(e) => setRepeat({ ...repeat, endDate: e.target.value })}
                  />
                ) : null}
              </div>
            ) : null}
            {preview ? (
              <p className="form-hint" data-testid="repeat-preview">
                {preview.length === 0
                  ? 'No sessions match these options.'
                  : `${preview.length} ${preview.length === 1 ? 'session' : 'sessions'}: ${formatSessionDate(preview[0]!.date, dateFormat)} to ${formatSessionDate(preview[preview.length - 1]!.date, dateFormat)}.`}
              </p>
            ) : null}
          </fieldset>
        ) : null}
      </div>
    </Modal>
  );
}

/** 'Bulk update place limits': one limit for the chosen sessions; blank removes the limits. */
export function BulkPlaceLimitDialog({
  dialog,
  sessions,
  dateFormat,
  onSave,
}: {
  dialog: ModalControls;
  sessions: SessionValues[];
  dateFormat: string;
  onSave: (ids: string[], placeLimit: number | null) => void;
}) {
  const sorted = sortByStart(sessions);
  const [ids, setIds] = useState<string[]>(() => sorted.map((s) => s._id ?? ''));
  const [placeLimit, setPlaceLimit] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const save = () => {
    const form = { sessionIds: ids, placeLimit };
    const found = errorsOf(bulkPlaceLimitSchema, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const out = v.parse(bulkPlaceLimitSchema, form);
    dialog.confirm(() => onSave(out.sessionIds, out.placeLimit));
  };
  const all = ids.length === sorted.length;
  return (
    <Modal
      {...dialog.modalProps}
      title="Bulk update place limits"
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={save}>Update place limits</Button>
        </>
      }
    >
      <div className="form">
        <TextField
          label="Place limit"
          type="number"
          min={1}
          value={placeLimit}
          error={errors.placeLimit}
          hint="Leave blank to remove the limits."
          onChange={(e) => setPlaceLimit(e.target.value)}
        />
        <FormField label="Sessions" error={errors.sessionIds}>
          {() => (
            <div className="check-list">
              <Checkbox
                label={all ? 'Unselect all' : 'Select all'}
                checked={all}
                onChange={(on) => setIds(on ? sorted.map((s) => s._id ?? '') : [])}
              />
              {sorted.map((s) => (
                <Checkbox
                  key={s._id}
                  label={sessionLabel(s, dateFormat)}
                  checked={ids.includes(s._id ?? '')}
                  onChange={(on) =>
                    setIds(on ? [...ids, s._id ?? ''] : ids.filter((id) => id !== s._id))
                  }
                />
              ))}
            </div>
          )}
        </FormField>
      </div>
    </Modal>
  );
}
