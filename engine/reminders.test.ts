import { describe, expect, it } from 'vitest';
import {
  offerReminderAt,
  paymentChased,
  paymentReminderAt,
  sessionReminderDue,
} from './reminders.ts';

const H = 3_600_000;

describe('offerReminderAt', () => {
  it('reminds 12 hours before a day-or-longer offer lapses', () => {
    expect(offerReminderAt(1000, 1000 + 48 * H)).toBe(1000 + 36 * H);
    expect(offerReminderAt(0, 24 * H)).toBe(12 * H);
    expect(offerReminderAt(0, 168 * H)).toBe(156 * H);
  });

  it('reminds halfway through a shorter offer, and not at all under 2 hours', () => {
    expect(offerReminderAt(0, 6 * H)).toBe(3 * H);
    expect(offerReminderAt(0, 2 * H)).toBe(H);
    expect(offerReminderAt(0, 2 * H - 1)).toBeNull();
    expect(offerReminderAt(0, H)).toBeNull();
  });
});

describe('sessionReminderDue', () => {
  const start = 100 * H;
  it('is due from 24 hours before the start until the start', () => {
    expect(sessionReminderDue({ start, bookedAt: 0, now: 76 * H - 1 })).toBe(false);
    expect(sessionReminderDue({ start, bookedAt: 0, now: 76 * H })).toBe(true);
    expect(sessionReminderDue({ start, bookedAt: 0, now: start - 1 })).toBe(true);
    expect(sessionReminderDue({ start, bookedAt: 0, now: start })).toBe(false);
  });

  it('is not sent for a place booked within those 24 hours, and follows the hours asked', () => {
    expect(sessionReminderDue({ start, bookedAt: 80 * H, now: 90 * H })).toBe(false);
    expect(sessionReminderDue({ start, bookedAt: 0, now: 90 * H, hoursBefore: 2 })).toBe(false);
    expect(sessionReminderDue({ start, bookedAt: 0, now: 98 * H, hoursBefore: 2 })).toBe(true);
  });
});

describe('payment reminder', () => {
  const DAY = 86_400_000;
  it('goes 2 days before an offline payment deadline', () => {
    expect(paymentReminderAt(0, 7 * DAY)).toBe(5 * DAY);
    expect(paymentReminderAt(0, 2 * DAY + 1)).toBe(1);
  });
  it('is not sent for a deadline 2 days or less away: the confirmation gives the date', () => {
    expect(paymentReminderAt(0, 2 * DAY)).toBeNull();
    expect(paymentReminderAt(0, DAY)).toBeNull();
  });
});

describe('paymentChased', () => {
  it('chases voucher and Tax-Free Childcare payments, not pay later or card', () => {
    expect(paymentChased('childcareVoucher')).toBe(true);
    expect(paymentChased('payLater')).toBe(false);
    expect(paymentChased('card')).toBe(false);
    expect(paymentChased(null)).toBe(false);
  });
});
