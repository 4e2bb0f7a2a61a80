/*
 * Absences and make-up credits in My bookings (docs/rules/make-ups.md). "Report absence" on an
 * upcoming session asks the server what it would do (the engine's rule: a credit, or why not),
 * then reports it; the place goes back on sale. The credits panel lists the family's absences
 * and, for each credit, the sessions it can book now, booked with one click at no charge. Part
 * of the My bookings chunk, so the initial widget bundle does not grow.
 */
import { useState } from 'react';
import type { ClientSettings } from '../../../../api-client/index.ts';
import { dateLabel, localeFor, timeRange } from '../../format.ts';
import { useStore } from '../common.tsx';
import { Alert, failureText, LoadFailed, StepSkeleton, useLoad } from '../ui.tsx';

/** What reporting would do (engine absenceOutcome). */
type AbsenceQuote =
  | { ok: false; message: string }
  | { ok: true; credit: boolean; expiresAt: string | null; note: string };

interface MakeUpSession {
  _id: string;
  date: string;
  startTime: string;
  endTime: string;
  activityGroup: { _id: string; name: string };
  placesLeft?: number | null;
}

interface Absence {
  _id: string;
  place: string;
  attendee: { _id: string; name: string };
  session: MakeUpSession;
  reportedAt: string;
  credit: null | {
    expiresAt: string;
    usedAt: string | null;
    usable: boolean;
    makeUp: null | { booking: string; session: MakeUpSession };
  };
}

/** Texts of absences and make-ups (ours; the spec names none). */
export const makeUpText = {
  reportAbsence: 'Report absence',
  reportAbsenceLabel: (what: string) => `Report absence: ${what}`,
  absenceIntro:
    'Tell the organiser your child will miss this session. Their place is offered to someone else.',
  confirmAbsence: 'Report absence',
  keep: 'Back',
  reported: 'Absence reported.',
  reportedWithCredit: (name: string, by: string) =>
    `Absence reported. ${name} has a make-up credit to use by ${by}.`,
  creditUntil: (by: string) => `Earns a make-up credit, to use by ${by}.`,
  heading: 'Absences and make-ups',
  absent: 'Absence reported',
  credit: (by: string) => `Make-up credit: use by ${by}`,
  creditExpired: 'Make-up credit expired',
  madeUp: (what: string) => `Make-up booked: ${what}`,
  noCredit: 'No make-up credit',
  bookMakeUp: 'Book a make-up',
  bookMakeUpLabel: (name: string) => `Book a make-up for ${name}`,
  chooseSession: 'Choose a session with room. The make-up place is free.',
  noSessions: 'No session this credit can book has room at the moment.',
  book: 'Book',
  bookLabel: (what: string) => `Book make-up: ${what}`,
  placesLeft: (n: number) => `${n} ${n === 1 ? 'place' : 'places'} left`,
  booked: (name: string, what: string) => `Make-up booked for ${name}: ${what}.`,
} as const;

const sessionText = (s: MakeUpSession, locale: string) =>
  `${s.activityGroup.name} · ${dateLabel(s.date, locale)} ${timeRange(s.startTime, s.endTime)}`;

/**
 * The confirmation under a session's row: what reporting would do, then Report absence.
 *
 * @example <AbsencePanel placeId={place._id} name="Ada" settings={settings} onClose={close} onReported={say} />
 */
export function AbsencePanel({
  placeId,
  name,
  settings,
  onClose,
  onReported,
}: {
  placeId: string;
  name: string;
  settings: ClientSettings;
  onClose: () => void;
  onReported: (message: string) => void;
}) {
  const { api } = useStore();
  const locale = localeFor(settings.country);
  const quote = useLoad(
    () => api.post<AbsenceQuote>('/api/make-ups/absence-quote', { place: placeId }),
    `absence:${placeId}`,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (quote.state.status === 'loading') return <StepSkeleton />;
  if (quote.state.status === 'error')
    return <LoadFailed error={quote.state.error} retry={quote.reload} />;
  const q = quote.state.data;
  const by = (iso: string) => dateLabel(iso.slice(0, 10), locale);
  const report = async () => {
    setBusy(true);
    setError(null);
    try {
      const made = await api.post<{ credit: boolean; expiresAt: string | null }>(
        '/api/make-ups/absences',
        { place: placeId },
      );
      onReported(
        made.credit && made.expiresAt
          ? makeUpText.reportedWithCredit(name, by(made.expiresAt))
          : makeUpText.reported,
      );
    } catch (e) {
      setError(failureText(e));
      setBusy(false);
    }
  };
  return (
    <section className="cw-cancel" aria-label={makeUpText.reportAbsence}>
      <Alert>{error}</Alert>
      {q.ok ? (
        <>
          <p className="cw-note">{makeUpText.absenceIntro}</p>
          <p className="cw-note">
            {q.credit && q.expiresAt ? makeUpText.creditUntil(by(q.expiresAt)) : q.note}
          </p>
        </>
      ) : (
        <p className="cw-note">{q.message}</p>
      )}
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={onClose} disabled={busy}>
          {makeUpText.keep}
        </button>
        {q.ok && (
          <button type="button" className="cw-btn" onClick={report} disabled={busy}>
            {makeUpText.confirmAbsence}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The family's reported absences and make-up credits, each usable credit with its sessions.
 * Shows nothing until there is an absence. `version` changes when My bookings changed.
 *
 * @example <MakeUpCredits userId={user._id} version={n} settings={settings} onBooked={say} />
 */
export function MakeUpCredits({
  userId,
  version,
  settings,
  onBooked,
}: {
  userId: string;
  version: number;
  settings: ClientSettings;
  onBooked: (message: string) => void;
}) {
  const { api } = useStore();
  const locale = localeFor(settings.country);
  const list = useLoad(
    () => api.get<{ absences: Absence[] }>('/api/make-ups'),
    `makeups:${userId}:${version}`,
  );
  const [open, setOpen] = useState<string | null>(null);
  if (list.state.status !== 'ready') return null;
  const today = new Date().toISOString().slice(0, 10);
  const shown = list.state.data.absences.filter(
    (a) =>
      a.session.date >= today ||
      a.credit?.usable ||
      (a.credit?.makeUp && a.credit.makeUp.session.date >= today),
  );
  if (shown.length === 0) return null;
  return (
    <section className="cw-panel" aria-label={makeUpText.heading}>
      <h4>{makeUpText.heading}</h4>
      <ul className="cw-lines">
        {shown.map((a) => (
          <li key={a._id} className="cw-booked">
            <div className="cw-spread">
              <span>
                <strong>{a.attendee.name}</strong> · {sessionText(a.session, locale)}
                <small>{makeUpText.absent}</small>
                <small>
                  {!a.credit
                    ? makeUpText.noCredit
                    : a.credit.makeUp
                      ? makeUpText.madeUp(sessionText(a.credit.makeUp.session, locale))
                      : a.credit.usable
                        ? makeUpText.credit(dateLabel(a.credit.expiresAt.slice(0, 10), locale))
                        : makeUpText.creditExpired}
                </small>
              </span>
              {a.credit?.usable && open !== a._id && (
                <button
                  type="button"
                  className="cw-btn cw-btn-quiet"
                  aria-label={makeUpText.bookMakeUpLabel(a.attendee.name)}
                  onClick={() => setOpen(a._id)}
                >
                  {makeUpText.bookMakeUp}
                </button>
              )}
            </div>
            {open === a._id && (
              <MakeUpPicker
                absence={a}
                locale={locale}
                onClose={() => setOpen(null)}
                onBooked={(message) => {
                  setOpen(null);
                  list.reload();
                  onBooked(message);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The sessions one credit can book now, each with its Book button. */
function MakeUpPicker({
  absence,
  locale,
  onClose,
  onBooked,
}: {
  absence: Absence;
  locale: string;
  onClose: () => void;
  onBooked: (message: string) => void;
}) {
  const { api } = useStore();
  const sessions = useLoad(
    () =>
      api.get<MakeUpSession[]>(`/api/make-ups/credits/${encodeURIComponent(absence._id)}/sessions`),
    `makeup-sessions:${absence._id}`,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sessions.state.status === 'loading') return <StepSkeleton />;
  if (sessions.state.status === 'error')
    return <LoadFailed error={sessions.state.error} retry={sessions.reload} />;
  const book = async (session: MakeUpSession) => {
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/make-ups/bookings', { credit: absence._id, session: session._id });
      onBooked(makeUpText.booked(absence.attendee.name, sessionText(session, locale)));
    } catch (e) {
      setError(failureText(e));
      setBusy(false);
      sessions.reload();
    }
  };
  const list = sessions.state.data;
  return (
    <section className="cw-cancel" aria-label={makeUpText.bookMakeUp}>
      <Alert>{error}</Alert>
      <p className="cw-note">
        {list.length === 0 ? makeUpText.noSessions : makeUpText.chooseSession}
      </p>
      <ul className="cw-lines">
        {list.map((s) => (
          <li key={s._id} className="cw-spread">
            <span>
              {sessionText(s, locale)}
              {typeof s.placesLeft === 'number' && (
                <small className="cw-count">{makeUpText.placesLeft(s.placesLeft)}</small>
              )}
            </span>
            <button
              type="button"
              className="cw-btn cw-btn-quiet"
              aria-label={makeUpText.bookLabel(sessionText(s, locale))}
              disabled={busy}
              onClick={() => book(s)}
            >
              {makeUpText.book}
            </button>
          </li>
        ))}
      </ul>
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={onClose} disabled={busy}>
          {makeUpText.keep}
        </button>
      </div>
    </section>
  );
}
