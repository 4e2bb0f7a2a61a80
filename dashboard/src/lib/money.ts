/*
 * Money on dashboard screens reads as the organiser's country writes it: a US organiser sees
 * $12.00, not the US$12.00 the en-GB default would show. The locale comes from the saved
 * settings (one cached query), so a screen needs no country prop to get it.
 */
import { formatMoney, localeFor } from '../../../engine/index.ts';
import { useClientSettings } from '../api.ts';

/** @example const money = useMoney(); money(1200, 'USD') // '$12.00' for a US organiser */
export function useMoney(): (minor: number, currency: string) => string {
  const locale = localeFor(useClientSettings().data?.country);
  return (minor, currency) => formatMoney(minor, currency, locale);
}
