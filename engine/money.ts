/*
 * Money is an integer number of minor units (pence, cents) everywhere in the engine. This file
 * holds the engine's rounding rules (docs/rules/money.md says them in product terms):
 * - a single amount (a percentage, a pro-rata price, a share of a payment) rounds half away from
 *   zero to the nearest minor unit: "half-up" for the non-negative amounts money normally is,
 *   and a negative amount mirrors its positive (-2.5p is -3p), so a sign never changes a size;
 * - an amount split into parts (a discount over lines, a total over instalments) uses `allocate`,
 *   whose parts always add up exactly to the amount;
 * - a form's major units are read from decimal strings, not binary floats, so 2.675 becomes 268
 *   as a person would expect, not 267.
 */

/** Minor units per major unit; all currencies we support have two decimals. */
export const MINOR_PER_MAJOR = 100;

/**
 * Major units (a form's number or numeric string) to integer minor units, rounded half-up.
 * Returns NaN for text that is not a plain decimal number.
 *
 * @example majorToMinor('12.345') // 1235
 */
export function majorToMinor(value: number | string): number {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return Number.NaN;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const result = cents + roundUp;
  // '-0' is 0, not -0 (which Intl shows as '-£0.00').
  return sign === '-' && result !== 0 ? -result : result;
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  const text = String(value);
  // Exponent notation only appears for tiny or huge numbers; fixed notation is exact enough there.
  return text.includes('e') ? value.toFixed(6) : text;
}

/**
 * Minor units back to a major-unit number for a form field.
 *
 * @example minorToMajor(1235) // 12.35
 */
export function minorToMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/**
 * `amount × numerator ÷ denominator`, rounded half away from zero, exact for integer inputs.
 * Used for every percentage and pro-rata share so all of them round the same way.
 * Products beyond 2^53 (a £1m booking's share of a £1m payment) are worked out in BigInt, because
 * a float product there has already lost the penny that decides the rounding.
 *
 * @example mulDiv(200, 4, 5) // 160
 */
export function mulDiv(amount: number, numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  const product = amount * numerator;
  const sign = Math.sign(product) * Math.sign(denominator);
  const a = Math.abs(product);
  const d = Math.abs(denominator);
  // Below 2^53 the float quotient cannot land on the wrong side of an integer, so floor is exact.
  let magnitude: number;
  if (Number.isSafeInteger(2 * a + d) || !isIntegers(amount, numerator, denominator)) {
    magnitude = Math.floor((2 * a + d) / (2 * d));
  } else {
    const big = abs(BigInt(amount) * BigInt(numerator));
    const bigD = abs(BigInt(denominator));
    magnitude = Number((2n * big + bigD) / (2n * bigD));
  }
  // Never -0: Intl would show it as '-£0.00'.
  return magnitude === 0 ? 0 : sign * magnitude;
}

const isIntegers = (...values: number[]) => values.every(Number.isInteger);
const abs = (n: bigint) => (n < 0n ? -n : n);

/**
 * A percentage (0–100, up to two decimals) of an amount in minor units, rounded half-up.
 *
 * @example percentOf(1999, 15) // 300
 */
export function percentOf(amount: number, percentage: number): number {
  return mulDiv(amount, Math.round(percentage * 100), 10_000);
}

/**
 * Splits `total` across integer `weights` in proportion, so the parts are integers summing
 * exactly to `total` (largest remainder: each part is its exact share rounded down, and the
 * pennies left over go one each to the largest remainders; ties go to the earlier weight). So a
 * part is never more than a penny from its exact share, a zero weight gets nothing, and with
 * non-negative inputs no part is negative. Used to spread one discount over the lines it
 * discounts, so every booking item records its share and the shares add up to the discount.
 *
 * @example allocate(100, [1, 1, 1]) // [34, 33, 33]
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  // Integer quotient and remainder of total × weight ÷ sum: exact at any size, where a float
  // share just under 3 can (for products near 2^53) round to 3.0 and hand out a penny too many.
  const shares = weights.map((w) => floorDivMod(total, w, sum));
  const parts = shares.map((s) => s.quotient);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = shares
    .map((s, i) => ({ i, r: s.remainder }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) parts[order[k].i] += 1;
  return parts;
}

/** floor(a × b ÷ d) and its remainder (0 ≤ remainder < d) for integers, d > 0. */
function floorDivMod(a: number, b: number, d: number): { quotient: number; remainder: number } {
  const product = a * b;
  if (Number.isSafeInteger(product) || !isIntegers(a, b, d)) {
    const remainder = ((product % d) + d) % d;
    return { quotient: (product - remainder) / d, remainder };
  }
  const big = BigInt(a) * BigInt(b);
  const bigD = BigInt(d);
  const remainder = ((big % bigD) + bigD) % bigD;
  return { quotient: Number((big - remainder) / bigD), remainder: Number(remainder) };
}

/**
 * Formats minor units in the client's currency, e.g. for 'Spend at least £20.00 to use this code.'.
 *
 * @example formatMoney(2050, 'GBP') // '£20.50'
 */
export function formatMoney(minor: number, currency: string, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
