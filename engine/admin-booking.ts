import {
  adminBookingWarnings,
  type BookingWarningCode,
  type PlaceRow,
  sessionAvailability,
  type WaitlistRow,
} from './availability.ts';
import type { PlaceRequest } from './bookings.ts';
import { messages } from './messages.ts';

/** The payment methods an admin may record: money changes hands offline, never by card. */
export const ADMIN_PAYMENT_TYPES = ['payLater', 'childcareVoucher'] as const;

/**
 * Why an admin cannot book with this payment method, or null. An admin books on behalf of a
 * customer who is not at the keyboard, so no card can be entered and no card is ever charged:
 * the booking is paid later, by childcare voucher, or costs nothing.
 *
 * @example adminPaymentMethodProblem({ type: 'card' }) // 'An admin booking is paid offline: …'
 */
export function adminPaymentMethodProblem(method: { type: string } | null | undefined) {
  if (!method) return null;
  return (ADMIN_PAYMENT_TYPES as readonly string[]).includes(method.type)
    ? null
    : messages.adminCardNotAllowed;
}

/** One limit a booking would go past: a session's place limit, or a ticket's limit on it. */
export interface OverCapacity {
  sessionId: string;
  limit: 'place' | 'ticket';
  /** The ticket whose limit it is; null for the session's own place limit. */
  ticketId: string | null;
  /** The limit. */
  max: number;
  /** Places counting against that limit once this booking is made. */
  after: number;
}

/**
 * Every place or ticket limit a basket would go past, counting all its attendees and sessions
 * together: two children booked into a session with one place left is one over, although
 * each child alone would fit. Uses the engine's own availability rule (held and confirmed
 * places count; places the availability rule keeps for the waitlist are not free), so it
 * agrees with what a customer would be refused.
 *
 * @example basketOverCapacity({ requests: [{ sessionId: 's', ticketId: 't', attendeeId: 'a' }, { sessionId: 's', ticketId: 't', attendeeId: 'b' }], sessions: [{ _id: 's', placeLimit: 8 }], tickets: [], places: sevenConfirmed, waitlist: [], now }) // [{ sessionId: 's', limit: 'place', ticketId: null, max: 8, after: 9 }]
 */
export function basketOverCapacity(input: {
  requests: readonly PlaceRequest[];
  sessions: readonly { _id: string; placeLimit: number | null | undefined }[];
  tickets: readonly { _id: string; placeLimit: number | null | undefined }[];
  places: readonly PlaceRow[];
  waitlist: readonly WaitlistRow[];
  now: number;
}): OverCapacity[] {
  const out: OverCapacity[] = [];
  const bySession = new Map<string, PlaceRequest[]>();
  for (const r of input.requests)
    bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
  for (const [sessionId, requests] of bySession) {
    const attendees = new Set(requests.map((r) => r.attendeeId));
    // An attendee of this booking does not wait against their own place.
    const waitlist = input.waitlist.filter((w) => !w.attendeeId || !attendees.has(w.attendeeId));
    const session = input.sessions.find((s) => s._id === sessionId);
    const placeLimit = session?.placeLimit ?? null;
    const perTicket = new Map<string, number>();
    for (const r of requests) perTicket.set(r.ticketId, (perTicket.get(r.ticketId) ?? 0) + 1);
    let placeOver = false;
    for (const [ticketId, wanted] of perTicket) {
      const ticketLimit = input.tickets.find((t) => t._id === ticketId)?.placeLimit ?? null;
      const a = sessionAvailability({
        sessionId,
        placeLimit,
        ticket: { _id: ticketId, placeLimit: ticketLimit },
        places: input.places,
        waitlist,
        now: input.now,
      });
      if (ticketLimit !== null && a.ticketPlacesLeft !== null && a.ticketPlacesLeft < wanted)
        out.push({
          sessionId,
          limit: 'ticket',
          ticketId,
          max: ticketLimit,
          after: a.takenWithTicket + wanted,
        });
      if (
        !placeOver &&
        placeLimit !== null &&
        a.sessionPlacesLeft !== null &&
        a.sessionPlacesLeft < requests.length
      ) {
        placeOver = true;
        out.push({
          sessionId,
          limit: 'place',
          ticketId: null,
          max: placeLimit,
          after: a.taken + requests.length,
        });
      }
    }
  }
  return out;
}

/**
 * An admin's warnings for one basket line: the engine's `adminBookingWarnings`, plus a reached
 * place or ticket limit when this booking as a whole would go past it on one of the line's
 * sessions (the per-line availability alone only sees a limit already reached).
 *
 * @example adminLineWarnings({ availability, missingRequiredInfo: false, outsideAgeRange: false, alreadyBookedWithTicket: false }, { ticketId: 't', sessionIds: ['s'] }, over)
 */
export function adminLineWarnings(
  input: Parameters<typeof adminBookingWarnings>[0],
  line: { ticketId: string; sessionIds: readonly string[] },
  over: readonly OverCapacity[],
) {
  const warnings = adminBookingWarnings(input);
  const mine = over.filter((o) => line.sessionIds.includes(o.sessionId));
  const has = (code: BookingWarningCode) => warnings.some((w) => w.code === code);
  const extra: typeof warnings = [];
  if (!has('ticketLimitReached') && mine.some((o) => o.ticketId === line.ticketId))
    extra.push({ code: 'ticketLimitReached', message: messages.warnTicketLimitReached });
  if (!has('placeLimitReached') && mine.some((o) => o.limit === 'place'))
    extra.push({ code: 'placeLimitReached', message: messages.warnPlaceLimitReached });
  return [...extra, ...warnings];
}
