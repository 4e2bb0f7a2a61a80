/*
 * When scheduled messages go out. Pure: instants in, instants out (ms since the epoch).
 */

const HOUR = 3_600_000;

/** How long before a waitlist offer lapses its reminder is sent, for offers of a day or more. */
export const OFFER_REMINDER_HOURS_BEFORE = 12;

/**
 * When to remind a parent that their waitlist offer is about to lapse: 12 hours before it does,
 * or halfway through an offer shorter than a day (so a 2-hour offer is reminded after 1 hour).
 * An offer of under 2 hours gets no reminder: the offer e-mail itself is the reminder.
 *
 * @example offerReminderAt(0, 48 * 3_600_000) // 36 * 3_600_000
 * @example offerReminderAt(0, 2 * 3_600_000) // 3_600_000
 */
export function offerReminderAt(offeredAt: number, expiresAt: number): number | null {
  const length = expiresAt - offeredAt;
  if (length < 2 * HOUR) return null;
  if (length >= 24 * HOUR) return expiresAt - OFFER_REMINDER_HOURS_BEFORE * HOUR;
  return offeredAt + Math.floor(length / 2);
}

/** How long before a booked session its reminder goes out (issue 12: 24 hours by default). */
export const SESSION_REMINDER_HOURS_BEFORE = 24;

/**
 * Whether a booked session's reminder is due at `now`: from `hoursBefore` ahead of the start until
 * the start, and only for places booked before that point (a place booked later has just had its
 * confirmation, which says the same).
 *
 * @example sessionReminderDue({ start: 48 * 3_600_000, bookedAt: 0, now: 24 * 3_600_000 }) // true
 */
export function sessionReminderDue({
  start,
  bookedAt,
  now,
  hoursBefore = SESSION_REMINDER_HOURS_BEFORE,
}: {
  start: number;
  bookedAt: number;
  now: number;
  hoursBefore?: number;
}): boolean {
  const at = start - hoursBefore * HOUR;
  return now >= at && now < start && bookedAt <= at;
}

/** How long before an offline payment's deadline the parent is reminded (issue 12). */
export const PAYMENT_REMINDER_DAYS_BEFORE = 2;

/**
 * When to remind a parent that a booking awaiting a voucher, Tax-Free Childcare or pay-later
 * payment is released unpaid at `dueAt`: 2 days before. None when that moment is not after
 * `placedAt` (a deadline of 2 days or less): the confirmation, just sent, gives the date.
 *
 * @example paymentReminderAt(0, 7 * 86_400_000) // 5 * 86_400_000
 * @example paymentReminderAt(0, 2 * 86_400_000) // null
 */
export function paymentReminderAt(placedAt: number, dueAt: number): number | null {
  const at = dueAt - PAYMENT_REMINDER_DAYS_BEFORE * 24 * HOUR;
  return at > placedAt ? at : null;
}

/**
 * Whether a booking's offline payment is chased by e-mail (the reminder and the release notice):
 * a childcare voucher or Tax-Free Childcare payment, which the parent must set in motion through a
 * scheme; not pay later, which the organiser collects in person (docs/decisions.md).
 *
 * @example paymentChased('childcareVoucher') // true
 */
export function paymentChased(method: string | null): boolean {
  return method === 'childcareVoucher';
}
