import type { Db } from '../../db/connection.ts';
import { listWaitlistEntries, type WaitlistEntryDto } from '../waitlists.ts';
import { batches, type CsvColumn, EXPORT_BATCH } from './csv.ts';

export const waitlistColumns: CsvColumn<WaitlistEntryDto>[] = [
  { header: 'Joined at', cell: (w) => w.createdAt },
  { header: 'Activity', cell: (w) => w.activityGroup.name },
  {
    header: 'Session',
    cell: (w) => (w.activity ? `${w.activity.date} ${w.activity.startTime}` : 'All sessions'),
  },
  { header: 'Attendee', cell: (w) => w.attendee.name },
  { header: 'Customer', cell: (w) => w.user.fullName },
  { header: 'Email', cell: (w) => w.user.email },
  { header: 'Status', cell: (w) => w.status },
  { header: 'Offer expires at', cell: (w) => w.offerExpiresAt ?? '' },
];

/**
 * Waitlist entries (the Waitlists screen's activity and status filters), in the order they
 * joined, a batch at a time.
 */
export async function* exportWaitlists(
  db: Db,
  clientId: string,
  filters: { activityGroup?: string; statuses?: string[] },
) {
  const ids = batches((after) => {
    let q = db.selectFrom('waitlist_entries').select('id').where('client_id', '=', clientId);
    if (filters.activityGroup) q = q.where('activity_group_id', '=', filters.activityGroup);
    if (filters.statuses?.length) q = q.where('status', 'in', filters.statuses);
    if (after) q = q.where('id', '>', after);
    return q.orderBy('id').limit(EXPORT_BATCH).execute();
  });
  for await (const rows of ids) {
    const { data } = await listWaitlistEntries(db, clientId, {
      ids: rows.map((r) => r.id),
      page: 1,
      limit: EXPORT_BATCH,
    });
    yield data.sort((a, b) => (a._id < b._id ? -1 : 1));
  }
}
