/*
 * Organiser notifications (docs/rules/messages.md): each admin chooses for themselves which
 * e-mails about their organisation they get: a new booking, a cancellation, a failed payment,
 * and a daily digest of tomorrow's sessions. Pure.
 */
import { addDays, zonedParts } from './dates.ts';

/** The choices, as the 'My notifications' card and the API name them. */
export const ADMIN_NOTIFICATION_KEYS = [
  'newBooking',
  'cancellation',
  'paymentFailed',
  'dailyDigest',
] as const;
export type AdminNotificationKey = (typeof ADMIN_NOTIFICATION_KEYS)[number];
export type AdminNotificationChoices = Record<AdminNotificationKey, boolean>;

/** What each choice is called on the card. */
export const adminNotificationLabels: Record<AdminNotificationKey, string> = {
  newBooking: 'A new booking',
  cancellation: 'A cancellation',
  paymentFailed: 'A failed card or subscription payment',
  dailyDigest: "A daily digest of tomorrow's sessions, with numbers booked",
};

/** The message kind each choice sends. */
export const ADMIN_NOTICE_KIND = {
  newBooking: 'admin-new-booking',
  cancellation: 'admin-cancellation',
  paymentFailed: 'admin-payment-failed',
  dailyDigest: 'admin-daily-digest',
} as const satisfies Record<AdminNotificationKey, string>;

/** When the digest of tomorrow's sessions goes out, on the organiser's clock. */
export const DIGEST_SEND_TIME = '17:00';

/**
 * The date whose sessions the digest due at `now` covers, or null before the day's send time on
 * the organiser's clock. The same date all evening, so one digest per admin per day however
 * often the hourly sweep runs.
 *
 * @example digestDateDue(Date.parse('2031-01-06T17:30:00Z'), 'Europe/London') // '2031-01-07'
 * @example digestDateDue(Date.parse('2031-01-06T09:00:00Z'), 'Europe/London') // null
 */
export function digestDateDue(now: number, timeZone: string): string | null {
  const { date, time } = zonedParts(now, timeZone);
  return time >= DIGEST_SEND_TIME ? addDays(date, 1) : null;
}

/**
 * A session's numbers as the digest shows them: '7 / 12 booked', or '7 booked (no limit)'.
 *
 * @example digestNumbers(7, 12) // '7 / 12 booked'
 */
export function digestNumbers(booked: number, capacity: number | null): string {
  return capacity === null ? `${booked} booked (no limit)` : `${booked} / ${capacity} booked`;
}
