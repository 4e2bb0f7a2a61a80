/*
 * Calendar maths for `yyyy-MM-dd` dates and `HH:mm` times in a client's time zone, with
 * `Intl.DateTimeFormat` for the zone rules (no date library, no clock: `now` is an argument).
 * Civil dates are handled as UTC midnights so adding days never meets a DST change.
 */

export type Weekday =
  | 'Monday'
  | 'Tuesday'
  | 'Wednesday'
  | 'Thursday'
  | 'Friday'
  | 'Saturday'
  | 'Sunday';

/** Sunday first, as `Date#getUTCDay` counts. */
export const WEEKDAYS: readonly Weekday[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Years a date may have: every birth date and every activity there will be. Beyond 9999 a date
 * has no `yyyy-MM-dd` spelling, so day-by-day arithmetic near it (a repeat "until 9999-12-31")
 * would never reach its end; the bound keeps every date we accept far from that edge.
 */
export const DATE_YEARS = { min: 1900, max: 2199 } as const;

/**
 * Whether a string is a real calendar date in `yyyy-MM-dd`, in the years of DATE_YEARS.
 *
 * @example isDate('2025-02-29') // false
 */
export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  if (+m[1] < DATE_YEARS.min || +m[1] > DATE_YEARS.max) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * Whether a string is a 24-hour `HH:mm` time.
 *
 * @example isTime('15:30') // true
 */
export function isTime(value: string): boolean {
  return TIME.test(value);
}

const dayMs = 86_400_000;
const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / dayMs;
const fromDays = (days: number) => new Date(days * dayMs).toISOString().slice(0, 10);

/**
 * Adds calendar days to a date.
 *
 * @example addDays('2025-10-24', 3) // '2025-10-27'
 */
export function addDays(date: string, days: number): string {
  return fromDays(toDays(date) + days);
}

/**
 * Adds calendar months, clamping to the month's last day (31 Jan + 1 month = 28 or 29 Feb).
 *
 * @example addMonths('2025-01-31', 1) // '2025-02-28'
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * Whole days from `a` to `b` (negative when `b` is earlier).
 *
 * @example daysBetween('2025-01-01', '2025-01-31') // 30
 */
export function daysBetween(a: string, b: string): number {
  return Math.round(toDays(b) - toDays(a));
}

/**
 * The weekday of a date.
 *
 * @example weekdayOf('2025-10-26') // 'Sunday'
 */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
}

/**
 * The first day of the month after the date's month.
 *
 * @example firstOfNextMonth('2025-03-14') // '2025-04-01'
 */
export function firstOfNextMonth(date: string): string {
  return `${addMonths(`${date.slice(0, 7)}-01`, 1)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Whether the runtime knows a time zone name.
 *
 * @example isTimeZone('Europe/London') // true
 */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/*
 * Zone offsets only change on quarter-hour boundaries, so the offset is looked up once per
 * 15-minute bucket and remembered: Intl's formatToParts costs ~20 µs a call, and pricing a
 * basket or quoting a refund would otherwise spend most of its time there. Memoising a pure
 * function keeps the engine pure; the cache is bounded.
 */
const BUCKET_MS = 900_000;
const offsetCache = new Map<string, Map<number, number>>();

function offsetAt(instant: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const bucket = Math.floor(instant / BUCKET_MS);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const at = bucket * BUCKET_MS;
    const parts: Record<string, string> = {};
    for (const p of formatterFor(timeZone).formatToParts(new Date(at))) parts[p.type] = p.value;
    offset =
      Date.UTC(
        +parts.year,
        +parts.month - 1,
        +parts.day,
        +parts.hour,
        +parts.minute,
        +parts.second,
      ) - at;
    if (zone.size > 50_000) zone.clear();
    zone.set(bucket, offset);
  }
  return offset;
}

/** Wall-clock parts of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const asUtc = Math.floor(instant / 60_000) * 60_000 + offsetAt(instant, timeZone);
  const iso = new Date(asUtc).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), asUtc };
}

/**
 * The client-zone date and time of an instant.
 *
 * @example zonedParts(Date.parse('2025-07-01T14:30:00Z'), 'Europe/London') // { date: '2025-07-01', time: '15:30' }
 */
export function zonedParts(
  instant: number | Date,
  timeZone: string,
): { date: string; time: string } {
  const { date, time } = wallClock(+instant, timeZone);
  return { date, time };
}

/**
 * Today's date in the client's time zone.
 *
 * @example todayIn(Date.parse('2025-07-01T23:30:00Z'), 'Europe/London') // '2025-07-02'
 */
export function todayIn(now: number | Date, timeZone: string): string {
  return wallClock(+now, timeZone).date;
}

/**
 * The instant (ms since epoch) of a wall-clock date and time in a zone. A time skipped by a
 * spring-forward change resolves to the instant an hour later on the clock (01:30 → 02:30 BST);
 * a repeated autumn time resolves to its first occurrence, as a printed timetable means.
 *
 * @example zonedToInstant('2025-10-27', '09:00', 'Europe/London') // Date.parse('2025-10-27T09:00:00Z')
 */
export function zonedToInstant(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const target = Date.UTC(y, mo - 1, d, h, mi);
  // Offsets just before and after the target catch both sides of a change.
  const early = offsetAt(target - dayMs / 2, timeZone);
  const late = offsetAt(target + dayMs / 2, timeZone);
  const first = target - early;
  if (wallClock(first, timeZone).asUtc === target) return first;
  const second = target - late;
  if (wallClock(second, timeZone).asUtc === target) return second;
  // In a gap: keep the earlier offset, which lands the same distance past the jump.
  return target - early;
}

/**
 * A session time as people write it: `15:30` → `3.30pm`, on the hour without minutes
 * (`15:00` → `3pm`), midnight `12am`, noon `12pm`.
 *
 * @example formatTime('09:05') // '9.05am'
 */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour}${suffix}` : `${hour}.${String(m).padStart(2, '0')}${suffix}`;
}

/**
 * A start–end range: `3.30pm - 4.30pm`.
 *
 * @example formatTimeRange('15:30', '16:30') // '3.30pm–4.30pm'
 */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)}–${formatTime(end)}`;
}

/**
 * Minutes since midnight of an `HH:mm` time.
 *
 * @example minutesOf('01:30') // 90
 */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

export type DurationUnit = 'hours' | 'days' | 'weeks' | 'months' | 'years';

/**
 * Moves an instant by an amount of a unit in the client's zone. Hours are exact elapsed time;
 * days, weeks, months and years are calendar steps that keep the wall-clock time, so "2 days
 * before a 9am session" is 9am two days earlier even across a DST change.
 *
 * @example shiftInstant(Date.parse('2025-10-27T09:00:00Z'), -1, 'days', 'Europe/London') // 2025-10-26T09:00Z
 */
export function shiftInstant(
  instant: number,
  amount: number,
  unit: DurationUnit,
  timeZone: string,
): number {
  if (unit === 'hours') return instant + amount * 3_600_000;
  const { date, time } = wallClock(instant, timeZone);
  const shifted =
    unit === 'days'
      ? addDays(date, amount)
      : unit === 'weeks'
        ? addDays(date, amount * 7)
        : addMonths(date, unit === 'months' ? amount : amount * 12);
  return zonedToInstant(shifted, time, timeZone);
}
