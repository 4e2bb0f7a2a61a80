import { render } from '@react-email/components';
import { digestNumbers } from '../../../engine/admin-notifications.ts';
import { formatTimeRange } from '../../../engine/index.ts';
import { AdminNotice } from '../templates/AdminNotice.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * The admin's digest of one day's sessions (the payload's date, on the organiser's calendar):
 * each session's activity, time and places booked against its limit, counted when it is sent.
 * A day without sessions sends nothing.
 */
export const composeDailyDigest: Composer = async (row, { db, publicUrl, unsubscribeUrl }) => {
  const { date } = JSON.parse(row.payload) as { date?: string };
  if (!date) throw new Error('A digest needs its date.');
  const sessions = await db
    .selectFrom('activities as s')
    .innerJoin('activity_groups as g', 'g.id', 's.activity_group_id')
    .leftJoin('booking_places as p', (join) =>
      join
        .onRef('p.activity_id', '=', 's.id')
        .onRef('p.client_id', '=', 's.client_id')
        .on('p.status', '=', 'confirmed'),
    )
    .select(({ fn }) => [
      's.id',
      's.start_time',
      's.end_time',
      's.place_limit',
      'g.name',
      fn.count<string | number>('p.id').as('booked'),
    ])
    .where('s.client_id', '=', row.client_id)
    .where('g.client_id', '=', row.client_id)
    .where('s.date', '=', date)
    .where('g.archived', '=', 0)
    .groupBy(['s.id', 's.start_time', 's.end_time', 's.place_limit', 'g.name'])
    .orderBy('s.start_time')
    .orderBy('g.name')
    .execute();
  if (sessions.length === 0) throw new MessageNotNeeded('No sessions on that day.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const day = organiser.date(date);
  const booked = sessions.reduce((sum, s) => sum + Number(s.booked), 0);
  const element = (
    <AdminNotice
      organiser={organiser}
      adminName={row.recipient_name}
      intro={`Tomorrow, ${day}: ${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'}, ${booked} ${booked === 1 ? 'place' : 'places'} booked.`}
      heading={`Sessions on ${day}`}
      lines={sessions.map(
        (s) =>
          `${formatTimeRange(s.start_time, s.end_time)} ${s.name}: ${digestNumbers(Number(s.booked), s.place_limit)}`,
      )}
      facts={[]}
      link={{ url: `${publicUrl}/admin/`, label: 'Open the dashboard' }}
      unsubscribe={
        unsubscribeUrl
          ? { url: unsubscribeUrl, label: 'Unsubscribe from daily digests' }
          : undefined
      }
    />
  );
  return {
    organiserName: organiser.name,
    subject: `Tomorrow at ${organiser.name}: ${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'}, ${booked} booked`,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
