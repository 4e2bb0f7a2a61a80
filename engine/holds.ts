import { formatTimeRange } from './dates.ts';
import { clientDate } from './display.ts';
import { messages } from './messages.ts';

/*
 * How long a basket's places are kept before the money arrives (docs/rules/holds.md). A hold
 * starts when the parent reaches the payment step, whatever they will pay with, and lasts the
 * organiser's hold minutes. Placing the booking then keeps it held (card: until paid), confirms it
 * (nothing to pay) or turns it into 'awaiting payment' (voucher, Tax-Free Childcare, pay later),
 * which keeps the places until the organiser marks it paid or the organiser's deadline passes.
 */

/** Days an offline payment may take before its places go back on sale (organisation setting). */
export const UNPAID_RELEASE_DAYS = { default: 7, min: 1, max: 60 } as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * When a hold taken now ends.
 *
 * @example holdExpiresAt(Date.parse('2026-01-10T10:00:00Z'), 15) // '2026-01-10T10:15:00.000Z'
 */
export const holdExpiresAt = (now: number, holdMinutes: number): string =>
  new Date(now + holdMinutes * MINUTE).toISOString();

/**
 * When a booking awaiting an offline payment, placed now, gives its places back unless paid.
 *
 * @example paymentDueAt(Date.parse('2026-01-10T10:00:00Z'), 7) // '2026-01-17T10:00:00.000Z'
 */
export const paymentDueAt = (now: number, days: number): string =>
  new Date(now + days * DAY).toISOString();

/** The parts of a booking the release rule reads. */
export interface ReleasableBooking {
  status: string;
  holdExpiresAt: string | null;
  paymentDueAt: string | null;
}

/**
 * Whether a booking's places are due to go back on sale now: 'hold' for a hold whose time is up,
 * 'unpaid' for a booking awaiting payment past its deadline, null otherwise. A deadline reached
 * exactly is past: the organiser said "within 7 days".
 *
 * @example releaseDue({ status: 'held', holdExpiresAt: '2026-01-10T10:15:00Z', paymentDueAt: null }, Date.parse('2026-01-10T10:15:00Z')) // 'hold'
 */
export function releaseDue(booking: ReleasableBooking, now: number): 'hold' | 'unpaid' | null {
  if (booking.status === 'held' && booking.holdExpiresAt)
    return Date.parse(booking.holdExpiresAt) <= now ? 'hold' : null;
  if (booking.status === 'awaiting_payment' && booking.paymentDueAt)
    return Date.parse(booking.paymentDueAt) <= now ? 'unpaid' : null;
  return null;
}

/**
 * Why a held basket cannot be placed (a payment method chosen for it), or null when it can: it
 * must still be a hold nobody has placed, and its time must not be up.
 *
 * @example placeHoldProblem({ status: 'held', paymentMethod: null, holdExpiresAt: '2026-01-10T10:15:00Z' }, Date.parse('2026-01-10T10:16:00Z')) // messages.holdExpired
 */
export function placeHoldProblem(
  booking: { status: string; paymentMethod: string | null; holdExpiresAt: string | null },
  now: number,
): string | null {
  if (booking.status === 'expired') return messages.holdExpired;
  if (booking.status !== 'held' || booking.paymentMethod) return messages.bookingAlreadyPlaced;
  if (!booking.holdExpiresAt || Date.parse(booking.holdExpiresAt) <= now)
    return messages.holdExpired;
  return null;
}

/**
 * A session as a parent recognises it: its date in the organiser's format and its times.
 *
 * @example sessionLabel({ date: '2026-12-02', startTime: '10:00', endTime: '12:00' }, 'dd/MM/yyyy', 'en-GB') // 'Wed 02/12/2026, 10am–12pm'
 */
export const sessionLabel = (
  session: { date: string; startTime: string; endTime: string },
  dateFormat: string,
  locale: string,
): string =>
  `${clientDate(session.date, dateFormat, locale)}, ${formatTimeRange(session.startTime, session.endTime)}`;

/**
 * The capacity error of a basket, naming every session that went (in date order), so the parent
 * knows which one to untick.
 *
 * @example fullSessionsMessage([{ date: '2026-12-02', startTime: '10:00', endTime: '12:00' }], 'dd/MM/yyyy', 'en-GB')
 *   // 'Sorry, there are no places left for this session: Wed 02/12/2026, 10am–12pm.'
 */
export function fullSessionsMessage(
  sessions: readonly { date: string; startTime: string; endTime: string }[],
  dateFormat: string,
  locale: string,
): string {
  const sorted = [...sessions].sort((a, b) =>
    `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`),
  );
  return messages.sessionFullNamed(sorted.map((s) => sessionLabel(s, dateFormat, locale)));
}
