import { useId, useState } from 'react';
import type { Attendee, Field } from '../../../../api-client/index.ts';
import {
  attendeeDialogMessage,
  createAttendeeSchema,
  type FieldDefinition,
  localeFor,
  messages,
  visibleAttendeeFields,
} from '../../../../engine/index.ts';
import { useClientSettings } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { DetailList } from '../../components/DetailList.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { errorsOf, serverErrorsOf } from '../activities/form.tsx';
import { useVenues } from '../activities/queries.ts';
import {
  AttendeeFieldInput,
  type AttendeeValues,
  answerText,
  attendeeFieldData,
  attendeeFormValues,
} from './AttendeeFields.tsx';
import { useSaveAttendee } from './queries.ts';
import './customers.css';

type Tab = 'view' | 'edit';

export interface AttendeeDialogProps {
  dialog: ModalControls;
  /**
   * The customer the attendee belongs to; null shows 'No user set' on save
   * (docs/rules/forms-and-messages.md).
   */
  userId: string | null;
  /** null: the 'Create attendee' dialog; an attendee: its View and Edit tabs. */
  attendee: Attendee | null;
  fields: readonly Field[];
  initialTab?: Tab;
  onSaved?: (attendee: Attendee) => void;
}

/**
 * docs/rules/screens.md attendee dialogs: 'Create attendee' (Save, Cancel) and view or edit
 * attendee (View and Edit tabs), with every enabled attendee field, admin-only ones included.
 * Required fields are checked by the engine's attendee schema before anything is sent, and again by
 * the server. Mount it only while the dialog is open, so a cancelled form starts empty next time.
 *
 * @example {dialog.isOpen ? <AttendeeDialog dialog={dialog} userId={id} attendee={null} fields={fields} /> : null}
 */
export function AttendeeDialog({
  dialog,
  userId,
  attendee,
  fields,
  initialTab = 'view',
  onSaved,
}: AttendeeDialogProps) {
  // The wire type names `type` loosely; the engine's helpers want its own field type union.
  const shown = visibleAttendeeFields(fields as (Field & FieldDefinition)[], { admin: true });
  const [tab, setTab] = useState<Tab>(attendee ? initialTab : 'edit');
  const [values, setValues] = useState<AttendeeValues>(() =>
    attendee ? attendeeFormValues(shown, attendee) : {},
  );
  const [tried, setTried] = useState(false);
  const panelId = useId();
  const save = useSaveAttendee();
  const client = useClientSettings();
  const venues = useVenues();

  const schema = createAttendeeSchema(shown, {
    admin: true,
    requireUser: true,
  });
  const body = { userId: userId ?? '', fieldData: attendeeFieldData(values) };
  const check = () =>
    errorsOf(schema, {
      userId,
      fieldData: Object.fromEntries(body.fieldData.map((d) => [d.field, d.value])),
    });
  const errors = tried ? { ...check(), ...serverErrorsOf(save.error) } : {};
  const fieldErrorCount = Object.keys(errors).filter((k) => k.startsWith('fieldData.')).length;
  const formMessage = tried
    ? attendeeDialogMessage({ userId, hasFieldErrors: fieldErrorCount > 0 })
    : null;

  const submit = () => {
    setTried(true);
    save.reset();
    if (Object.keys(check()).length) return;
    save.mutate(
      { id: attendee?._id, body },
      { onSuccess: (saved) => dialog.confirm(() => onSaved?.(saved)) },
    );
  };

  const title = attendee ? attendee.name : 'Create attendee';
  const editing = tab === 'edit';
  const content = editing ? (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {formMessage ? <Alert>{formMessage}</Alert> : null}
      {save.error && !formMessage ? <Alert>{save.error.message}</Alert> : null}
      {shown.map((field) => (
        <AttendeeFieldInput
          key={field._id}
          field={field}
          value={values[field._id]}
          error={errors[`fieldData.${field._id}`]}
          onChange={(value) => setValues((current) => ({ ...current, [field._id]: value }))}
        />
      ))}
      {/* Enter in a text input submits; the visible buttons live in the footer. */}
      <button type="submit" hidden />
    </form>
  ) : attendee ? (
    <DetailList
      items={shown.map((field) => ({
        label: field.title,
        value: (
          <>
            {answerText(field, attendee.fieldData[field._id], {
              currency: client.data?.currency ?? 'GBP',
              locale: localeFor(client.data?.country),
              dateFormat: client.data?.dateFormat ?? 'dd/MM/yyyy',
              venues: venues.data ?? [],
            })}
            {field.adminOnly ? (
              <>
                {' '}
                <Badge tone="warning">{messages.adminOnlyBadge}</Badge>
              </>
            ) : null}
          </>
        ),
      }))}
    />
  ) : null;
  return (
    <Modal
      {...dialog.modalProps}
      title={title}
      size="lg"
      footer={
        editing ? (
          <>
            <Button variant="secondary" onClick={dialog.cancel}>
              Cancel
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={dialog.cancel}>
            Close
          </Button>
        )
      }
    >
      {attendee ? (
        <div className="tabs" role="tablist" aria-label="Attendee">
          {(['view', 'edit'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`${panelId}-${t}`}
              aria-controls={panelId}
              aria-selected={tab === t}
              className={`tab${tab === t ? ' is-current' : ''}`}
              onClick={() => setTab(t)}
            >
              {t === 'view' ? 'View' : 'Edit'}
            </button>
          ))}
        </div>
      ) : null}
      {attendee ? (
        <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${tab}`}>
          {content}
        </div>
      ) : (
        content
      )}
    </Modal>
  );
}
