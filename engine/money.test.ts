import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localeFor } from './display.ts';
import { allocate, formatMoney, majorToMinor, minorToMajor, mulDiv, percentOf } from './money.ts';

/** What a person gets rounding amount × numerator ÷ denominator half away from zero by hand. */
function byHand(amount: number, numerator: number, denominator: number): number {
  const exact = BigInt(amount) * BigInt(numerator);
  const neg = exact < 0n !== denominator < 0;
  const a = exact < 0n ? -exact : exact;
  const d = BigInt(Math.abs(denominator));
  const [q, r] = [a / d, a % d];
  const rounded = 2n * r >= d ? q + 1n : q;
  return rounded === 0n ? 0 : Number(neg ? -rounded : rounded);
}

// Everything a real booking holds: up to £10m in pence, counts and percentages far above use.
const pence = fc.integer({ min: 0, max: 1_000_000_000 });
const positive = fc.integer({ min: 1, max: 1_000_000_000 });

describe('mulDiv: one rounding rule for every share', () => {
  it.each([
    // [amount, numerator, denominator, expected, why]
    [200, 4, 5, 160, 'exact: 200 for 5 sessions is 160 for 4'],
    [1, 1, 2, 1, 'a half penny rounds up'],
    [5, 1, 2, 3, '2.5 rounds up to 3, not to the even 2'],
    [2, 1, 3, 1, '0.67 rounds up, where truncating would give 0'],
    [1, 1, 3, 0, '0.33 rounds down'],
    [999, 2, 3, 666, 'exact thirds stay exact'],
    [1000, 2, 3, 667, '666.67 rounds up'],
    [-5, 1, 2, -3, 'a negative half rounds away from zero, mirroring +3'],
    [5, 1, -2, -3, 'a negative denominator too'],
    [-2, 1, 3, -1, '-0.67 is -1'],
    [0, 7, 3, 0, 'nothing of anything is nothing'],
    [500, 3, 0, 0, 'no denominator: no share (never NaN or Infinity)'],
  ])('mulDiv(%i, %i, %i) is %i: %s', (amount, numerator, denominator, expected) => {
    expect(mulDiv(amount, numerator, denominator)).toBe(expected);
  });

  it('never returns -0, which would print as -£0.00', () => {
    expect(Object.is(mulDiv(-1, 1, 3), 0)).toBe(true);
    expect(formatMoney(mulDiv(-1, 1, 3), 'GBP')).toBe('£0.00');
  });

  it('stays exact where the product passes 2^53', () => {
    // 960_404_626 × 799_849_676 ÷ 12_442 = 61_740_823_736_939.4…: the float product has lost
    // its last digits and rounding it gave …940.
    expect(mulDiv(960_404_626, 799_849_676, 12_442)).toBe(61_740_823_736_939);
    expect(mulDiv(-960_404_626, 799_849_676, 12_442)).toBe(-61_740_823_736_939);
  });

  it('rounds half away from zero to the penny, for any amounts (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        positive,
        (amount, numerator, denominator) => {
          // Only shares a number can hold to the penny (all real ones are far below).
          fc.pre(Math.abs((amount * numerator) / denominator) < Number.MAX_SAFE_INTEGER / 2);
          const r = mulDiv(amount, numerator, denominator);
          expect(r).toBe(byHand(amount, numerator, denominator));
          // The same rule stated as a bound: within half a penny of the exact share, and a tie
          // goes away from zero.
          const twice = 2n * BigInt(amount) * BigInt(numerator);
          const diff = twice - 2n * BigInt(r) * BigInt(denominator); // 2 × (exact − r) × d
          expect(diff <= BigInt(denominator) && diff >= -BigInt(denominator)).toBe(true);
          if (diff === BigInt(denominator)) expect(amount).toBeLessThan(0);
          if (diff === -BigInt(denominator)) expect(amount).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('a sign never changes the size of a share (property)', () => {
    fc.assert(
      fc.property(pence, pence, positive, (amount, numerator, denominator) => {
        expect(mulDiv(-amount, numerator, denominator)).toBe(
          -mulDiv(amount, numerator, denominator) || 0,
        );
      }),
    );
  });
});

describe('percentOf', () => {
  it.each([
    [1999, 15, 300, '299.85 rounds up'],
    [1000, 12.5, 125, 'exact'],
    [1, 50, 1, 'half a penny rounds up'],
    [3, 50, 2, '1.5 rounds up'],
    [333, 33.33, 111, 'two-decimal percentage: 110.99 rounds up'],
    [20000, 100, 20000, 'all of it'],
    [20000, 0, 0, 'none of it'],
  ])('percentOf(%i, %s) is %i: %s', (amount, percentage, expected) => {
    expect(percentOf(amount, percentage)).toBe(expected);
  });

  it('is the amount × percentage ÷ 100 rounded half-up to the penny (property)', () => {
    fc.assert(
      fc.property(pence, fc.integer({ min: 0, max: 10_000 }), (amount, hundredths) => {
        // A percentage of up to two decimals, as the discount form accepts (12.34% is 1234).
        expect(percentOf(amount, hundredths / 100)).toBe(byHand(amount, hundredths, 10_000));
        expect(percentOf(amount, hundredths / 100)).toBeLessThanOrEqual(amount);
      }),
    );
  });
});

describe('majorToMinor: what a form typed, in pence', () => {
  it.each<[number | string, number]>([
    ['12.345', 1235],
    ['2.675', 268],
    [2.675, 268],
    [1.005, 101],
    ['12.344', 1234],
    ['12', 1200],
    ['12.5', 1250],
    ['.5', 50],
    ['5.', 500],
    [' 7.10 ', 710],
    ['-2.675', -268],
    [0.1 + 0.2, 30],
    [0, 0],
  ])('%s is %i', (typed, minor) => {
    expect(majorToMinor(typed)).toBe(minor);
  });

  it.each(['', '.', '-', 'abc', '1,50', '£5', '1e3', '1.2.3'])('"%s" is not a number', (typed) => {
    expect(majorToMinor(typed)).toBeNaN();
  });

  it('rounds the third decimal half-up and keeps the first two (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        (minor, third, negative) => {
          const whole = Math.floor(minor / 100);
          const cents = String(minor % 100).padStart(2, '0');
          const typed = `${negative ? '-' : ''}${whole}.${cents}${third}`;
          const expected = minor + (third >= 5 ? 1 : 0);
          expect(majorToMinor(typed)).toBe(negative && expected !== 0 ? -expected : expected);
        },
      ),
    );
  });

  it('round-trips every amount a form shows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (minor) => {
        expect(majorToMinor(minorToMajor(minor))).toBe(minor);
        expect(majorToMinor(minorToMajor(minor).toFixed(2))).toBe(minor);
      }),
    );
  });
});

describe('allocate: a discount spread over lines', () => {
  it.each<[number, number[], number[]]>([
    [100, [1, 1, 1], [34, 33, 33]],
    [700, [1000, 1000], [350, 350]],
    [1, [1000, 1000, 1000], [1, 0, 0]],
    [2, [1000, 3000], [1, 1]],
    [1500, [2000, 0, 1000], [1000, 0, 500]],
    [1001, [1, 2], [334, 667]],
    [0, [5, 5], [0, 0]],
    [500, [0, 0], [0, 0]],
    [500, [], []],
    [-100, [1, 1, 1], [-33, -33, -34]],
  ])('allocate(%i, %j) is %j', (total, weights, parts) => {
    expect(allocate(total, weights)).toEqual(parts);
  });

  const weights = fc.array(fc.integer({ min: 0, max: 10_000_000 }), {
    minLength: 1,
    maxLength: 20,
  });

  it('the parts always add up exactly to the amount, and none is negative (property)', () => {
    fc.assert(
      fc.property(pence, weights, (total, ws) => {
        fc.pre(ws.some((w) => w > 0));
        const parts = allocate(total, ws);
        expect(parts).toHaveLength(ws.length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        for (const p of parts) {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('each part is its exact share rounded down or up, and a zero weight gets nothing (property)', () => {
    fc.assert(
      fc.property(pence, weights, (total, ws) => {
        const sum = ws.reduce((a, b) => a + b, 0);
        fc.pre(sum > 0);
        allocate(total, ws).forEach((p, i) => {
          // p is floor or ceil of total × w ÷ sum: (p − 1) × sum < total × w < (p + 1) × sum.
          const exact = BigInt(total) * BigInt(ws[i]);
          expect(BigInt(p - 1) * BigInt(sum) < exact).toBe(true);
          expect(BigInt(p + 1) * BigInt(sum) > exact).toBe(true);
          if (ws[i] === 0) expect(p).toBe(0);
        });
      }),
    );
  });

  it('splits a refund or negative amount to the penny too (property)', () => {
    fc.assert(
      fc.property(pence, weights, (total, ws) => {
        fc.pre(ws.some((w) => w > 0));
        const parts = allocate(0 - total, ws);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(0 - total);
        for (const p of parts) expect(p).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('stays exact where amount × weight passes 2^53', () => {
    const parts = allocate(900_000_001, [3_000_000_000, 3_000_000_000, 3_000_000_000]);
    expect(parts).toEqual([300_000_001, 300_000_000, 300_000_000]);
  });
});

describe('formatMoney', () => {
  it('shows pence as the currency a parent reads', () => {
    expect(formatMoney(2050, 'GBP')).toBe('£20.50');
    expect(formatMoney(5, 'GBP')).toBe('£0.05');
    expect(formatMoney(123456, 'EUR', 'en-IE')).toBe('€1,234.56');
  });

  it("follows the organiser's country, so a US organiser sees $12.00, not US$12.00", () => {
    const inCountry = (country: string, currency: string) =>
      formatMoney(1200, currency, localeFor(country));
    expect(inCountry('GB', 'GBP')).toBe('£12.00');
    expect(inCountry('US', 'USD')).toBe('$12.00');
    expect(inCountry('IE', 'EUR')).toBe('€12.00');
    expect(inCountry('CY', 'EUR')).toBe('€12.00');
    expect(inCountry('AU', 'AUD')).toBe('$12.00');
    expect(inCountry('us', 'USD')).toBe('$12.00');
    expect(inCountry('', 'GBP')).toBe('£12.00');
  });
});
