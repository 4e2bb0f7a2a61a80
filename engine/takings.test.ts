import { describe, expect, it } from 'vitest';
import { isMoneyIn, isMoneyOut, takingsByDay } from './takings.ts';

describe('takings', () => {
  it('counts succeeded payments and money refunds, not account credit', () => {
    expect(isMoneyIn({ status: 'succeeded' })).toBe(true);
    expect(isMoneyIn({ status: 'pending' })).toBe(false);
    expect(isMoneyOut({ status: 'succeeded', method: 'stripe' })).toBe(true);
    expect(isMoneyOut({ status: 'pending', method: 'stripe' })).toBe(false);
    expect(isMoneyOut({ status: 'succeeded', method: 'accountCredit' })).toBe(false);
  });

  it('buckets by the client’s calendar day, with every day of the window', () => {
    const days = takingsByDay({
      payments: [
        // 23:30 UTC in summer is 00:30 the next day in London.
        { at: '2026-07-01T23:30:00Z', amount: 1000 },
        { at: '2026-07-01T12:00:00Z', amount: 500 },
        { at: '2026-06-01T12:00:00Z', amount: 9999 },
      ],
      refunds: [{ at: '2026-07-02T09:00:00Z', amount: 300 }],
      today: '2026-07-03',
      days: 3,
      timeZone: 'Europe/London',
    });
    expect(days).toEqual([
      { date: '2026-07-01', paid: 500, refunded: 0 },
      { date: '2026-07-02', paid: 1000, refunded: 300 },
      { date: '2026-07-03', paid: 0, refunded: 0 },
    ]);
  });
});
