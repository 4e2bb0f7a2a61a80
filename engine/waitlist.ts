import {
  ACTIVE_WAITLIST_STATUSES,
  isOutsideAgeRange,
  type WaitlistStatus,
} from './availability.ts';
import { messages } from './messages.ts';

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
 * Allowed status changes. Spec §4 lists the values but not the moves; ours:
 * Waiting → Pending when a place frees up and an offer is being made; Pending → Ready when the
 * offer is sent and the place held; Ready → Used when the attendee books it. Pending/Ready go
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
    blockOutOfRange?: boolean;
    sessions: readonly { _id: string; date: string; startTime: string; enabled: boolean }[];
  };
  attendees: readonly { _id: string; ageMonths?: number | null }[];
  /** The chosen attendee (default: the first). */
  attendeeId?: string;
  /** Session ids the attendee already has a place in. */
  bookedSessionIds: readonly string[];
  /** The attendee's entries for this group. */
  entries: readonly { activityId: string | null; status: WaitlistStatus }[];
  /** The client-zone wall clock of now. */
  now: { date: string; time: string };
}

export interface WaitlistJoinView {
  attendeeId: string | null;
  sessions: { _id: string; disabled: boolean; badge: string | null }[];
  notice: string | null;
  error: string | null;
  canJoin: boolean;
}

/**
 * What the customer's waitlist join form shows (spec §2, §5): one checkbox per upcoming enabled
 * session, disabled with 'Already booked' or 'Joined waitlist'; the age notice, or the block
 * when the activity refuses out-of-range attendees; and the form-level messages. For an
 * AllSessions waitlist the attendee joins once for the whole group. Sessions are offered
 * whether or not they are full today, since places can free up before the date.
 *
 * @example waitlistJoinView(input).error // 'No sessions available to join.'
 */
export function waitlistJoinView(input: WaitlistJoinInput): WaitlistJoinView {
  const empty = (
    error: string | null,
    attendeeId: string | null = null,
    notice: string | null = null,
  ): WaitlistJoinView => ({ attendeeId, sessions: [], notice, error, canJoin: false });
  if (input.attendees.length === 0) return empty(messages.userHasNoAttendees);
  const attendee = input.attendees.find((a) => a._id === input.attendeeId) ?? input.attendees[0];
  const { group } = input;
  let notice: string | null = null;
  if (isOutsideAgeRange(attendee.ageMonths, group.minAgeMonths, group.maxAgeMonths)) {
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
    const badge = booked.has(s._id)
      ? messages.badgeAlreadyBooked
      : joined.has(s._id)
        ? messages.badgeJoinedWaitlist
        : null;
    return { _id: s._id, disabled: badge !== null, badge };
  });
  const open = sessions.some((s) => !s.disabled);
  const error = open
    ? null
    : group.waitlistType === 'AllSessions'
      ? messages.noSessionsToJoin
      : messages.joinedEveryWaitlist;
  return { attendeeId: attendee._id, sessions, notice, error, canJoin: open };
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
