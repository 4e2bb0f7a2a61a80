/*
 * How the Bookings screens name what the API stores: statuses, payment methods, sessions.
 */
import type { Booking } from '../../../../api-client/index.ts';
import {
  bookingReference,
  formatCivilDate,
  formatTime,
  formatTimeRange,
  formatInstant as instantIn,
} from '../../../../engine/index.ts';
import type { BadgeTone } from '../../components/Badge.tsx';

export const BOOKING_STATUSES = [
  'held',
  'awaiting_payment',
  'confirmed',
  'cancelled',
  'expired',
] as const;

const STATUS_LABELS: Record<string, string> = {
  held: 'Held',
  awaiting_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
const STATUS_TONES: Record<string, BadgeTone> = {
  held: 'info',
  awaiting_payment: 'warning',
  confirmed: 'success',
  cancelled: 'danger',
  expired: 'neutral',
};

/** @example statusLabel('awaiting_payment') // 'Awaiting payment' */
export const statusLabel = (status: string) =>
  STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
export const statusTone = (status: string): BadgeTone => STATUS_TONES[status] ?? 'neutral';

/** Offline payments are the ones an admin confirms by hand when the money arrives. */
const OFFLINE_METHODS = new Set(['childcareVoucher', 'payLater']);

/** Whether 'Mark as paid' applies: an offline payment still awaited. */
export const canMarkPaid = (booking: Booking) =>
  booking.status === 'awaiting_payment' &&
  !!booking.paymentMethod &&
  OFFLINE_METHODS.has(booking.paymentMethod.type);

/**
 * A basket held at the payment step has no method until the parent places it (issue 11), so
 * no method reads 'Nothing to pay' only when nothing was due.
 *
 * @example paymentMethodLabel({ type: 'childcareVoucher', childcareVoucherProvider: { name: 'Tax-Free Childcare' } }) // 'Childcare voucher · Tax-Free Childcare'
 * @example paymentMethodLabel(null, { amountDueNow: 3000 }) // 'Not chosen'
 */
export function paymentMethodLabel(
  method: Booking['paymentMethod'],
  booking?: Pick<Booking, 'amountDueNow'>,
): string {
  if (!method) return booking && booking.amountDueNow > 0 ? 'Not chosen' : 'Nothing to pay';
  switch (method.type) {
    case 'childcareVoucher':
      return method.childcareVoucherProvider
        ? `Childcare voucher · ${method.childcareVoucherProvider.name}`
        : 'Childcare voucher';
    case 'payLater':
      return 'Pay later';
    case 'card':
      return 'Card';
    default:
      return method.type;
  }
}

/** @example sessionLabel({ date: '2026-03-07', startTime: '15:30', endTime: '16:30' }, 'dd/MM/yyyy') // '07/03/2026 · 3.30pm–4.30pm' */
export const sessionLabel = (
  s: { date: string; startTime: string; endTime?: string },
  dateFormat: string,
) =>
  `${formatCivilDate(s.date, dateFormat)} · ${s.endTime ? formatTimeRange(s.startTime, s.endTime) : formatTime(s.startTime)}`;

/** Distinct attendee names of a booking, in item order. */
export const attendeeNames = (booking: Booking) => [
  ...new Set(booking.items.map((item) => item.attendee.name)),
];

/** The booking number parents quote and organisers search by (engine rule). */
export const bookingRef = bookingReference;

/**
 * An instant as organisers read it in their own zone and country's order (engine `formatInstant`).
 *
 * @example formatInstant('2026-11-23T18:30:00Z', 'Europe/London', 'en-GB') // '23 Nov 2026, 18:30'
 */
export const formatInstant = (iso: string, timeZone: string | undefined, locale: string) =>
  instantIn(iso, locale, timeZone);

export interface ItemLine {
  key: string;
  label: string;
  attendees: number;
  places: number;
  addOns: number;
}

/**
 * A booking's items folded per activity and ticket, for a list cell: two children on the same
 * ticket read as one line with two attendees.
 *
 * @example itemLines(booking) // [{ label: 'Junior Football · Pay as you go', attendees: 2, places: 4, addOns: 4 }]
 */
export function itemLines(booking: Booking): ItemLine[] {
  const lines = new Map<string, ItemLine & { names: Set<string> }>();
  for (const item of booking.items) {
    const key = `${item.activityGroup._id}:${item.ticket._id}`;
    const line = lines.get(key) ?? {
      key,
      label: `${item.activityGroup.name} · ${item.ticket.name}`,
      attendees: 0,
      places: 0,
      addOns: 0,
      names: new Set<string>(),
    };
    line.names.add(item.attendee._id);
    line.attendees = line.names.size;
    line.places += item.places.length;
    line.addOns += item.addOns.length;
    lines.set(key, line);
  }
  return [...lines.values()].map(({ names: _, ...line }) => line);
}

/** @example counted(2, 'session') // '2 sessions' */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Sessions in the order they happen. */
export const byStart = <T extends { activity: { date: string; startTime: string } }>(
  rows: readonly T[],
): T[] =>
  [...rows].sort((a, b) =>
    `${a.activity.date} ${a.activity.startTime}`.localeCompare(
      `${b.activity.date} ${b.activity.startTime}`,
    ),
  );

/**
 * What the organiser needs to know about an offline payment's deadline (issue 11): when an
 * awaiting booking's places go back on sale, or that an expired one was released unpaid.
 * Null for other bookings.
 *
 * @example paymentDeadlineNote({ status: 'expired', paymentDueAt: '2031-07-08T09:00:00Z' }) // 'Not paid by 8 Jul 2031, 10:00: its places were released.'
 */
export function paymentDeadlineNote(
  booking: Pick<Booking, 'status' | 'paymentDueAt'>,
  timeZone: string | undefined,
  locale: string,
): string | null {
  if (!booking.paymentDueAt) return null;
  const when = formatInstant(booking.paymentDueAt, timeZone, locale);
  if (booking.status === 'awaiting_payment')
    return `Payment due by ${when}; unpaid by then, its places are released.`;
  if (booking.status === 'expired') return `Not paid by ${when}: its places were released.`;
  return null;
}
