import { addDays, daysBetween } from './dates.ts';

/** The parts of the wizard's form values a copy changes; everything else is carried over. */
interface CopyableGroup {
  name?: string | null;
  enabled?: boolean | null;
  activities?: { _id?: string | null; date?: string | null }[] | null;
  tickets?: { _id?: string | null; sessionsCanBeUsedFor?: string[] | null }[] | null;
  addOns?: { _id?: string | null; sessionsCanBeUsedFor?: string[] | null }[] | null;
}

/** The suggested name of a copy, which the organiser may change before copying. */
export const copyName = (name: string) => `${name} (copy)`;

/**
 * Moves sessions so the earliest falls on `startDate`: every session moves by the same number of
 * days, so the gaps between them (and so each one's weekday relative to the first) and their
 * times stay as they were, across month and year ends alike.
 *
 * @example shiftSessionDates([{ date: '2026-01-31' }, { date: '2026-02-07' }], '2026-04-28').map((s) => s.date) // ['2026-04-28', '2026-05-05']
 */
export function shiftSessionDates<T extends { date?: string | null }>(
  sessions: readonly T[],
  startDate: string,
): T[] {
  const first = sessions.reduce<string | null>(
    (min, s) => (s.date && (min === null || s.date < min) ? s.date : min),
    null,
  );
  if (first === null) return [...sessions];
  const days = daysBetween(first, startDate);
  // A session without a date is left for the wizard's schema to refuse.
  return sessions.map((s) => (s.date ? { ...s, date: addDays(s.date, days) } : s));
}

/**
 * A saved group's form values made into a new group for another term: sessions shifted to
 * `startDate`, every session, ticket and add-on given a new temporary id (restrictions follow
 * their sessions), unpublished, under the organiser's chosen name. Bookings are not part of the
 * form, so nothing booked can come along.
 *
 * @example copyActivityGroup(form, { startDate: '2027-01-09', name: 'Football (copy)' }).enabled // false
 */
export function copyActivityGroup<T extends CopyableGroup>(
  form: T,
  { startDate, name }: { startDate: string; name: string },
): T {
  const ids = new Map<string, string>();
  const fresh = (prefix: string, index: number, old?: string | null) => {
    const id = `temp_copy_${prefix}${index}`;
    if (old) ids.set(old, id);
    return id;
  };
  const activities = shiftSessionDates(form.activities ?? [], startDate).map((s, i) => ({
    ...s,
    _id: fresh('s', i, s._id),
  }));
  const remap = (list?: string[] | null) =>
    (list ?? []).flatMap((id) => {
      const mapped = ids.get(id);
      return mapped ? [mapped] : [];
    });
  return {
    ...form,
    name,
    enabled: false,
    activities,
    tickets: (form.tickets ?? []).map((t, i) => ({
      ...t,
      _id: fresh('t', i),
      sessionsCanBeUsedFor: remap(t.sessionsCanBeUsedFor),
    })),
    addOns: (form.addOns ?? []).map((a, i) => ({
      ...a,
      _id: fresh('a', i),
      sessionsCanBeUsedFor: remap(a.sessionsCanBeUsedFor),
    })),
  };
}
