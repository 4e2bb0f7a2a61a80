import { messages } from './messages.ts';

/** A place as booked: held places count until their hold expires (ISO instant). */
export interface PlaceRow {
  activityId: string;
  ticketId: string;
  attendeeId?: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired';
  holdExpiresAt?: string | null;
}

export type WaitlistStatus =
  | 'Waiting'
  | 'Pending'
  | 'Ready'
  | 'Used'
  | 'Expired'
  | 'Cancelled'
  | 'Archived';
/** Spec §4: entries are active while Waiting, Pending or Ready. */
export const ACTIVE_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['Waiting', 'Pending', 'Ready'];

export interface WaitlistRow {
  attendeeId?: string;
  /** null for an AllSessions entry, which waits for every session of the group. */
  activityId: string | null;
  status: WaitlistStatus;
}

/** Whether a place currently takes up capacity. */
export const placeCounts = (p: PlaceRow, now: number) =>
  p.status === 'confirmed' ||
  (p.status === 'held' && !!p.holdExpiresAt && Date.parse(p.holdExpiresAt) > now);

export interface Availability {
  /** Places left for a new booking with this ticket; null when nothing limits it. */
  placesLeft: number | null;
  sessionPlacesLeft: number | null;
  ticketPlacesLeft: number | null;
  taken: number;
  takenWithTicket: number;
  activeWaitlist: number;
  sessionLimitReached: boolean;
  ticketLimitReached: boolean;
  /** Free places exist but active waitlist entries have first claim on them. */
  waitlistFillsPlaces: boolean;
}

/**
 * Places left in one session for one ticket. Confirmed places and unexpired holds count against
 * the session's place limit and (per session) the ticket's limit; active waitlist entries
 * (Waiting, Pending, Ready) for the session or for all sessions have first claim on free places.
 * A Ready entry's own booking is the one place it may take: pass `forAttendeeId` to not count
 * that attendee's own waitlist entry against them.
 *
 * @example sessionAvailability({ sessionId: 's1', placeLimit: 10, places: [], waitlist: [], now }).placesLeft // 10
 */
export function sessionAvailability(input: {
  sessionId: string;
  placeLimit: number | null | undefined;
  ticket?: { _id: string; placeLimit: number | null | undefined } | null;
  places: readonly PlaceRow[];
  waitlist: readonly WaitlistRow[];
  now: number;
  forAttendeeId?: string;
}): Availability {
  let taken = 0;
  let takenWithTicket = 0;
  for (const p of input.places) {
    if (p.activityId !== input.sessionId || !placeCounts(p, input.now)) continue;
    taken++;
    if (input.ticket && p.ticketId === input.ticket._id) takenWithTicket++;
  }
  const activeWaitlist = input.waitlist.filter(
    (w) =>
      ACTIVE_WAITLIST_STATUSES.includes(w.status) &&
      (w.activityId === null || w.activityId === input.sessionId) &&
      (!input.forAttendeeId || w.attendeeId !== input.forAttendeeId),
  ).length;
  const limit = input.placeLimit ?? null;
  const free = limit === null ? null : Math.max(0, limit - taken);
  const sessionPlacesLeft = free === null ? null : Math.max(0, free - activeWaitlist);
  const ticketLimit = input.ticket?.placeLimit ?? null;
  const ticketPlacesLeft = ticketLimit === null ? null : Math.max(0, ticketLimit - takenWithTicket);
  const placesLeft =
    sessionPlacesLeft === null
      ? ticketPlacesLeft
      : ticketPlacesLeft === null
        ? sessionPlacesLeft
        : Math.min(sessionPlacesLeft, ticketPlacesLeft);
  return {
    placesLeft,
    sessionPlacesLeft,
    ticketPlacesLeft,
    taken,
    takenWithTicket,
    activeWaitlist,
    sessionLimitReached: free === 0,
    ticketLimitReached: ticketPlacesLeft === 0,
    waitlistFillsPlaces: free !== null && free > 0 && sessionPlacesLeft === 0,
  };
}

/**
 * Whether an attendee's age in months is outside an activity's range (inclusive bounds; a
 * missing bound is open). An unknown age is not outside: the organiser asked for no age.
 *
 * @example isOutsideAgeRange(50, 60, 120) // true
 */
export function isOutsideAgeRange(
  ageMonths: number | null | undefined,
  min: number | null | undefined,
  max: number | null | undefined,
): boolean {
  if (ageMonths == null) return false;
  return (min != null && ageMonths < min) || (max != null && ageMonths > max);
}

/**
 * Age in whole months on a date, from a `yyyy-MM-dd` date of birth. Age is measured on the
 * activity's first session date (pass it as `onDate`), as organisers set ranges for the term.
 *
 * @example ageInMonths('2020-05-15', '2025-05-14') // 59
 */
export function ageInMonths(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}

export type BookingWarningCode =
  | 'ticketLimitReached'
  | 'placeLimitReached'
  | 'waitlistFillsPlaces'
  | 'missingRequiredInfo'
  | 'outsideAgeRange'
  | 'alreadyBookedWithTicket';

/**
 * The warnings an admin sees when booking on behalf of a user (spec §5). They are warnings, not
 * errors: the admin may still book.
 *
 * @example adminBookingWarnings({ availability, missingRequiredInfo: true, outsideAgeRange: false, alreadyBookedWithTicket: false })
 */
export function adminBookingWarnings(input: {
  availability: readonly Availability[];
  missingRequiredInfo: boolean;
  outsideAgeRange: boolean;
  alreadyBookedWithTicket: boolean;
}): { code: BookingWarningCode; message: string }[] {
  const out: { code: BookingWarningCode; message: string }[] = [];
  const any = (f: (a: Availability) => boolean) => input.availability.some(f);
  if (any((a) => a.ticketLimitReached))
    out.push({ code: 'ticketLimitReached', message: messages.warnTicketLimitReached });
  if (any((a) => a.sessionLimitReached))
    out.push({ code: 'placeLimitReached', message: messages.warnPlaceLimitReached });
  if (any((a) => a.waitlistFillsPlaces))
    out.push({ code: 'waitlistFillsPlaces', message: messages.warnWaitlistFillsPlaces });
  if (input.missingRequiredInfo)
    out.push({ code: 'missingRequiredInfo', message: messages.warnMissingRequiredInfo });
  if (input.outsideAgeRange)
    out.push({ code: 'outsideAgeRange', message: messages.warnOutsideAgeRange });
  if (input.alreadyBookedWithTicket)
    out.push({ code: 'alreadyBookedWithTicket', message: messages.warnAlreadyBookedWithTicket });
  return out;
}
