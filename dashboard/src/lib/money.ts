/*
 * Money and instants on dashboard screens read as the organiser's country writes them: a US
 * organiser sees $12.00 (not the US$12.00 the en-GB default would show) and 'Nov 29, 2025,
 * 4:05 PM'. The locale comes from the saved settings (one cached query), so a screen needs no
 * country prop to get it; plain helpers take it as an argument (docs/rules/money.md).
 */
import { formatMoney, localeFor } from '../../../engine/index.ts';
import { useClientSettings } from '../api.ts';

/** @example const locale = useLocale(); // 'en-US' for a US organiser */
export function useLocale(): string {
  return localeFor(useClientSettings().data?.country);
}

/** @example const money = useMoney(); money(1200, 'USD') // '$12.00' for a US organiser */
export function useMoney(): (minor: number, currency: string) => string {
  const locale = useLocale();
  return (minor, currency) => formatMoney(minor, currency, locale);
}
