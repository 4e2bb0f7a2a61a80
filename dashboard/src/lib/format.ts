/*
 * Display names for codes the API stores (country, currency). Intl knows every code, so the
 * dashboard carries no lists of its own; an unknown code falls back to itself.
 */

const LOCALE = 'en-GB';

function displayName(type: 'region' | 'currency', code: string): string | null {
  try {
    const name = new Intl.DisplayNames([LOCALE], { type }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** @example countryName('GB') // 'United Kingdom' */
export const countryName = (code: string): string => displayName('region', code) ?? code;

/** @example currencyName('GBP') // 'British Pound' */
export const currencyName = (code: string): string => displayName('currency', code) ?? code;

/**
 * The symbol beside an amount field. Narrow, because the field is in the organiser's own currency:
 * a US organiser's price field reads '$', not en-GB's 'US$'.
 *
 * @example currencySymbol('USD') // '$'
 */
export function currencySymbol(code: string): string | null {
  try {
    const part = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part && part.value !== code ? part.value : null;
  } catch {
    return null;
  }
}

/** Civil dates read the same on every screen: the engine formats them. */
export { formatCivilDate } from '../../../engine/index.ts';
