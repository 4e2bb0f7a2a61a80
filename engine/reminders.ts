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
