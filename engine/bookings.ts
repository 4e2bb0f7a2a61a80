import {
  ageInMonths,
  isOutsideAgeRange,
  type PlaceRow,
  placeCounts,
  sessionAvailability,
  type WaitlistRow,
} from './availability.ts';
import { messages } from './messages.ts';
import { mulDiv } from './money.ts';
import type { AccountCreditEntry } from './pricing/types.ts';
import { isOutsideSchoolYears, type SchoolYearRange, schoolYearOn } from './school-year.ts';

/*
 * Booking rules the API applies inside its booking transaction: which payment methods a basket
 * may use, what state the new booking starts in, and whether the places it asks for still exist.
 */

export type BookingPaymentType = 'childcareVoucher' | 'payLater' | 'card';

/**
 * Why a payment method cannot be used for a basket, or null when it can. Nothing due now needs
 * no method (credit, passes, free tickets); otherwise pay later needs the organiser's consent,
 * a voucher one of the organiser's enabled providers and a card a connected, charging account.
 *
 * @example paymentMethodProblem({ amountDueNow: 1500, method: null, allowPayLater: true, voucherProviderIds: [], cardAvailable: false }) // 'Please choose how you would like to pay.'
 */
export function paymentMethodProblem(input: {
  amountDueNow: number;
  method: { type: BookingPaymentType; childcareVoucherProvider?: string | null } | null;
  allowPayLater: boolean;
  voucherProviderIds: readonly string[];
  cardAvailable: boolean;
  /** Instalments the payment schedule takes later (the price's `schedule`). */
  laterInstalments?: number;
}): string | null {
  // Later instalments are charged to the card saved at checkout; a voucher or "pay later" booking
  // would record instalments nobody collects.
  if ((input.laterInstalments ?? 0) > 0 && input.method?.type !== 'card')
    return input.cardAvailable ? messages.scheduleNeedsCard : messages.cardPaymentsUnavailable;
  if (input.amountDueNow <= 0) return null;
  const method = input.method;
  if (!method) return messages.paymentMethodRequired;
  if (method.type === 'payLater') return input.allowPayLater ? null : messages.payLaterNotAllowed;
  if (method.type === 'childcareVoucher')
    return method.childcareVoucherProvider &&
      input.voucherProviderIds.includes(method.childcareVoucherProvider)
      ? null
      : messages.voucherProviderUnavailable;
  return input.cardAvailable ? null : messages.cardPaymentsUnavailable;
}

export type NewBookingState = 'confirmed' | 'held' | 'awaiting_payment';

/**
 * The state a new booking starts in. Nothing to pay: confirmed. Card: held until the payment
 * succeeds or the hold expires. Voucher or pay later: awaiting payment, with its places kept
 * (confirmed places) until the organiser marks it paid or cancels it, because voucher money
 * takes days to arrive and a short hold would give the place away meanwhile.
 *
 * @example newBookingState(0, 'card') // 'confirmed'
 */
export function newBookingState(
  amountDueNow: number,
  method: BookingPaymentType | null | undefined,
  /**
   * The basket carries a membership or later instalments: with a card, the card must be saved
   * for them even when nothing is due today, so the booking is held until it is (issue 11).
   */
  recurring = false,
): { booking: NewBookingState; places: 'confirmed' | 'held' } {
  if (recurring && method === 'card') return { booking: 'held', places: 'held' };
  if (amountDueNow <= 0 || !method) return { booking: 'confirmed', places: 'confirmed' };
  if (method === 'card') return { booking: 'held', places: 'held' };
  return { booking: 'awaiting_payment', places: 'confirmed' };
}

/**
 * Open bookings awaiting an offline payment (voucher, pay later) one customer may have. Their
 * places are kept for good until the organiser marks them paid or cancels them, so without a cap
 * one account could empty every class for nothing. Ten covers a family booking each child into
 * several activities before the money arrives.
 */
export const MAX_OPEN_UNPAID_BOOKINGS = 10;

/**
 * Why a customer may not start one more booking awaiting payment, or null when they may. Only a
 * booking that would itself await payment counts: paying now, or nothing to pay, is never capped.
 *
 * @example unpaidBookingsProblem({ newState: 'awaiting_payment', openUnpaid: 10 }) // 'You already have 10 bookings …'
 */
export function unpaidBookingsProblem(input: {
  newState: NewBookingState;
  openUnpaid: number;
}): string | null {
  if (input.newState !== 'awaiting_payment') return null;
  return input.openUnpaid >= MAX_OPEN_UNPAID_BOOKINGS
    ? messages.tooManyOpenUnpaidBookings(MAX_OPEN_UNPAID_BOOKINGS)
    : null;
}

/**
 * The age-range verdict for one attendee on one activity group (docs/rules/forms-and-messages.md,
 * "Waitlist and booking warnings"). Age is measured on the group's first upcoming enabled session;
 * an unknown date of birth, or no upcoming session, passes. Outside the range is a notice, or a
 * block when the group blocks out-of-range attendees. The widget and the server both refuse a
 * blocked attendee to a customer; an admin only gets the warning (`adminBookingWarnings`).
 *
 * @example bookingAgeProblem({ dateOfBirth: '2024-01-01', sessions: [{ date: '2031-07-01' }], ageRange: { minMonths: 60, maxMonths: null }, blockOutOfRange: true })
 *   // { blocked: true, message: 'Sorry the attendee is outside the age range … cannot be booked.' }
 */
export function bookingAgeProblem(input: {
  dateOfBirth: string | null | undefined;
  sessions: readonly { date: string; enabled?: boolean }[];
  /** `yyyy-MM-dd` in the client's zone; sessions before it are past. Omit for upcoming-only lists. */
  today?: string;
  ageRange: { minMonths?: number | null; maxMonths?: number | null };
  /** UK school years (docs/rules/school-years.md), checked like the age range on the same day. */
  schoolYears?: SchoolYearRange | null;
  blockOutOfRange: boolean;
}): { blocked: boolean; message: string } | null {
  const today = input.today ?? '';
  const first = input.sessions
    .filter((s) => s.enabled !== false && s.date >= today)
    .map((s) => s.date)
    .sort()[0];
  if (!input.dateOfBirth || !first) return null;
  const age = ageInMonths(input.dateOfBirth, first);
  const year = schoolYearOn(input.dateOfBirth, first);
  const outside =
    isOutsideAgeRange(age, input.ageRange.minMonths, input.ageRange.maxMonths) ||
    isOutsideSchoolYears(year, input.schoolYears?.min, input.schoolYears?.max);
  if (!outside) return null;
  return input.blockOutOfRange
    ? { blocked: true, message: messages.ageRangeBlockedBooking }
    : { blocked: false, message: messages.ageRangeNotice };
}

/** One place a basket asks for. */
export interface PlaceRequest {
  sessionId: string;
  ticketId: string;
  attendeeId: string;
}

/** The places priced lines take: one per session of each line, for its attendee and ticket. */
export function placeRequests(
  lines: readonly { sessionIds: readonly string[]; ticketId: string; attendeeId: string }[],
): PlaceRequest[] {
  return lines.flatMap((line) =>
    line.sessionIds.map((sessionId) => ({
      sessionId,
      ticketId: line.ticketId,
      attendeeId: line.attendeeId,
    })),
  );
}

/**
 * The sessions a basket cannot have: more places asked for than are left, by the session's limit
 * or the ticket's per-session limit, counting confirmed places and unexpired holds, and leaving
 * active waitlist entries their claim (except the basket's own attendees' entries: a Ready
 * entry's booking is the place it was waiting for).
 *
 * @example capacityShortfalls({ requests: [{ sessionId: 's1', ticketId: 't1', attendeeId: 'a1' }], sessions: [{ _id: 's1', placeLimit: 0 }], tickets: [], places: [], waitlist: [], now }) // ['s1']
 */
export function capacityShortfalls(input: {
  requests: readonly PlaceRequest[];
  sessions: readonly { _id: string; placeLimit: number | null }[];
  tickets: readonly { _id: string; placeLimit: number | null }[];
  places: readonly PlaceRow[];
  waitlist: readonly WaitlistRow[];
  now: number;
}): string[] {
  const sessions = new Map(input.sessions.map((s) => [s._id, s]));
  const tickets = new Map(input.tickets.map((t) => [t._id, t]));
  const bySession = new Map<string, PlaceRequest[]>();
  for (const r of input.requests) {
    const list = bySession.get(r.sessionId) ?? [];
    list.push(r);
    bySession.set(r.sessionId, list);
  }
  const full: string[] = [];
  for (const [sessionId, requests] of bySession) {
    const attendees = new Set(requests.map((r) => r.attendeeId));
    const waitlist = input.waitlist.filter((w) => !w.attendeeId || !attendees.has(w.attendeeId));
    const perTicket = new Map<string, number>();
    for (const r of requests) perTicket.set(r.ticketId, (perTicket.get(r.ticketId) ?? 0) + 1);
    let short = false;
    for (const [ticketId, wanted] of perTicket) {
      const a = sessionAvailability({
        sessionId,
        placeLimit: sessions.get(sessionId)?.placeLimit ?? null,
        ticket: { _id: ticketId, placeLimit: tickets.get(ticketId)?.placeLimit ?? null },
        places: input.places,
        waitlist,
        now: input.now,
      });
      if (a.ticketPlacesLeft !== null && a.ticketPlacesLeft < wanted) short = true;
      if (a.sessionPlacesLeft !== null && a.sessionPlacesLeft < requests.length) short = true;
    }
    if (short) full.push(sessionId);
  }
  return full;
}

/**
 * The place requests of a basket that would book an attendee twice into one session: they
 * already have a place there (confirmed, or a hold still running), or the basket asks twice.
 *
 * @example doubleBookings([{ sessionId: 's1', ticketId: 't1', attendeeId: 'a1' }], [{ activityId: 's1', ticketId: 't2', attendeeId: 'a1', status: 'confirmed' }], now).length // 1
 */
export function doubleBookings(
  requests: readonly PlaceRequest[],
  places: readonly PlaceRow[],
  now: number,
): PlaceRequest[] {
  const taken = new Set(
    places
      .filter((p) => p.attendeeId && placeCounts(p, now))
      .map((p) => `${p.activityId}|${p.attendeeId}`),
  );
  const out: PlaceRequest[] = [];
  for (const r of requests) {
    const key = `${r.sessionId}|${r.attendeeId}`;
    if (taken.has(key)) out.push(r);
    taken.add(key);
  }
  return out;
}

/**
 * The customer's own holds that a new quote or booking of theirs replaces: holds not yet placed
 * (no payment method chosen: the payment step they went Back from, or left) that hold a place
 * for one of the basket's attendees in one of its sessions. Their places never stand against the
 * customer's own basket, neither as a double booking nor as a place taken; booking or holding
 * the basket gives them back first. Another customer's basket still counts them.
 *
 * @example supersededHolds([{ sessionId: 's1', ticketId: 't1', attendeeId: 'a1' }], [{ bookingId: 'b1', activityId: 's1', ticketId: 't1', attendeeId: 'a1', status: 'held', holdExpiresAt }], ['b1'], now) // ['b1']
 */
export function supersededHolds(
  requests: readonly PlaceRequest[],
  places: readonly PlaceRow[],
  ownUnplacedHolds: readonly string[],
  now: number,
): string[] {
  const own = new Set(ownUnplacedHolds);
  const wanted = new Set(requests.map((r) => `${r.sessionId}|${r.attendeeId}`));
  const out = new Set<string>();
  for (const p of places)
    if (
      p.bookingId &&
      own.has(p.bookingId) &&
      p.status === 'held' &&
      placeCounts(p, now) &&
      wanted.has(`${p.activityId}|${p.attendeeId}`)
    )
      out.add(p.bookingId);
  return [...out];
}

/**
 * What one booked item has been paid: its share (price after discounts) of what the booking
 * has received, so account credit and partial payments spread evenly and refunds never exceed
 * what came in.
 *
 * @example itemAmountPaid({ itemNet: 3000, bookingNet: 6000, bookingPaid: 6000 }) // 3000
 */
export function itemAmountPaid(input: {
  itemNet: number;
  bookingNet: number;
  bookingPaid: number;
}): number {
  if (input.bookingNet <= 0 || input.bookingPaid <= 0) return 0;
  const paid = Math.min(input.bookingPaid, input.bookingNet);
  return mulDiv(input.itemNet, paid, input.bookingNet);
}

/**
 * Splits an account-credit debit over the customer's credit pots (one per expiry date),
 * soonest-expiring first, so a debit never lowers credit that outlives the credit it spent.
 * Each debit entry carries the expiry of the pot it draws from.
 *
 * @example creditDebits([{ amount: 500, expiresAt: '2027-01-01T00:00:00Z' }, { amount: 800, expiresAt: null }], 600, now)
 *   // [{ amount: -500, expiresAt: '2027-01-01T00:00:00Z' }, { amount: -100, expiresAt: null }]
 */
export function creditDebits(
  entries: readonly AccountCreditEntry[],
  amount: number,
  now: number,
): AccountCreditEntry[] {
  const pots = new Map<string | null, number>();
  for (const e of entries) {
    if (e.expiresAt && Date.parse(e.expiresAt) <= now) continue;
    pots.set(e.expiresAt, (pots.get(e.expiresAt) ?? 0) + e.amount);
  }
  const order = [...pots].sort(([a], [b]) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1,
  );
  const out: AccountCreditEntry[] = [];
  let left = amount;
  for (const [expiresAt, balance] of order) {
    if (left <= 0) break;
    if (balance <= 0) continue;
    const take = Math.min(balance, left);
    out.push({ amount: -take, expiresAt });
    left -= take;
  }
  // The engine never applies more than the balance; anything left is a bug upstream, so take
  // it from the non-expiring pot rather than lose track of it.
  if (left > 0) out.push({ amount: -left, expiresAt: null });
  return out;
}
