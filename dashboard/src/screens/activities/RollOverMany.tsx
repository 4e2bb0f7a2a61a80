/*
 * Rolling several activities over at once from the Activities list (docs/rules/re-enrolment.md,
 * "Several at once"): one dialog with each activity's next first session date and name (the
 * engine suggests both) and one priority window; sent to POST /api/re-enrolments/batch a few
 * activities at a time so the organiser sees progress, then each activity's outcome.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import * as v from 'valibot';
import { type ActivityGroup, describeFailure } from '../../../../api-client/index.ts';
import {
  nameForTerm,
  openReEnrolmentBatchSchema,
  RE_ENROLMENT_WINDOW_DAYS,
  suggestNextTerm,
} from '../../../../engine/re-enrolment.ts';
import { api } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { forgetGroups } from './queries.ts';

/** How many activities each request takes, so progress moves while a long batch runs. */
const CHUNK = 5;

type Outcome =
  | {
      activityGroup: string;
      status: 'opened';
      reEnrolment: { _id: string; targetGroup: { _id: string; name: string }; offered: number };
    }
  | { activityGroup: string; status: 'refused'; message: string };

interface Row {
  _id: string;
  sourceName: string;
  startDate: string;
  name: string;
  /** The organiser typed a name: a new date no longer renames the copy. */
  nameTouched: boolean;
}

const rowOf = (g: ActivityGroup): Row => {
  const suggested = suggestNextTerm(
    g.name,
    g.activities.filter((s) => s.enabled).map((s) => s.date),
  );
  return { _id: g._id, sourceName: g.name, ...suggested, nameTouched: false };
};

/** The list's "Roll over to next term" for the selected activities. */
export function useRollOverMany() {
  const [rows, setRows] = useState<Row[]>([]);
  return { rows, setRows, start: (groups: ActivityGroup[]) => setRows(groups.map(rowOf)) };
}

export function RollOverMany({
  dialog,
  rows,
  setRows,
  onFinished,
}: {
  dialog: ModalControls;
  rows: Row[];
  setRows: (rows: Row[]) => void;
  /** The batch ran (some may be refused): the list clears its selection. */
  onFinished: () => void;
}) {
  const client = useQueryClient();
  const [windowDays, setWindowDays] = useState(String(RE_ENROLMENT_WINDOW_DAYS.default));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<'form' | 'running' | 'done'>('form');
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const edit = (id: string, patch: Partial<Row>) =>
    setRows(
      rows.map((r) => {
        if (r._id !== id) return r;
        const next = { ...r, ...patch };
        // A new date renames the copy for its term until the organiser types a name.
        if (patch.startDate !== undefined && !next.nameTouched)
          next.name = nameForTerm(r.sourceName, patch.startDate);
        return next;
      }),
    );

  const reset = () => {
    setPhase('form');
    setOutcomes({});
    setErrors({});
    setFailure(null);
    setWindowDays(String(RE_ENROLMENT_WINDOW_DAYS.default));
  };
  const close = () =>
    dialog.confirm(() => {
      if (phase === 'done') onFinished();
      reset();
    });

  const submit = async () => {
    const input = {
      windowDays: Number(windowDays),
      activities: rows.map((r) => ({ activityGroup: r._id, startDate: r.startDate, name: r.name })),
    };
    const parsed = v.safeParse(openReEnrolmentBatchSchema, input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.issues) {
        const path = (issue.path ?? []).map((p) => String(p.key));
        const key =
          path[0] === 'activities' && path.length >= 3
            ? `${rows[Number(path[1])]?._id}.${path[2]}`
            : (path[0] ?? 'form');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setPhase('running');
    const done: Record<string, Outcome> = {};
    for (let i = 0; i < parsed.output.activities.length; i += CHUNK) {
      const activities = parsed.output.activities.slice(i, i + CHUNK);
      try {
        const result = await describeFailure(
          api.post<Outcome[]>('/api/re-enrolments/batch', {
            windowDays: parsed.output.windowDays,
            activities,
          }),
          { prefix: 'Failed to open re-enrolment', bare: 'Failed to open re-enrolment.' },
        );
        for (const o of result) done[o.activityGroup] = o;
        setOutcomes({ ...done });
      } catch (error) {
        // The rest were not sent: say so, keep what was opened.
        setFailure((error as Error).message);
        break;
      }
    }
    forgetGroups();
    client.invalidateQueries({ queryKey: ['re-enrolment'] });
    setPhase('done');
  };

  const count = Object.keys(outcomes).length;
  const opened = Object.values(outcomes).filter((o) => o.status === 'opened').length;
  const running = phase === 'running';

  return (
    <Modal
      {...dialog.modalProps}
      onDismiss={running ? () => {} : close}
      title="Roll over to next term"
      size="lg"
      footer={
        phase === 'done' ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button onClick={submit} loading={running}>
              Open re-enrolment
            </Button>
          </>
        )
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (phase === 'form') submit();
        }}
      >
        {phase === 'form' ? (
          <p>
            Each activity's copy for next term is made and published. Every child booked now is
            offered the same place by e-mail, kept for them until the window ends; the other places
            are on sale at once.
          </p>
        ) : (
          <div aria-live="polite" className="rollover-progress">
            <progress max={rows.length} value={count} aria-label="Roll-over progress" />
            <p>
              {running
                ? `Rolling over… ${count} of ${rows.length} done`
                : `Re-enrolment opened for ${opened} of ${rows.length} ${rows.length === 1 ? 'activity' : 'activities'}.`}
            </p>
          </div>
        )}
        {failure ? <Alert>{failure}</Alert> : null}
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <ul className="rollover-list" aria-label="Activities to roll over">
          {rows.map((r) => {
            const outcome = outcomes[r._id];
            return (
              <li key={r._id} className="rollover-item">
                <p className="cell-strong">{r.sourceName}</p>
                {phase === 'form' ? (
                  <div className="form-grid">
                    <TextField
                      label="First session date"
                      type="date"
                      required
                      value={r.startDate}
                      error={errors[`${r._id}.startDate`]}
                      onChange={(e) => edit(r._id, { startDate: e.target.value })}
                    />
                    <TextField
                      label="Name"
                      required
                      value={r.name}
                      error={errors[`${r._id}.name`]}
                      onChange={(e) => edit(r._id, { name: e.target.value, nameTouched: true })}
                    />
                  </div>
                ) : outcome?.status === 'opened' ? (
                  <p>
                    <Badge tone="success">Opened</Badge>{' '}
                    <Link to={`/activities/${outcome.reEnrolment.targetGroup._id}`}>
                      {outcome.reEnrolment.targetGroup.name}
                    </Link>
                    <span className="muted">
                      {' '}
                      · {outcome.reEnrolment.offered}{' '}
                      {outcome.reEnrolment.offered === 1 ? 'child' : 'children'} offered a place
                    </span>
                  </p>
                ) : outcome?.status === 'refused' ? (
                  <p>
                    <Badge tone="warning">Not opened</Badge> {outcome.message}
                  </p>
                ) : (
                  <p className="muted">{running ? 'Waiting…' : 'Not sent.'}</p>
                )}
              </li>
            );
          })}
        </ul>
        {phase === 'form' ? (
          <TextField
            label="Priority window (days)"
            type="number"
            min={RE_ENROLMENT_WINDOW_DAYS.min}
            max={RE_ENROLMENT_WINDOW_DAYS.max}
            required
            value={windowDays}
            error={errors.windowDays}
            onChange={(e) => setWindowDays(e.target.value)}
            hint="The same for every activity. Places nobody has confirmed by then go on sale, and the waitlist is offered them."
          />
        ) : null}
      </form>
    </Modal>
  );
}
