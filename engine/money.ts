/*
 * Money is an integer number of minor units (pence, cents) everywhere in the engine. This file
 * is the only place that rounds: half away from zero to the nearest minor unit ("half-up" for
 * the non-negative amounts forms accept). Rounding from decimal strings, not binary floats, so
 * 2.675 becomes 268 as a person would expect, not 267.
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
  return sign === '-' ? -result : result;
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
 *
 * @example mulDiv(200, 4, 5) // 160
 */
export function mulDiv(amount: number, numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  const product = amount * numerator;
  const sign = Math.sign(product) * Math.sign(denominator);
  const a = Math.abs(product);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * a + d) / (2 * d));
}

/**
 * A percentage (0–100, up to two decimals) of an amount in minor units, rounded half-up.
 *
 * @example percentOf(1999, 15) // 300
 */
export function percentOf(amount: number, percentage: number): number {
  return mulDiv(amount, Math.round(percentage * 100), 10_000);
}

/**
 * Splits `total` across `weights` in proportion, so the parts are integers summing exactly to
 * `total` (largest remainder; ties go to the earlier weight). Used to spread one discount over
 * the lines it discounts, so every booking item records its share.
 *
 * @example allocate(100, [1, 1, 1]) // [34, 33, 33]
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) parts[order[k].i] += 1;
  return parts;
}

/**
 * Formats minor units in the client's currency, e.g. for 'Spend at least £20.00 to use this code.'.
 *
 * @example formatMoney(2050, 'GBP') // '£20.50'
 */
export function formatMoney(minor: number, currency: string, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
