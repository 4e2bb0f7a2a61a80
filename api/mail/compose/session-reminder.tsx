import { render } from '@react-email/components';
import { formatTimeRange, unsubscribeMessages } from '../../../engine/index.ts';
import { listAttendees } from '../../services/attendees.ts';
import { SessionReminder } from '../templates/SessionReminder.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * The session reminder, from the booking's places on that session as they are at send time: a
 * place cancelled since the sweep is left out, and with none left the reminder is skipped.
 */
export const composeSessionReminder: Composer = async (row, { db, publicUrl, unsubscribeUrl }) => {
  const { sessionId } = JSON.parse(row.payload) as { sessionId?: string };
  const places = await db
    .selectFrom('booking_places as p')
    .innerJoin('activities as s', 's.id', 'p.activity_id')
    .innerJoin('activity_groups as g', 'g.id', 's.activity_group_id')
    .leftJoin('venues as v', 'v.id', 'g.venue_id')
    .select(['p.attendee_id', 'g.name', 's.date', 's.start_time', 's.end_time', 'v.name as venue'])
    .where('p.client_id', '=', row.client_id)
    .where('p.booking_id', '=', row.booking_id ?? '')
    .where('p.activity_id', '=', sessionId ?? '')
    .where('p.status', '=', 'confirmed')
    .execute();
  const first = places[0];
  if (!first) throw new MessageNotNeeded('No place on that session was still booked by then.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const attendees = await listAttendees(db, row.client_id, {
    ids: [...new Set(places.map((p) => p.attendee_id))],
    admin: false,
  });
  const when = `${organiser.date(first.date)}, ${formatTimeRange(first.start_time, first.end_time)}`;
  const element = (
    <SessionReminder
      organiser={organiser}
      parentName={row.recipient_name}
      activity={first.name}
      when={when}
      attendees={attendees.map((a) => a.name)}
      venue={first.venue}
      unsubscribe={
        unsubscribeUrl
          ? { url: unsubscribeUrl, label: unsubscribeMessages.footer('session reminders') }
          : undefined
      }
    />
  );
  return {
    organiserName: organiser.name,
    subject: `Reminder: ${first.name}, ${when}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    // The stored copy shows no working link: anyone reading it could unsubscribe the parent.
    secrets: unsubscribeUrl ? [unsubscribeUrl] : undefined,
  };
};
