import { useEffect, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import {
  clientDate,
  formatTimeRange,
  localeFor,
  type MarkKind,
  type MarkState,
  registerSummary,
} from '../../../../engine/index.ts';
import { queryClient, useClientSettings } from '../../api.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CheckOutDialog } from './CheckOutDialog.tsx';
import { money, withQueued } from './lib.ts';
import { MarkHistory } from './MarkHistory.tsx';
import {
  dismissRefused,
  enqueueMark,
  getSnapshot,
  newMarkId,
  startQueue,
  subscribe,
} from './mark-queue.ts';
import { PrintRegister } from './PrintRegister.tsx';
import { type RegisterRowDto, registerKeys, useRegister } from './queries.ts';
import { RegisterRow } from './RegisterRow.tsx';
import { ReportedAbsences } from './ReportedAbsences.tsx';
import './registers.css';

export interface Shown {
  row: RegisterRowDto;
  state: MarkState;
  waiting: number;
}

/**
 * A session's register on a phone in the hall: one card per child with big buttons, one tap to
 * mark, every tap kept on the device until the server has it (mark-queue.ts). Prints as one
 * page per session.
 */
export function RegisterScreen() {
  const { sessionId = '' } = useParams();
  const register = useRegister(sessionId);
  const client = useClientSettings();
  const outbox = useSyncExternalStore(subscribe, getSnapshot);
  const [checkingOut, setCheckingOut] = useState<RegisterRowDto | null>(null);
  const [showHistory, setShowHistory] = useState(false);

  useEffect(
    () =>
      startQueue(() => {
        void queryClient.invalidateQueries({ queryKey: registerKeys.all });
      }),
    [],
  );

  if (register.error) return <QueryError error={register.error} />;
  const data = register.data;
  const settings = client.data;
  if (!data || !settings) return <p className="muted">Loading the register…</p>;

  const timeZone = settings.timeZone;
  const locale = localeFor(settings.country);
  const mine = outbox.queue.filter((q) => q.sessionId === sessionId);
  const shown: Shown[] = data.rows.map((row) => {
    const queued = mine.filter((q) => q.mark.attendee === row.attendee._id);
    return { row, state: withQueued(row.mark, queued), waiting: queued.length };
  });
  const summary = registerSummary(
    shown.map((s) => ({
      state: s.state,
      booking: {
        id: s.row.booking._id,
        paid: s.row.booking.paid ?? 0,
        owed: s.row.booking.owed ?? 0,
      },
      makeUp: s.row.makeUp,
    })),
    data.absences.length,
  );
  const mark = (row: RegisterRowDto, kind: MarkKind, collectedBy: string | null = null) =>
    enqueueMark(sessionId, {
      _id: newMarkId(),
      attendee: row.attendee._id,
      kind,
      at: new Date().toISOString(),
      collectedBy,
    });
  const when = `${clientDate(data.session.date, settings.dateFormat, locale)} · ${formatTimeRange(
    data.session.startTime,
    data.session.endTime,
  )}${data.session.venue ? ` · ${data.session.venue}` : ''}`;
  const cash = (minor: number) => money(minor, data.currency, settings.country);

  return (
    <div className="register">
      <div className="register-screen-only">
        <PageHeader
          title={`Register: ${data.session.activityGroup.name}`}
          description={when}
          actions={
            <>
              <ButtonLink to="/today" variant="secondary" size="sm">
                Today
              </ButtonLink>
              <Button variant="secondary" size="sm" onClick={() => window.print()}>
                Print
              </Button>
            </>
          }
        />
        <dl className="register-summary" aria-label="Register summary">
          <div>
            <dt>Booked</dt>
            <dd>{summary.booked}</dd>
          </div>
          <div>
            <dt>In now</dt>
            <dd>{summary.inNow}</dd>
          </div>
          <div>
            <dt>Late</dt>
            <dd>{summary.late}</dd>
          </div>
          <div>
            <dt>Absent</dt>
            <dd>{summary.absent}</dd>
          </div>
          <div>
            <dt>Out</dt>
            <dd>{summary.checkedOut}</dd>
          </div>
          <div>
            <dt>Not marked</dt>
            <dd>{summary.unmarked}</dd>
          </div>
          <div>
            <dt>Reported absent</dt>
            <dd>{summary.reportedAbsent}</dd>
          </div>
          {data.summary.owed !== undefined ? (
            <div>
              <dt>Owed</dt>
              <dd>{cash(summary.owed)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="register-sync" role="status" data-testid="register-sync">
          {mine.length === 0
            ? 'All marks saved.'
            : `${mine.length} ${mine.length === 1 ? 'mark' : 'marks'} saved on this device, waiting to send.`}
        </p>
        {outbox.refused.length > 0 ? (
          <Alert tone="error" title="Some marks were not saved">
            <ul>
              {outbox.refused.map((r) => (
                <li key={r.mark._id}>
                  {data.rows.find((row) => row.attendee._id === r.mark.attendee)?.attendee.name}:{' '}
                  {r.message}
                </li>
              ))}
            </ul>
            <Button variant="secondary" size="sm" onClick={dismissRefused}>
              Dismiss
            </Button>
          </Alert>
        ) : null}
        {shown.length === 0 ? (
          <p className="muted">Nobody is booked on this session.</p>
        ) : (
          <ul className="register-list">
            {shown.map((s) => (
              <RegisterRow
                key={s.row.attendee._id}
                shown={s}
                timeZone={timeZone}
                money={cash}
                onMark={(kind) => mark(s.row, kind)}
                onCheckOut={() => setCheckingOut(s.row)}
              />
            ))}
          </ul>
        )}
        <ReportedAbsences
          register={data}
          timeZone={timeZone}
          dateText={(date) => clientDate(date, settings.dateFormat, locale)}
        />
        <Button variant="link" onClick={() => setShowHistory((v) => !v)}>
          {showHistory ? 'Hide the history of marks' : 'Show the history of marks'}
        </Button>
        {showHistory ? <MarkHistory sessionId={sessionId} timeZone={timeZone} /> : null}
      </div>
      <PrintRegister
        title={data.session.activityGroup.name}
        when={when}
        shown={shown}
        timeZone={timeZone}
        money={cash}
        absent={data.absences.map((a) => a.attendee.name)}
      />
      <CheckOutDialog
        row={checkingOut}
        onClose={() => setCheckingOut(null)}
        onCheckOut={(row, collectedBy) => mark(row, 'checkedOut', collectedBy)}
      />
    </div>
  );
}
