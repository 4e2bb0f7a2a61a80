import { messages } from './messages.ts';
import {
  allowedSessions,
  isUpcoming,
  type LocalNow,
  priceLine,
  sortSessions,
} from './pricing/lines.ts';
import type { ActivityGroupRow, SessionRow } from './pricing/types.ts';

/** A place as booked: held places count until their hold expires (ISO instant). */
export interface PlaceRow {
  /** The booking the place belongs to (to tell a customer's own hold from other people's). */
  bookingId?: string;
  activityId: string;
  ticketId: string;
  attendeeId?: string;
  status: 'held' | 'confirmed' | 'cancelled' | 'expired' | 'absent';
  holdExpiresAt?: string | null;
  /**
   * How many identical places this row stands for (1 when absent). Loaders count places in the
   * database, one row per session, ticket, status and hold expiry, so a full session is a few
   * rows, not one per place (docs/architecture.md, Performance); this rule still decides which
   * of them take a place. A counted row has no booking or attendee: those come one per place,
   * only for the attendees a booking is about.
   */
  count?: number;
}

export type WaitlistStatus =
  | 'Waiting'
  | 'Pending'
  | 'Ready'
  | 'Used'
  | 'Expired'
  | 'Cancelled'
  | 'Archived';
/** docs/rules/editing-and-states.md: entries are active while Waiting, Pending or Ready. */
export const ACTIVE_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['Waiting', 'Pending', 'Ready'];

/**
 * Statuses in which the organiser or the system has offered a place to a waitlisted child: a
 * Pending offer is being made, a Ready one is sent and runs until its expiry. Only these keep a
 * place out of sale (docs/rules/places.md); a plain Waiting entry never does.
 */
export const OFFER_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['Pending', 'Ready'];

export interface WaitlistRow {
  attendeeId?: string;
  /**
   * The session the entry is for. null for an AllSessions entry, which waits for every session
   * of its group: such an entry keeps no place until `offersBySession` names its sessions.
   */
  activityId: string | null;
  status: WaitlistStatus;
  /** When a Ready offer runs out (ISO instant); null or absent while it has no end. */
  offerExpiresAt?: string | null;
}

/** Whether a place currently takes up capacity. */
export const placeCounts = (p: PlaceRow, now: number) =>
  p.status === 'confirmed' ||
  (p.status === 'held' && !!p.holdExpiresAt && Date.parse(p.holdExpiresAt) > now);

/**
 * Whether a waitlist entry is an offer that keeps a place now: Pending, or Ready and not yet
 * run out (the expiry job may not have run yet; like a hold, a lapsed offer stops counting at
 * once). Waiting and finished entries never do.
 *
 * @example offerCounts({ activityId: 's1', status: 'Waiting' }, now) // false
 */
export const offerCounts = (w: WaitlistRow, now: number) =>
  OFFER_WAITLIST_STATUSES.includes(w.status) &&
  !(w.status === 'Ready' && w.offerExpiresAt && Date.parse(w.offerExpiresAt) <= now);

/**
 * The offers that may keep places, one row per session: an offer for one session stays on it;
 * an AllSessions offer keeps a place on each of its own group's sessions given here (never on
 * another group's). Waiting and finished entries are dropped; a Ready offer's expiry is checked
 * against the clock by `sessionAvailability`. Loaders run this once, so every screen and
 * booking counts the same rows.
 *
 * @example offersBySession([{ activityGroupId: 'g1', activityId: null, status: 'Ready' }], [{ _id: 's1', groupId: 'g1' }, { _id: 's9', groupId: 'g2' }]) // [{ activityId: 's1', status: 'Ready' }]
 */
export function offersBySession(
  entries: readonly (WaitlistRow & { activityGroupId: string })[],
  sessions: readonly { _id: string; groupId: string }[],
): WaitlistRow[] {
  const ids = new Set(sessions.map((s) => s._id));
  const byGroup = new Map<string, string[]>();
  for (const s of sessions) byGroup.set(s.groupId, [...(byGroup.get(s.groupId) ?? []), s._id]);
  const out: WaitlistRow[] = [];
  for (const { activityGroupId, ...w } of entries) {
    if (!OFFER_WAITLIST_STATUSES.includes(w.status)) continue;
    if (w.activityId !== null) {
      if (ids.has(w.activityId)) out.push(w);
      continue;
    }
    for (const id of byGroup.get(activityGroupId) ?? []) out.push({ ...w, activityId: id });
  }
  return out;
}

export interface Availability {
  /** Places left for a new booking with this ticket; null when nothing limits it. */
  placesLeft: number | null;
  sessionPlacesLeft: number | null;
  ticketPlacesLeft: number | null;
  taken: number;
  takenWithTicket: number;
  /** Waitlist offers keeping a place on this session for someone else. */
  offered: number;
  /**
   * Active entries (Waiting, Pending, Ready) for this session or its group's AllSessions
   * waitlist, among the rows given: a count for the organiser; only `offered` takes places.
   */
  activeWaitlist: number;
  sessionLimitReached: boolean;
  ticketLimitReached: boolean;
  /**
   * Free places exist but waitlist offers keep all of them (docs/rules/forms-and-messages.md's
   * waitlist warning).
   */
  waitlistFillsPlaces: boolean;
}

/**
 * Places left in one session for one ticket: the one rule the listing, the activity page, the
 * waitlist form and booking all use. Confirmed places and unexpired holds count against the
 * session's place limit and (per session) the ticket's limit; so does a waitlist offer for this
 * session (Pending, or Ready until it runs out; pass AllSessions offers through
 * `offersBySession` first). A Waiting entry never counts. The offered child may take the place
 * kept for them: pass `forAttendeeId` so their own offer does not count against them.
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
    const n = p.count ?? 1;
    taken += n;
    if (input.ticket && p.ticketId === input.ticket._id) takenWithTicket += n;
  }
  const activeWaitlist = input.waitlist.filter(
    (w) =>
      ACTIVE_WAITLIST_STATUSES.includes(w.status) &&
      (w.activityId === null || w.activityId === input.sessionId),
  ).length;
  const offered = input.waitlist.filter(
    (w) =>
      w.activityId === input.sessionId &&
      offerCounts(w, input.now) &&
      (!input.forAttendeeId || w.attendeeId !== input.forAttendeeId),
  ).length;
  const limit = input.placeLimit ?? null;
  const free = limit === null ? null : Math.max(0, limit - taken);
  const sessionPlacesLeft = free === null ? null : Math.max(0, free - offered);
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
    offered,
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
 * The warnings an admin sees when booking on behalf of a user (docs/rules/forms-and-messages.md).
 * They are warnings, not errors: the admin may still book.
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
  // The spec's own notice, the same one the waitlist shows (docs/rules/forms-and-messages.md).
  if (input.outsideAgeRange)
    out.push({ code: 'outsideAgeRange', message: messages.ageRangeNotice });
  if (input.alreadyBookedWithTicket)
    out.push({ code: 'alreadyBookedWithTicket', message: messages.warnAlreadyBookedWithTicket });
  return out;
}

/**
 * The sessions a ticket cannot have a place in now, so the widget can say so before a parent
 * picks it (and booking refuses the same: both go through `sessionAvailability`). For an
 * all-sessions or subscription ticket these are the sessions it would book today (pricing's own
 * choice of sessions) with no place left for it: one of them makes the whole ticket unavailable.
 * For a single-session ticket they are its upcoming sessions with no place left, each refused
 * on its own. `forAttendeeId` lets a waitlist offer's child take the place kept for them.
 *
 * @example ticketFullSessions({ group, ticketId: 't-all', places, waitlist: [], now, localNow }) // ['s3']
 */
export function ticketFullSessions(input: {
  group: ActivityGroupRow;
  ticketId: string;
  places: readonly PlaceRow[];
  waitlist: readonly WaitlistRow[];
  now: number;
  localNow: LocalNow;
  forAttendeeId?: string;
}): string[] {
  const { group } = input;
  const ticket = group.tickets.find((t) => t._id === input.ticketId);
  if (!ticket) return [];
  let needed: readonly SessionRow[];
  if (ticket.type === 'single') {
    needed = allowedSessions(sortSessions(group.sessions), ticket).filter((s) =>
      isUpcoming(s, input.localNow),
    );
  } else {
    const priced = priceLine(
      { attendeeId: input.forAttendeeId ?? '', activityGroupId: group._id, ticketId: ticket._id },
      0,
      group,
      { now: input.localNow, planLevel: 0 },
    );
    if (!('line' in priced)) return [];
    const ids = new Set(priced.line.sessionIds);
    needed = group.sessions.filter((s) => ids.has(s._id));
  }
  return sortSessions(needed)
    .filter(
      (s) =>
        sessionAvailability({
          sessionId: s._id,
          placeLimit: s.placeLimit,
          ticket: { _id: ticket._id, placeLimit: ticket.placeLimit },
          places: input.places,
          waitlist: input.waitlist,
          now: input.now,
          forAttendeeId: input.forAttendeeId,
        }).placesLeft === 0,
    )
    .map((s) => s._id);
}
