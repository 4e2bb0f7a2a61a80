/*
 * A waitlist offer never lapses at night (docs/rules/messages.md): a deadline that falls between
 * 22:00 and 08:00 on the organiser's clock moves to 08:00 plus the time the offer still had left
 * when the night began (or when it was made, if that was during the night), so a parent who
 * sleeps through the night loses none of their time. Pure: instants in, instants out.
 */
import { addDays, zonedParts, zonedToInstant } from './dates.ts';

/** The organiser's night, when no offer lapses: from 22:00 to 08:00 on their clock. */
export const OFFER_QUIET_HOURS = { from: '22:00', until: '08:00' } as const;

/**
 * The night (start and end instants) that `instant` falls in on the organiser's clock, or null
 * when it is daytime there (08:00 to 21:59). Days of 23 or 25 hours are handled by working on
 * the wall clock, so a night across a clock change is 9 or 11 real hours.
 *
 * @example quietNightAround(Date.parse('2031-01-01T23:00:00Z'), 'Europe/London') // { start: Date.parse('2031-01-01T22:00:00Z'), end: Date.parse('2031-01-02T08:00:00Z') }
 */
export function quietNightAround(
  instant: number,
  timeZone: string,
): { start: number; end: number } | null {
  const { date, time } = zonedParts(instant, timeZone);
  const { from, until } = OFFER_QUIET_HOURS;
  if (time >= from)
    return {
      start: zonedToInstant(date, from, timeZone),
      end: zonedToInstant(addDays(date, 1), until, timeZone),
    };
  if (time < until)
    return {
      start: zonedToInstant(addDays(date, -1), from, timeZone),
      end: zonedToInstant(date, until, timeZone),
    };
  return null;
}

/**
 * When an offer made at `offeredAt`, due to run out at `deadline`, really runs out: unchanged in
 * the daytime; in the night, 08:00 plus what was left of it at 22:00 (or at `offeredAt`, for an
 * offer made during the night).
 *
 * @example offerDeadline(Date.parse('2031-01-01T12:00:00Z'), Date.parse('2031-01-01T23:30:00Z'), 'Europe/London') // Date.parse('2031-01-02T09:30:00Z')
 * @example offerDeadline(Date.parse('2031-01-01T12:00:00Z'), Date.parse('2031-01-01T20:00:00Z'), 'Europe/London') // Date.parse('2031-01-01T20:00:00Z')
 */
export function offerDeadline(offeredAt: number, deadline: number, timeZone: string): number {
  const night = quietNightAround(deadline, timeZone);
  if (!night) return deadline;
  const remaining = deadline - Math.max(night.start, offeredAt);
  return night.end + Math.max(0, remaining);
}
