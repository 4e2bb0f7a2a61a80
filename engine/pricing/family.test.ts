import { describe, expect, it } from 'vitest';
import { priceBasket } from './basket.ts';
import { group, rule, settings } from './fixtures.test-helpers.ts';
import type { PriceInput } from './types.ts';

// 2025-01-10 12:00 London. g1: 5 weekly sessions from Mon 2025-01-06 (one past), so its £200.00
// term ticket is £160.00 pro rata (4 of 5); its membership is £40.00 a month with an £8.00 cover
// fee for each of the 3 sessions left in January (£24.00 now). g2 starts 2025-01-13.
const now = Date.parse('2025-01-10T12:00:00Z');
const g1 = group('g1', '2025-01-06', 5);
const g2 = group('g2', '2025-01-13', 4);
const names = { ann: 'Ann', ben: 'Ben', cat: 'Cat' };
const base = (over: Partial<PriceInput>): PriceInput => ({
  groups: [g1, g2],
  lines: [],
  now,
  settings,
  attendeeNames: names,
  ...over,
});
const siblings = (over: Parameters<typeof rule>[0] extends infer R ? Partial<R> : never = {}) =>
  rule({
    _id: 'sib',
    name: 'Siblings',
    type: 'MultiAttendee',
    sessionsOption: 'SameActivity',
    activityGroups: ['g1', 'g2'],
    unit: 'PercentageAdditionalAttendee',
    percentageAdditionalAttendee: 10,
    ...over,
  });
const term = (attendeeId: string, g = 'g1') => ({
  attendeeId,
  activityGroupId: g,
  ticketId: `${g}-all`,
});

describe('sibling discount across checkouts', () => {
  it('a second checkout for a brother gets the discount when his sister is booked already', () => {
    const r = priceBasket(
      base({
        rules: [siblings()],
        lines: [term('ben')],
        familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g1' }],
      }),
    );
    expect(r.subtotal).toBe(16000);
    expect(r.discounts).toEqual([
      expect.objectContaining({
        ruleName: 'Siblings',
        reason: 'Ben: a brother or sister is already booked',
        amount: 1600,
        allocations: [{ lineKey: 0, amount: 1600 }],
      }),
    ]);
    expect(r.total).toBe(14400);
    expect(r.amountDueNow).toBe(14400);
  });

  it('without a sibling booked, one child pays full price', () => {
    const r = priceBasket(base({ rules: [siblings()], lines: [term('ben')], familyBookings: [] }));
    expect(r.discounts).toEqual([]);
    expect(r.total).toBe(16000);
  });

  it('the same child booked earlier is not a sibling', () => {
    const r = priceBasket(
      base({
        rules: [siblings({ sessionsOption: 'MultipleActivities' })],
        lines: [term('ann', 'g1')],
        familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g2' }],
      }),
    );
    expect(r.discountTotal).toBe(0);
  });

  it('SameActivity counts a sibling on the same activity only; MultipleActivities on any of the rule', () => {
    const earlier = [{ attendeeId: 'ann', activityGroupId: 'g2' }];
    const same = priceBasket(
      base({ rules: [siblings()], lines: [term('ben', 'g1')], familyBookings: earlier }),
    );
    expect(same.discountTotal).toBe(0);
    const across = priceBasket(
      base({
        rules: [siblings({ sessionsOption: 'MultipleActivities' })],
        lines: [term('ben', 'g1')],
        familyBookings: earlier,
      }),
    );
    expect(across.discountTotal).toBe(1600);
    // An activity the rule does not cover never makes a sibling.
    const outside = priceBasket(
      base({
        rules: [siblings({ sessionsOption: 'MultipleActivities', activityGroups: ['g1'] })],
        lines: [term('ben', 'g1')],
        familyBookings: earlier,
      }),
    );
    expect(outside.discountTotal).toBe(0);
  });

  it('with a sibling booked, every child in the new basket is an additional attendee', () => {
    const r = priceBasket(
      base({
        rules: [siblings()],
        lines: [term('ben'), term('cat')],
        familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g1' }],
      }),
    );
    expect(r.discounts.map((d) => [d.reason, d.amount])).toEqual([
      ['Ben: a brother or sister is already booked', 1600],
      ['Cat: a brother or sister is already booked', 1600],
    ]);
    expect(r.total).toBe(28800);
  });

  it('rounds a percentage to the penny, half up: 15% of £19.99 is £3.00', () => {
    const odd = group('g1', '2025-01-06', 5, {
      tickets: g1.tickets.map((t) => (t.type === 'single' ? { ...t, price: 1999 } : t)),
    });
    const r = priceBasket(
      base({
        groups: [odd, g2],
        rules: [siblings({ percentageAdditionalAttendee: 15 })],
        lines: [
          { attendeeId: 'ben', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s2'] },
        ],
        familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g1' }],
      }),
    );
    expect(r.discountTotal).toBe(300);
    expect(r.total).toBe(1699);
  });

  it('a fixed amount per additional attendee is taken once per child, never above the price', () => {
    const fixed = siblings({
      unit: 'AmountAdditionalAttendee',
      percentageAdditionalAttendee: null,
      amountAdditionalAttendee: 2500,
    });
    const r = priceBasket(
      base({
        rules: [fixed],
        lines: [
          term('ben'),
          { attendeeId: 'cat', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s2'] },
        ],
        familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g1' }],
      }),
    );
    expect(r.discounts.map((d) => d.amount)).toEqual([2500, 1000]);
    expect(r.total).toBe(16000 - 2500);
  });
});

describe('sibling discount on a monthly membership', () => {
  const membership = (attendeeId: string) => ({
    attendeeId,
    activityGroupId: 'g1',
    ticketId: 'g1-sub',
  });

  it("the sibling's membership costs less now and each month", () => {
    const r = priceBasket(
      base({
        rules: [siblings()],
        lines: [membership('ben')],
        familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g1' }],
      }),
    );
    expect(r.subtotal).toBe(2400);
    expect(r.discountTotal).toBe(240);
    expect(r.amountDueNow).toBe(2160);
    expect(r.lines[0].subscription).toEqual({
      monthlyAmount: 3600,
      monthlyDiscount: 400,
      firstPaymentDate: '2025-02-01',
    });
    expect(r.recurring).toEqual([
      expect.objectContaining({
        amount: 3600,
        firstPaymentDate: '2025-02-01',
        discount: {
          ruleName: 'Siblings',
          reason: 'Ben: a brother or sister is already booked',
          amount: 400,
        },
      }),
    ]);
  });

  it('two memberships in one basket: the second child gets the discount', () => {
    const r = priceBasket(
      base({ rules: [siblings()], lines: [membership('ann'), membership('ben')] }),
    );
    expect(r.recurring.map((x) => x.amount)).toEqual([4000, 3600]);
    expect(r.discountTotal).toBe(240);
  });

  it('a fixed amount comes off each month, never below nothing', () => {
    const fixed = (amount: number) =>
      priceBasket(
        base({
          rules: [
            siblings({
              unit: 'AmountAdditionalAttendee',
              percentageAdditionalAttendee: null,
              amountAdditionalAttendee: amount,
            }),
          ],
          lines: [membership('ben')],
          familyBookings: [{ attendeeId: 'ann', activityGroupId: 'g1' }],
        }),
      );
    expect(fixed(500).recurring[0].amount).toBe(3500);
    expect(fixed(500).amountDueNow).toBe(1900);
    expect(fixed(9000).recurring[0].amount).toBe(0);
    expect(fixed(9000).amountDueNow).toBe(0);
  });

  it('a discount code still never discounts a membership', () => {
    const code = rule({
      _id: 'c',
      type: 'Code',
      code: 'SPRING',
      codeUsage: 'AllActivities',
      unit: 'Percentage',
      percentage: 50,
    });
    const r = priceBasket(
      base({
        rules: [code],
        code: 'spring',
        lines: [membership('ben'), term('ann')],
      }),
    );
    expect(r.discounts).toEqual([expect.objectContaining({ amount: 8000 })]);
    expect(r.recurring[0].amount).toBe(4000);
  });
});
