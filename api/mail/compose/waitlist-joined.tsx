import { render } from '@react-email/components';
import { formatTimeRange } from '../../../engine/index.ts';
import { listAttendees } from '../../services/attendees.ts';
import { WaitlistJoined } from '../templates/WaitlistJoined.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * The confirmation that a child joined a waitlist, from the entries the payload names. Entries
 * already left or offered by the send are not announced as waiting: they are left out, and with
 * none left the message is skipped.
 */
export const composeWaitlistJoined: Composer = async (row, { db, publicUrl }) => {
  const { entryIds = [] } = JSON.parse(row.payload) as { entryIds?: string[] };
  const entries = await db
    .selectFrom('waitlist_entries as w')
    .innerJoin('activity_groups as g', 'g.id', 'w.activity_group_id')
    .leftJoin('activities as s', 's.id', 'w.activity_id')
    .select(['w.attendee_id', 'g.name as group_name', 's.date', 's.start_time', 's.end_time'])
    .where('w.client_id', '=', row.client_id)
    .where('w.id', 'in', entryIds.length > 0 ? entryIds : [''])
    .where('w.status', '=', 'Waiting')
    .orderBy('s.date')
    .orderBy('s.start_time')
    .execute();
  const first = entries[0];
  if (!first) throw new MessageNotNeeded('The child was no longer waiting by then.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const [attendee] = await listAttendees(db, row.client_id, {
    ids: [first.attendee_id],
    admin: false,
  });
  const props = {
    organiser,
    parentName: row.recipient_name,
    attendee: attendee?.name ?? 'your child',
    activity: first.group_name,
    sessions: entries.map((e) =>
      e.date && e.start_time && e.end_time
        ? `${organiser.date(e.date)}, ${formatTimeRange(e.start_time, e.end_time)}`
        : 'Every session of the course',
    ),
  };
  const element = <WaitlistJoined {...props} />;
  return {
    organiserName: organiser.name,
    subject: `${props.attendee} is on the waitlist for ${props.activity}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
