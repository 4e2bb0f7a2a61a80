import {
  ACTIVE_WAITLIST_STATUSES,
  isOutsideAgeRange,
  type WaitlistStatus,
} from './availability.ts';
import { messages } from './messages.ts';
import { isOutsideSchoolYears, type SchoolYearRange } from './school-year.ts';

export type { WaitlistStatus } from './availability.ts';
export const WAITLIST_STATUSES: readonly WaitlistStatus[] = [
  'Waiting',
  'Pending',
  'Ready',
  'Used',
  'Expired',
  'Cancelled',
  'Archived',
];

/**
 * Allowed status changes. docs/rules/editing-and-states.md lists the values but not the moves;
 * ours: Waiting → Pending when a place frees up and an offer is being made; Pending → Ready when
 * the offer is sent and the place held; Ready → Used when the attendee books it. Pending/Ready go
 * back to Waiting if the place is taken back (e.g. the booking that freed it is restored).
 * Pending/Ready → Expired when the offer lapses; any active entry → Cancelled by the customer
 * or admin; any finished entry → Archived to tidy lists. Archived is final.
 */
export const WAITLIST_TRANSITIONS: Readonly<Record<WaitlistStatus, readonly WaitlistStatus[]>> = {
  Waiting: ['Pending', 'Cancelled', 'Archived'],
  Pending: ['Ready', 'Waiting', 'Expired', 'Cancelled', 'Archived'],
  Ready: ['Used', 'Waiting', 'Expired', 'Cancelled', 'Archived'],
  Used: ['Archived'],
  Expired: ['Archived'],
  Cancelled: ['Archived'],
  Archived: [],
};

/**
 * Checks a waitlist status change; returns the error message or null when allowed.
 *
 * @example waitlistTransitionError('Waiting', 'Used') // 'A waitlist entry cannot move from Waiting to Used.'
 */
export function waitlistTransitionError(from: WaitlistStatus, to: WaitlistStatus): string | null {
  return WAITLIST_TRANSITIONS[from]?.includes(to)
    ? null
    : messages.waitlistTransitionNotAllowed(from, to);
}

/**
 * Whether an entry is active (Waiting, Pending or Ready).
 *
 * @example isActiveWaitlistStatus('Ready') // true
 */
export const isActiveWaitlistStatus = (s: WaitlistStatus) => ACTIVE_WAITLIST_STATUSES.includes(s);

export interface WaitlistJoinInput {
  group: {
    waitlistType: 'AllSessions' | 'SingleSession';
    minAgeMonths?: number | null;
    maxAgeMonths?: number | null;
    /** UK school years (docs/rules/school-years.md), checked like the age range. */
    schoolYears?: SchoolYearRange | null;
    blockOutOfRange?: boolean;
    /**
     * `placesLeft` is the session's places left for a new booking (`sessionAvailability`, as the
     * listing shows it); null when nothing limits it.
     */
    sessions: readonly {
      _id: string;
      date: string;
      startTime: string;
      enabled: boolean;
      placesLeft: number | null;
    }[];
  };
  /** `schoolYear` on the first session's date (engine `schoolYearOn`), when known. */
  attendees: readonly { _id: string; ageMonths?: number | null; schoolYear?: number | null }[];
  /** The chosen attendee (default: the first). */
  attendeeId?: string;
  /** Session ids the attendee already has a place in. */
  bookedSessionIds: readonly string[];
  /** The attendee's entries for this group. */
  entries: readonly { activityId: string | null; status: WaitlistStatus }[];
  /** The client-zone wall clock of now. */
  now: { date: string; time: string };
}

/** Why a session cannot be ticked: booked already, joined already, or not full. */
export type WaitlistClosedReason = 'booked' | 'joined' | 'hasPlaces';

export interface WaitlistJoinView {
  attendeeId: string | null;
  sessions: {
    _id: string;
    disabled: boolean;
    badge: string | null;
    reason: WaitlistClosedReason | null;
  }[];
  notice: string | null;
  error: string | null;
  /** Why sessions with places left are not offered; null when every session is full. */
  note: string | null;
  canJoin: boolean;
}

/**
 * What the customer's waitlist join form shows (docs/rules/screens.md,
 * docs/rules/forms-and-messages.md): one checkbox per upcoming enabled session, disabled with
 * 'Already booked' or 'Joined waitlist'; the age notice, or the block when the activity refuses
 * out-of-range attendees; and the form-level messages. Only a full session can be waitlisted
 * (docs/rules/places.md): one with places left is disabled with its places left, and `note` says
 * why. For an AllSessions waitlist the attendee joins once for the whole group, and only while a
 * session they have not booked is full.
 *
 * @example waitlistJoinView(input).error // 'No sessions available to join.'
 */
export function waitlistJoinView(input: WaitlistJoinInput): WaitlistJoinView {
  const empty = (
    error: string | null,
    attendeeId: string | null = null,
    notice: string | null = null,
  ): WaitlistJoinView => ({ attendeeId, sessions: [], notice, error, note: null, canJoin: false });
  if (input.attendees.length === 0) return empty(messages.userHasNoAttendees);
  const attendee = input.attendees.find((a) => a._id === input.attendeeId) ?? input.attendees[0];
  const { group } = input;
  let notice: string | null = null;
  const outsideYears =
    attendee.schoolYear != null &&
    isOutsideSchoolYears(attendee.schoolYear, group.schoolYears?.min, group.schoolYears?.max);
  if (
    isOutsideAgeRange(attendee.ageMonths, group.minAgeMonths, group.maxAgeMonths) ||
    outsideYears
  ) {
    if (group.blockOutOfRange) return empty(messages.ageRangeBlocked, attendee._id);
    notice = messages.ageRangeNotice;
  }
  const active = input.entries.filter((e) => isActiveWaitlistStatus(e.status));
  if (group.waitlistType === 'AllSessions' && active.some((e) => e.activityId === null)) {
    return empty(messages.alreadyOnWaitlist, attendee._id, notice);
  }
  const upcoming = group.sessions
    .filter(
      (s) =>
        s.enabled &&
        (s.date > input.now.date || (s.date === input.now.date && s.startTime > input.now.time)),
    )
    .sort((a, b) => (a.date + a.startTime < b.date + b.startTime ? -1 : 1));
  if (upcoming.length === 0) return empty(messages.noSessionsToJoin, attendee._id, notice);
  const booked = new Set(input.bookedSessionIds);
  const joined = new Set(active.map((e) => e.activityId));
  const sessions = upcoming.map((s) => {
    const reason: WaitlistClosedReason | null = booked.has(s._id)
      ? 'booked'
      : joined.has(s._id)
        ? 'joined'
        : s.placesLeft !== 0
          ? 'hasPlaces'
          : null;
    const badge =
      reason === 'booked'
        ? messages.badgeAlreadyBooked
        : reason === 'joined'
          ? messages.badgeJoinedWaitlist
          : reason === 'hasPlaces'
            ? messages.badgePlacesLeft(s.placesLeft)
            : messages.badgeFull;
    return { _id: s._id, disabled: reason !== null, badge, reason };
  });
  const open = sessions.some((s) => !s.disabled);
  // An AllSessions waitlist that can be joined needs no excuse for the sessions with places.
  const note =
    sessions.some((s) => s.reason === 'hasPlaces') &&
    (group.waitlistType === 'SingleSession' || !open)
      ? messages.waitlistOnlyFull
      : null;
  // Every session booked or joined already: the spec's own message for that; otherwise nothing
  // is full enough to wait for.
  const error = open
    ? null
    : group.waitlistType === 'SingleSession' && sessions.every((s) => s.reason !== 'hasPlaces')
      ? messages.joinedEveryWaitlist
      : messages.noSessionsToJoin;
  return {
    attendeeId: attendee._id,
    // An AllSessions waitlist is joined as a whole: its rows are shown, never ticked.
    sessions:
      group.waitlistType === 'AllSessions'
        ? sessions.map((s) => ({ ...s, disabled: true }))
        : sessions,
    notice,
    error,
    note,
    canJoin: open,
  };
}

/**
 * The server's answer to a join request for sessions the form would not offer: the first one
 * asked for that has places left is named (`label` formats it), otherwise the session is gone.
 *
 * @example waitlistJoinRefusal(view, ['s1'], (id) => 'Mon 13 Jan, 9am–3pm') // 'Mon 13 Jan, 9am–3pm still has places left, …'
 */
export function waitlistJoinRefusal(
  view: WaitlistJoinView,
  activityIds: readonly string[],
  label: (sessionId: string) => string,
): string | null {
  for (const id of activityIds) {
    const s = view.sessions.find((x) => x._id === id);
    if (!s) return messages.sessionUnavailable;
    if (s.reason === 'hasPlaces') return messages.waitlistSessionHasPlaces(label(id));
    if (s.disabled) return messages.sessionUnavailable;
  }
  return null;
}

/** Spec-less defaults (ours): an offer keeps the place for 48 hours, at most a week. */
export const DEFAULT_OFFER_HOURS = 48;
export const MAX_OFFER_HOURS = 168;

/**
 * The steps of a status change as the admin asks for it. "Offer a place" is a move to Ready
 * (the place is held for the attendee); from Waiting it passes through Pending, so both moves are
 * checked against the transitions. Returns the error of the first refused step.
 *
 * @example waitlistMoveSteps('Waiting', 'Ready') // { steps: ['Pending', 'Ready'], error: null }
 */
export function waitlistMoveSteps(
  from: WaitlistStatus,
  to: WaitlistStatus,
): { steps: WaitlistStatus[]; error: string | null } {
  const steps: WaitlistStatus[] =
    from === 'Waiting' && to === 'Ready' ? ['Pending', 'Ready'] : [to];
  let at = from;
  for (const step of steps) {
    const error = waitlistTransitionError(at, step);
    if (error) return { steps: [], error: messages.waitlistTransitionNotAllowed(from, to) };
    at = step;
  }
  return { steps, error: null };
}

/**
 * When an offer made now runs out, or the error for hours outside 1–168 (whole hours).
 *
 * @example offerExpiresAt(Date.parse('2031-01-01T00:00:00Z')) // { expiresAt: '2031-01-03T00:00:00.000Z', error: null }
 */
export function offerExpiresAt(
  now: number,
  hours: number = DEFAULT_OFFER_HOURS,
): { expiresAt: string | null; error: string | null } {
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_OFFER_HOURS)
    return { expiresAt: null, error: messages.offerHoursRange };
  return { expiresAt: new Date(now + hours * 3_600_000).toISOString(), error: null };
}
