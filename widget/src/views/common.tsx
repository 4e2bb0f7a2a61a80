/*
 * Pieces both the listing and the lazily loaded views use. Kept in the initial bundle, so a
 * later chunk imports them from the entry instead of carrying its own copy.
 */

import type { ActivityGroup, ClientSettings } from '../../../api-client/index.ts';
import { dateLabel, localeFor, money, timeRange } from '../format.ts';
import { createContext, useContext } from '../preact.ts';
import type { WidgetStore } from '../store.ts';
import { strings } from '../strings.ts';

export const StoreContext = createContext<WidgetStore | null>(null);

export function useStore(): WidgetStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('Classwise views render inside <StoreContext.Provider>');
  return store;
}

export type Ticket = ActivityGroup['tickets'][number];
export type Session = ActivityGroup['activities'][number];

/** Sessions in date and time order, whatever order the API sent. */
export const byStart = (a: Session, b: Session) =>
  a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);

/**
 * Pro-rata tickets carry an asterisk (docs/rules/screens.md); the legend explains it once per view.
 */
export const isProRata = (ticket: Ticket) => ticket.type === 'all' && ticket.shouldProRata;

export function TicketPrice({ ticket, settings }: { ticket: Ticket; settings: ClientSettings }) {
  const unit =
    ticket.type === 'single'
      ? strings.perSession
      : ticket.type === 'subscription'
        ? strings.perMonth
        : null;
  // Once a term has started a pro-rata ticket costs only its remaining sessions: show what the
  // parent will pay, and the full price beside it so the saving is plain.
  const reduced =
    isProRata(ticket) && ticket.proRataPrice != null && ticket.proRataPrice < ticket.price;
  const locale = localeFor(settings.country);
  return (
    <span className="cw-price">
      {reduced && <s className="cw-was">{money(ticket.price, settings.currency, locale)}</s>}
      {money(reduced ? ticket.proRataPrice! : ticket.price, settings.currency, locale)}
      {isProRata(ticket) ? '*' : ''}
      {unit && <span className="cw-unit">{unit}</span>}
      {reduced && (
        <span className="cw-unit">{strings.remainingSessions(ticket.remainingSessionsCount)}</span>
      )}
    </span>
  );
}

/**
 * A session as parents recognise it, and as the server's messages name it: weekday and date in
 * the organiser's format, then the times.
 *
 * @example sessionWhen(session, settings) // 'Wed 15/01/2025, 9am–3pm'
 */
export const sessionWhen = (
  session: Pick<Session, 'date' | 'startTime' | 'endTime'>,
  settings: ClientSettings,
) =>
  `${dateLabel(session.date, localeFor(settings.country))}, ${timeRange(session.startTime, session.endTime)}`;

/**
 * The full sessions that make a ticket unavailable, in date order: for an all-sessions or
 * subscription ticket, the sessions it needs with no place left for it (the server's
 * `fullSessions`, the rule booking applies), less any `kept` for this child by a waitlist offer.
 * A single-session ticket is never unavailable as a whole: its full sessions cannot be ticked.
 */
export function ticketFullSessions(
  ticket: Ticket,
  group: ActivityGroup,
  kept?: ReadonlySet<string>,
): Session[] {
  if (ticket.type === 'single') return [];
  const ids = new Set(ticket.fullSessions.filter((id) => !kept?.has(id)));
  return group.activities.filter((s) => ids.has(s._id)).sort(byStart);
}

/**
 * Says a ticket cannot be booked, naming the full session (and how many others), before a
 * parent picks it. Renders nothing for a ticket that can be booked.
 */
export function TicketUnavailable({
  ticket,
  group,
  settings,
  kept,
}: {
  ticket: Ticket;
  group: ActivityGroup;
  settings: ClientSettings;
  kept?: ReadonlySet<string>;
}) {
  const full = ticketFullSessions(ticket, group, kept);
  if (full.length === 0) return null;
  // A listing card carries its next sessions and the first full one only (issue 18): the others
  // are counted from the ticket's own list.
  const windowed =
    'sessionsTotal' in group && group.activities.length < (group.sessionsTotal as number);
  const others = (windowed ? ticket.fullSessions.filter((id) => !kept?.has(id)) : full).length - 1;
  return (
    <small className="cw-unavail">
      {strings.ticketUnavailable(sessionWhen(full[0], settings), others)}
    </small>
  );
}

/**
 * A session's places left as parents read them: 'Full', 'N places left', or nothing when the
 * session has no place limit (null). The element is always there, so the listing's date grid
 * keeps its columns.
 */
export function PlacesLeft({ left }: { left: number | null | undefined }) {
  return (
    <span className={left === 0 ? 'cw-left cw-full' : 'cw-left'}>
      {left == null ? '' : left === 0 ? strings.full : strings.placesLeft(left)}
    </span>
  );
}

/** A failure with its Retry button: by default it loads again whatever failed (store.ts). */
export function ErrorNotice({
  title,
  message,
  retry,
}: {
  title: string;
  message?: string;
  retry?: () => void;
}) {
  const { actions } = useStore();
  return (
    <div className="cw-error" role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      {message && <small>{message}</small>}
      <button type="button" className="cw-btn" onClick={retry ?? actions.retry}>
        {strings.retry}
      </button>
    </div>
  );
}

/** Placeholder lines; widths vary so the skeleton reads as text, not as boxes. */
export function SkeletonLines({ widths }: { widths: number[] }) {
  return (
    <>
      {widths.map((width, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed placeholder list never reorders.
        <span key={i} className="cw-skel" style={{ width: `${width}%` }} />
      ))}
    </>
  );
}

/** The group page's placeholder: shown while its chunk or its data is on the way. */
export function DetailSkeleton() {
  return (
    <div className="cw-detail cw-loading" aria-busy="true">
      <p className="cw-sr" role="status">
        {strings.loadingActivity}
      </p>
      <div className="cw-detail" aria-hidden="true">
        <SkeletonLines widths={[60, 30, 90, 85, 70]} />
      </div>
    </div>
  );
}
