/*
 * How the widget shows dates, times, money and ages: all from the engine, so the dashboard and
 * the widget read alike. Imported from the engine's modules, not its index: the index gathers the
 * schemas too, and the widget's initial bundle has no use for them.
 */
import { formatTimeRange } from '../../engine/dates.ts';
import { friendlyDate } from '../../engine/display.ts';
import { formatMoney } from '../../engine/money.ts';

export { formatAgeRange as ageRange, localeFor } from '../../engine/display.ts';

/**
 * The one way the widget shows a date, the listing's: short weekday, day and month, with the
 * year only when it is not this year (a parent books weeks ahead, rarely across years).
 *
 * @example dateLabel('2026-11-28', 'en-GB', 2026) // 'Sat 28 Nov'
 * @example dateLabel('2027-01-09', 'en-GB', 2026) // 'Sat 9 Jan 2027'
 */
export const dateLabel = (date: string, locale: string, thisYear = new Date().getFullYear()) =>
  date.startsWith(`${thisYear}-`)
    ? friendlyDate(date, locale)
    : `${friendlyDate(date, locale)} ${date.slice(0, 4)}`;

/**
 * Minor units in the client's currency.
 *
 * @example money(950, 'GBP', 'en-GB') // '£9.50'
 */
export const money = (minor: number, currency: string, locale: string) =>
  formatMoney(minor, currency, locale);

/**
 * A start–end time that never breaks across lines ('10am–' / '11am' on a phone): word joiners
 * either side of the dash.
 *
 * @example timeRange('10:00', '11:00') // '10am\u2060–\u206011am'
 */
export const timeRange = (start: string, end: string) =>
  formatTimeRange(start, end).replace('–', '\u2060–\u2060');
