import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { priceBasket } from './basket.ts';
import { group, rule, settings } from './fixtures.test-helpers.ts';
import type { PriceInput } from './types.ts';

// 2025-01-10 12:00 London; g1's drop-in is 10.00 a session, sessions g1s2… are still to come.
const now = Date.parse('2025-01-10T12:00:00Z');
const welcome = rule({
  _id: 'welcome',
  name: 'Welcome',
  type: 'Code',
  code: 'WELCOME',
  codeUsage: 'AllActivities',
  unit: 'Percentage',
  percentage: 20,
  onlyAllowForUserFirstBooking: true,
});
const basket = (confirmedBookings: number, over: Partial<PriceInput> = {}) =>
  priceBasket({
    groups: [group('g1', '2025-01-06', 5)],
    lines: [
      { attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s2'] },
    ],
    rules: [welcome],
    code: 'WELCOME',
    history: { confirmedBookings, redemptions: {} },
    now,
    settings,
    ...over,
  });

describe('a first-booking-only code', () => {
  it('takes 20% off for a customer with no earlier booking', () => {
    const r = basket(0);
    expect(r.code).toEqual({ code: 'WELCOME', applied: true, message: null });
    expect(r.discountTotal).toBe(200);
    expect(r.total).toBe(800);
  });

  it('is refused, with the spec message, once the customer has one earlier booking', () => {
    const r = basket(1);
    expect(r.code).toEqual({
      code: 'WELCOME',
      applied: false,
      message: messages.codeFirstBookingOnly,
    });
    expect(r.discountTotal).toBe(0);
    expect(r.total).toBe(1000);
  });

  it('is refused for a customer with many earlier bookings', () => {
    expect(basket(7).code?.message).toBe(messages.codeFirstBookingOnly);
  });

  it('counts a guest without a history as a first booking', () => {
    expect(basket(0, { history: undefined }).discountTotal).toBe(200);
  });

  it('an ordinary code does not care how many bookings came before', () => {
    const r = basket(1, { rules: [{ ...welcome, onlyAllowForUserFirstBooking: false }] });
    expect(r.code?.applied).toBe(true);
    expect(r.discountTotal).toBe(200);
  });
});
