/*
 * How dates and age ranges read, for the dashboard and the widget alike. Civil dates
 * (`yyyy-MM-dd`, already in the client's zone) are formatted as UTC midnights, so no zone can move
 * the day.
 */

/*
 * The age texts live here rather than in messages.ts: the widget's first screen needs them, and
 * importing the whole messages table would cost every organiser's page about 3 KB gzip.
 */
import { type SchoolYearRange, schoolYearRangeLabel } from './school-year.ts';

const ageTexts = {
  between: (from: string, to: string) => `Ages ${from}–${to}`,
  from: (from: string) => `Ages ${from}+`,
  upTo: (to: string) => `Ages up to ${to}`,
  inMonths: (text: string) => `${text} months`,
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A civil date in the client's date format. Understands yyyy, yy, MMMM, MMM, MM, M, dd, d; other
 * characters are kept.
 *
 * @example formatCivilDate('2026-03-07', 'dd/MM/yyyy') // '07/03/2026'
 * @example formatCivilDate('2026-03-07', 'd MMM yyyy') // '7 Mar 2026'
 */
export function formatCivilDate(date: string, pattern: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  const two = (n: number) => String(n).padStart(2, '0');
  const tokens: Record<string, string> = {
    yyyy: String(year),
    yy: two(year % 100),
    MMMM: MONTHS[month - 1]!,
    MMM: MONTHS[month - 1]!.slice(0, 3),
    MM: two(month),
    M: String(month),
    dd: two(day),
    d: String(day),
  };
  return (pattern || 'dd/MM/yyyy').replace(
    /yyyy|yy|MMMM|MMM|MM|M|dd|d/g,
    (token) => tokens[token]!,
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = locale + JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f;
}
const asUtc = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * A locale for Intl from the client's country: a GB client reads 'Sat 29 Nov' and '£12.00', a US
 * one 'Sat Nov 29' and '$12.00' (en-GB would show a US organiser 'US$12.00'). English in the
 * country's conventions; a missing or malformed country falls back to en-GB, because Intl throws
 * on a malformed tag and the product's home market is the UK.
 *
 * @example localeFor('US') // 'en-US'
 */
export function localeFor(country: string | null | undefined): string {
  const code = (country ?? '').toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? `en-${code}` : 'en-GB';
}

const instantFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant (ISO-8601 UTC) as a date and time on the organiser's clock, in their country's
 * order and 12- or 24-hour style: when a booking was made, when a waitlist offer ends. Without a
 * zone it reads in the viewer's own.
 *
 * @example formatInstant('2026-11-25T16:05:00Z', 'en-GB', 'Europe/London') // '25 Nov 2026, 16:05'
 * @example formatInstant('2026-11-25T16:05:00Z', 'en-US', 'America/New_York') // 'Nov 25, 2026, 11:05 AM'
 */
export function formatInstant(iso: string, locale: string, timeZone?: string): string {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = instantFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    instantFormatters.set(key, f);
  }
  // Some engines put a narrow no-break space before AM/PM; a plain space reads and matches alike.
  return f.format(new Date(iso)).replace(/\u202f/g, ' ');
}
/**
 * A short, friendly date for listings.
 *
 * @example friendlyDate('2025-11-29', 'en-GB') // 'Sat 29 Nov'
 */
export const friendlyDate = (date: string, locale: string) =>
  formatter(locale, { weekday: 'short', day: 'numeric', month: 'short' })
    .format(asUtc(date))
    .replace(',', '');

/**
 * A date in the client's format, led by the short weekday because parents plan by the day.
 *
 * @example clientDate('2025-11-29', 'dd/MM/yyyy', 'en-GB') // 'Sat 29/11/2025'
 */
export const clientDate = (date: string, dateFormat: string, locale: string) =>
  `${formatter(locale, { weekday: 'short' }).format(asUtc(date))} ${formatCivilDate(date, dateFormat)}`;

/**
 * An age range in whole years ('Ages 6–9' for 72 to 119 months); toddler groups in months.
 *
 * @example formatAgeRange({ minMonths: 72, maxMonths: 119 }) // 'Ages 6–9'
 * @example formatAgeRange({ minMonths: 18, maxMonths: 30 }) // 'Ages 18–30 months'
 */
export function formatAgeRange(
  range: { minMonths: number | null; maxMonths: number | null } | null,
  schoolYears?: SchoolYearRange | null,
): string | null {
  const years = schoolYearRangeLabel(schoolYears?.min ?? null, schoolYears?.max ?? null);
  const ages = formatAges(range);
  return ages && years ? `${ages} · ${years}` : (ages ?? years);
}

function formatAges(
  range: { minMonths: number | null; maxMonths: number | null } | null,
): string | null {
  const min = range?.minMonths ?? null;
  const max = range?.maxMonths ?? null;
  if (min === null && max === null) return null;
  const inMonths = (max ?? min ?? 0) < 36;
  const show = (months: number) => String(inMonths ? months : Math.floor(months / 12));
  const text =
    min !== null && max !== null
      ? ageTexts.between(show(min), show(max))
      : min !== null
        ? ageTexts.from(show(min))
        : ageTexts.upTo(show(max ?? 0));
  return inMonths ? ageTexts.inMonths(text) : text;
}

/**
 * The booking number parents quote (for a childcare voucher payment, on the phone) and
 * organisers search by: the id's last 8 characters, in capitals. The first characters of an id
 * are its creation second, shared by bookings made together, so the end tells them apart.
 *
 * @example bookingReference('6b048af9c3e1a2b4d5f60718') // 'D5F60718'
 */
export const bookingReference = (id: string) => id.slice(-8).toUpperCase();
