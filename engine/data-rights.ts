/*
 * An organiser's duties to one customer's personal data: what blocks erasing them, what the
 * anonymised record says, and the audit log's vocabulary. docs/rules/data-rights.md says why.
 */

/** What an erased customer's user row and messages show instead of their name and e-mail. */
export const ERASED_NAME = 'Erased customer';

/**
 * The e-mail an erased customer's row keeps: unique per user (the column is unique per
 * organiser), on the reserved `.invalid` domain so no mail can ever reach it, and naming nobody.
 *
 * @example erasedEmail('6740a1c2f3b9d84e1a2c3b4d') // 'erased-6740a1c2f3b9d84e1a2c3b4d@erased.invalid'
 */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;

/** Whether a user's e-mail is an erased customer's placeholder. @example isErasedEmail('a@b.test') // false */
export const isErasedEmail = (email: string) => email.endsWith('@erased.invalid');

/** One of the customer's bookings as the erase check needs it. */
export interface EraseBookingView {
  status: 'held' | 'awaiting_payment' | 'confirmed' | 'cancelled' | 'expired';
  /** Amount still owed (minor units): total less what was paid. */
  owed: number;
  /** The last date (yyyy-MM-dd) of a place still booked on it, or null when none is left. */
  lastSessionDate: string | null;
}

/**
 * Why a customer cannot be erased yet, or null. An organiser expects to settle a customer's open
 * business first: a booking still held or awaiting payment, money still owed, or a place on a
 * session today or later would otherwise leave a register row, a reminder or a debt with no name
 * to act on. Cancelled and past bookings never block: their money records are kept anonymised.
 *
 * @example eraseBlocker([{ status: 'confirmed', owed: 0, lastSessionDate: '2027-01-02' }], '2026-11-25') // 'This customer has 1 upcoming or unpaid booking. …'
 */
export function eraseBlocker(bookings: EraseBookingView[], today: string): string | null {
  const open = bookings.filter(
    (b) =>
      b.status === 'held' ||
      b.status === 'awaiting_payment' ||
      (b.status === 'confirmed' &&
        (b.owed > 0 || (b.lastSessionDate !== null && b.lastSessionDate >= today))),
  ).length;
  if (open === 0) return null;
  return `This customer has ${open} upcoming or unpaid booking${open === 1 ? '' : 's'}. Cancel ${
    open === 1 ? 'it' : 'them'
  } (or wait until ${open === 1 ? 'it is' : 'they are'} over and paid) before erasing the customer.`;
}

/** What the audit log records actions on; a refund's subject id is its booking's. */
export const AUDIT_SUBJECT_TYPES = ['booking', 'refund', 'customer', 'settings'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** Every action the audit log records, with the label the dashboard shows. */
export const AUDIT_ACTIONS = {
  'booking.created': 'Booking created for a customer',
  'booking.cancelled': 'Places cancelled',
  'booking.markedPaid': 'Booking marked as paid',
  'booking.moved': 'Booking moved',
  'refund.created': 'Refund given',
  'customer.edited': 'Customer details edited',
  'customer.exported': 'Customer data exported',
  'customer.erased': 'Customer erased',
  'settings.organisation': 'Organisation settings changed',
  'settings.payments': 'Payment settings changed',
  'settings.mail': 'Mail settings changed',
  'settings.makeUps': 'Make-up rule changed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** @example auditActionLabel('customer.erased') // 'Customer erased' */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
