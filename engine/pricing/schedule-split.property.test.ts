import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitBySchedule } from '../payment-schedule.ts';
import { priceBasket } from './basket.ts';
import { group, rule, settings } from './fixtures.test-helpers.ts';
import { proRataPrice } from './lines.ts';

// 2025-01-10 12:00 London; g1's term has 5 weekly sessions from 2025-01-06, 4 still to come.
const now = Date.parse('2025-01-10T12:00:00Z');
const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

describe('pro rata prices round half-up to the penny', () => {
  it.each([
    [20000, 4, 5, 16000, 'the help tour: 200 for 5 sessions is 160 for 4'],
    [1000, 2, 3, 667, '666.67 rounds up, where truncating would charge 6.66'],
    [1000, 1, 3, 333, '333.33 rounds down'],
    [1001, 1, 2, 501, '500.5 rounds up'],
    [1000, 3, 3, 1000, 'nothing missed: the full price'],
    [1000, 0, 3, 0, 'nothing left: nothing to pay'],
  ])('proRataPrice(%i, %i of %i) is %i: %s', (price, remaining, total, expected) => {
    expect(proRataPrice(price, remaining, total)).toBe(expected);
  });

  it('is within half a penny of the exact share, a tie rounding up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (price, total, rem) => {
          const remaining = Math.min(rem, total);
          const p = proRataPrice(price, remaining, total);
          // 2 × (exact − p) × total is within ±total, and never +total (a half rounded down).
          const diff = 2 * price * remaining - 2 * p * total;
          expect(Math.abs(diff)).toBeLessThanOrEqual(total);
          expect(diff).not.toBe(total);
        },
      ),
    );
  });
});

describe('a term paid by instalments', () => {
  it('an even monthly split of 100.00 over 3 months is 33.34 now, then 33.33 and 33.33', () => {
    const split = splitBySchedule(
      10000,
      { type: 'regular', firstPaymentDate: '2025-01-01', finalPaymentDate: '2025-03-01' },
      '2025-01-15',
    );
    expect(split).toEqual({
      dueNow: 3334,
      later: [
        { date: '2025-02-01', amount: 3333 },
        { date: '2025-03-01', amount: 3333 },
      ],
    });
  });

  const finalDate = (months: number) =>
    `${2025 + Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;

  it('what is due now and every instalment add up exactly to the total, none negative (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 50_000 }),
        (price, codeHundredths, months, credit) => {
          const g1 = group('g1', '2025-01-06', 5, {
            paymentSchedule: {
              type: 'regular',
              frequency: 'monthly',
              firstPaymentDate: '2025-02-01',
              finalPaymentDate: finalDate(months),
            },
          });
          const r = priceBasket({
            groups: [
              { ...g1, tickets: g1.tickets.map((t) => (t.type === 'all' ? { ...t, price } : t)) },
            ],
            lines: [
              { attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-all' },
              { attendeeId: 'b', activityGroupId: 'g1', ticketId: 'g1-all' },
            ],
            rules: [
              rule({
                _id: 'c',
                type: 'Code',
                code: 'SAVE',
                codeUsage: 'AllActivities',
                unit: 'Percentage',
                percentage: codeHundredths / 100,
              }),
            ],
            code: 'SAVE',
            useAccountCredit: true,
            accountCredit: [{ amount: credit, expiresAt: null }],
            payBySchedule: true,
            now,
            settings,
          });
          expect(r.amountDueNow + sum(r.schedule.map((s) => s.amount))).toBe(r.total);
          expect(r.amountDueNow).toBeGreaterThanOrEqual(0);
          for (const s of r.schedule) expect(s.amount).toBeGreaterThan(0);
          // Each line's instalments differ by at most a penny, so two lines' sums by at most 2p.
          const amounts = r.schedule.map((s) => s.amount);
          const spread = amounts.length ? Math.max(...amounts) - Math.min(...amounts) : 0;
          expect(spread).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});
