/*
 * How the widget shows dates, times, money and ages: all from the engine, so the dashboard and
 * the widget read alike. Imported from the engine's modules, not its index: the index gathers the
 * schemas too, and the widget's initial bundle has no use for them.
 */
import { formatTimeRange } from '../../engine/dates.ts';
import { formatMoney } from '../../engine/money.ts';

export {
  clientDate,
  formatAgeRange as ageRange,
  friendlyDate,
  localeFor,
} from '../../engine/display.ts';

/**
 * Minor units in the client's currency.
 *
 * @example money(950, 'GBP', 'en-GB') // '£9.50'
 */
export const money = (minor: number, currency: string, locale: string) =>
  formatMoney(minor, currency, locale);

/** @example timeRange('10:00', '11:00') // '10am–11am' */
export const timeRange = formatTimeRange;
