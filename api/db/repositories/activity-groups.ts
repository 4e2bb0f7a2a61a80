import { sql } from 'kysely';
import type { Db } from '../connection.ts';

export const listActivityGroups = (
  db: Db,
  clientId: string,
  { enabledOnly = false, ids }: { enabledOnly?: boolean; ids?: string[] } = {},
) => {
  let query = db
    .selectFrom('activity_groups')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('weight')
    .orderBy('created_at');
  // An archived group is never public, whatever its published flag says.
  if (enabledOnly) query = query.where('enabled', '=', 1).where('archived', '=', 0);
  if (ids) query = ids.length ? query.where('id', 'in', ids) : query.where(sql<boolean>`1 = 0`);
  return query.execute();
};

export const findActivityGroup = (db: Db, clientId: string, id: string) =>
  db
    .selectFrom('activity_groups')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Everything a group owns, for many groups in five queries (no N+1 on listings). */
export async function loadGroupChildren(db: Db, clientId: string, groupIds: string[]) {
  if (groupIds.length === 0) {
    return { activities: [], tickets: [], addOns: [], cancellationRules: [], fieldData: [] };
  }
  const [activities, tickets, addOns, cancellationRules, fieldData] = await Promise.all([
    db
      .selectFrom('activities')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', groupIds)
      .orderBy('date')
      .orderBy('start_time')
      .execute(),
    db
      .selectFrom('tickets')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', groupIds)
      .orderBy('weight')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('add_ons')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', groupIds)
      .orderBy('weight')
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('activity_group_cancellation_rules')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', groupIds)
      .execute(),
    db
      .selectFrom('field_data')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('owner_type', '=', 'activityGroup')
      .where('owner_id', 'in', groupIds)
      .execute(),
  ]);
  return { activities, tickets, addOns, cancellationRules, fieldData };
}

export const listVenues = (db: Db, clientId: string) =>
  db.selectFrom('venues').selectAll().where('client_id', '=', clientId).orderBy('name').execute();
