import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBasket } from './basket.ts';
import { group, rule, settings } from './fixtures.test-helpers.ts';
import type { ActivityGroupRow, PricedLine, PriceInput } from './types.ts';

/*
 * Every discount is spread over the lines it discounts, and each booking item stores its share:
 * refunds, partial cancellations and the takings report all start from those shares, so they must
 * add up to the discount the parent was shown, to the penny, whatever the prices and rules.
 */

// 2025-01-10 12:00 London: g1 has sessions g1s2–g1s5 to come, g2 has g2s1–g2s4.
const now = Date.parse('2025-01-10T12:00:00Z');

/** The fixture groups with prices chosen by the test, so shares rarely divide evenly. */
function priced(id: string, start: string, p: { all: number; single: number; addOn: number }) {
  const g = group(id, start, id === 'g1' ? 5 : 4);
  return {
    ...g,
    tickets: g.tickets.map((t) =>
      t.type === 'all'
        ? { ...t, price: p.all }
        : t.type === 'single'
          ? { ...t, price: p.single }
          : t,
    ),
    addOns: g.addOns.map((a) => ({ ...a, price: p.addOn })),
  } satisfies ActivityGroupRow;
}

/** The shares of one line, from every discount's allocations. */
const sharesOf = (r: ReturnType<typeof priceBasket>, l: PricedLine) =>
  r.discounts.flatMap((d) => d.allocations.filter((a) => a.lineKey === l.key).map((a) => a.amount));

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

describe('discount shares per line', () => {
  it('a £10.00 code over three £10.00 drop-ins is shared 3.34 + 3.33 + 3.33, not lost', () => {
    const ten = rule({
      _id: 'ten',
      type: 'Code',
      code: 'TEN',
      codeUsage: 'AllActivities',
      unit: 'FixedAmount',
      fixedAmount: 1000,
    });
    const r = priceBasket({
      groups: [group('g1', '2025-01-06', 5)],
      lines: ['a', 'b', 'c'].map((attendeeId) => ({
        attendeeId,
        activityGroupId: 'g1',
        ticketId: 'g1-single',
        sessionIds: ['g1s2'],
      })),
      rules: [ten],
      code: 'TEN',
      now,
      settings,
    });
    expect(r.discounts[0].allocations.map((a) => a.amount)).toEqual([334, 333, 333]);
    expect(r.lines.map((l) => l.net)).toEqual([666, 667, 667]);
    expect(r.discountTotal).toBe(1000);
    expect(r.total).toBe(2000);
  });

  const prices = fc.record({
    all: fc.integer({ min: 0, max: 50_000 }),
    single: fc.integer({ min: 0, max: 5_000 }),
    addOn: fc.integer({ min: 0, max: 1_000 }),
  });
  const arbLine = fc.record({
    attendee: fc.integer({ min: 0, max: 3 }),
    g: fc.constantFrom('g1', 'g2'),
    all: fc.boolean(),
    sessions: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
    addOn: fc.boolean(),
  });
  const arbBasket = fc.record({
    g1: prices,
    g2: prices,
    lines: fc.array(arbLine, { minLength: 1, maxLength: 6 }),
    perSession: fc.integer({ min: 0, max: 999 }),
    multiPct: fc.integer({ min: 0, max: 10_000 }),
    siblingPct: fc.integer({ min: 0, max: 10_000 }),
    siblingFixed: fc.integer({ min: 0, max: 9_999 }),
    siblingByPct: fc.boolean(),
    codePct: fc.integer({ min: 0, max: 10_000 }),
    codeFixed: fc.integer({ min: 0, max: 99_999 }),
    codeByPct: fc.boolean(),
  });
  type Basket = typeof arbBasket extends fc.Arbitrary<infer T> ? T : never;

  const build = (x: Basket): PriceInput => ({
    groups: [priced('g1', '2025-01-06', x.g1), priced('g2', '2025-01-13', x.g2)],
    lines: x.lines.map((l) => {
      const ids =
        l.g === 'g1' ? ['g1s2', 'g1s3', 'g1s4', 'g1s5'] : ['g2s1', 'g2s2', 'g2s3', 'g2s4'];
      return {
        attendeeId: `a${l.attendee}`,
        activityGroupId: l.g,
        ticketId: `${l.g}-${l.all ? 'all' : 'single'}`,
        sessionIds: l.all ? undefined : l.sessions.map((i) => ids[i]),
        addOns: l.addOn ? [{ addOnId: `${l.g}-lunch` }] : [],
      };
    }),
    rules: [
      rule({
        _id: 'per-session',
        type: 'MultiPurchase',
        multiPurchaseType: 'Session',
        sessionsOption: 'MultipleActivities',
        activityGroups: ['g1', 'g2'],
        multiSessionConditions: [
          {
            minimumSessions: 2,
            unit: 'AmountPerSession',
            amountPerSession: x.perSession,
            fixedAmount: null,
            percentage: null,
          },
        ],
      }),
      rule({
        _id: 'two-activities',
        type: 'MultiPurchase',
        multiPurchaseType: 'Activity',
        activityGroups: ['g1', 'g2'],
        multiActivityConditions: [
          {
            minimumActivities: 2,
            unit: 'Percentage',
            percentage: x.multiPct / 100,
            fixedAmount: null,
          },
        ],
      }),
      rule({
        _id: 'siblings',
        type: 'MultiAttendee',
        sessionsOption: 'MultipleActivities',
        activityGroups: ['g1', 'g2'],
        unit: x.siblingByPct ? 'PercentageAdditionalAttendee' : 'AmountAdditionalAttendee',
        percentageAdditionalAttendee: x.siblingPct / 100,
        amountAdditionalAttendee: x.siblingFixed,
      }),
      rule({
        _id: 'code',
        type: 'Code',
        code: 'SAVE',
        codeUsage: 'AllActivities',
        unit: x.codeByPct ? 'Percentage' : 'FixedAmount',
        percentage: x.codePct / 100,
        fixedAmount: x.codeFixed,
      }),
    ],
    code: 'SAVE',
    now,
    settings,
  });

  it("each discount's shares add up exactly to the discount, and none is negative (property)", () => {
    fc.assert(
      fc.property(arbBasket, (x) => {
        const r = priceBasket(build(x));
        expect(r.problems).toEqual([]);
        for (const d of r.discounts) {
          expect(sum(d.allocations.map((a) => a.amount))).toBe(d.amount);
          for (const a of d.allocations) {
            expect(Number.isInteger(a.amount)).toBe(true);
            expect(a.amount).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('the lines carry the whole discount: their nets add up to the total before credit (property)', () => {
    fc.assert(
      fc.property(arbBasket, (x) => {
        const r = priceBasket(build(x));
        for (const l of r.lines) {
          expect(l.discount).toBe(sum(sharesOf(r, l)));
          expect(l.net).toBe(l.gross - l.discount);
          expect(l.net).toBeGreaterThanOrEqual(0);
        }
        expect(sum(r.lines.map((l) => l.discount))).toBe(r.discountTotal);
        expect(sum(r.lines.map((l) => l.net))).toBe(r.subtotal - r.discountTotal);
      }),
    );
  });
});
