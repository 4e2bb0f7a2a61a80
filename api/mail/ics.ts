import ical, { ICalCalendarMethod } from 'ical-generator';

export interface CalendarSession {
  /** Stable per booked session, so a resent confirmation updates the event instead of adding one. */
  uid: string;
  title: string;
  description: string;
  /** Instants (ms) of the session's start and end, from its date, times and the client's zone. */
  start: number;
  end: number;
}

/**
 * An iCalendar file with one event per booked session, in UTC so every calendar app places it
 * at the organiser's local time whatever zone the parent's phone is in.
 *
 * @example calendarFile('Little Kickers', [{ uid, title: 'Football', description: 'Sam', start, end }])
 */
export function calendarFile(organiserName: string, sessions: readonly CalendarSession[]): string {
  const calendar = ical({
    name: organiserName,
    prodId: { company: 'Classwise', product: 'bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const session of sessions)
    calendar.createEvent({
      id: session.uid,
      start: new Date(session.start),
      end: new Date(session.end),
      summary: session.title,
      description: session.description,
      organizer: undefined,
    });
  return calendar.toString();
}
