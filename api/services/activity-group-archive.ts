import type { Db } from '../db/connection.ts';
import { nowIso, toFlag } from '../db/time.ts';
import { notFound } from '../http/errors.ts';

/**
 * Archives (or brings back) an activity group of this client. Only the flag changes: its
 * sessions, bookings and reports stay as they are.
 *
 * @example await setActivityGroupArchived(db, clientId, groupId, true);
 */
export async function setActivityGroupArchived(
  db: Db,
  clientId: string,
  groupId: string,
  archived: boolean,
) {
  const result = await db
    .updateTable('activity_groups')
    .set({ archived: toFlag(archived), updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound();
}
