import { addDays, weekdayOf, zonedToInstant } from '../dates.ts';
import type { SessionData } from '../schemas/session.ts';
import { MAX_OCCURRENCES } from '../schemas/session.ts';

export interface GeneratedSession {
  date: string;
  startTime: string;
  endTime: string;
  placeLimit: number | null;
  enabled: boolean;
  /** UTC instants (ISO) of start and end, computed in the client's zone for each date. */
  startsAt: string;
  endsAt: string;
}

/**
 * Expands a session form's output into sessions. Without repeat: one session. Daily: every
 * chosen weekday from the start date; Weekly: the start date's weekday each week. Ends after N
 * sessions or on an end date (inclusive). The start date itself is included only if it falls on
 * a chosen day (an organiser who starts a Monday-to-Friday class "from Saturday" expects Monday
 * first). Times stay on the wall clock: a 9am class is 9am in the client's zone on both sides
 * of a daylight-saving change, so its UTC instant moves by an hour. Capped at 500 sessions.
 *
 * @example generateSessions({ date: '2025-10-24', startTime: '09:00', endTime: '10:00', placeLimit: null, enabled: true, repeat: { frequency: 'Daily', repeatDays: ['Friday', 'Monday'], end: { type: 'occurrences', occurrences: 2 } } }, 'Europe/London').map((s) => s.date) // ['2025-10-24', '2025-10-27']
 */
export function generateSessions(
  form: Omit<SessionData, '_id'>,
  timeZone: string,
): GeneratedSession[] {
  const make = (date: string): GeneratedSession => ({
    date,
    startTime: form.startTime,
    endTime: form.endTime,
    placeLimit: form.placeLimit,
    enabled: form.enabled,
    startsAt: new Date(zonedToInstant(date, form.startTime, timeZone)).toISOString(),
    endsAt: new Date(zonedToInstant(date, form.endTime, timeZone)).toISOString(),
  });
  const repeat = form.repeat;
  if (!repeat) return [make(form.date)];
  const days = new Set(repeat.frequency === 'Weekly' ? [weekdayOf(form.date)] : repeat.repeatDays);
  if (days.size === 0) return [];
  const limit =
    repeat.end.type === 'occurrences'
      ? Math.min(repeat.end.occurrences, MAX_OCCURRENCES)
      : MAX_OCCURRENCES;
  const endDate = repeat.end.type === 'date' ? repeat.end.endDate : null;
  const out: GeneratedSession[] = [];
  const step = repeat.frequency === 'Weekly' ? 7 : 1;
  for (
    let date = form.date;
    out.length < limit && (!endDate || date <= endDate);
    date = addDays(date, step)
  ) {
    if (days.has(weekdayOf(date))) out.push(make(date));
    // A week without a match means the days name no weekday; stop rather than loop forever.
    if (out.length === 0 && date > addDays(form.date, 7)) break;
  }
  return out;
}
