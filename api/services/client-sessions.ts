import type { Db } from '../db/connection.ts';

/**
 * The client's sessions with their group and venue, scoped to the client on every table, for the
 * screens that list sessions (registers, overview) to narrow further.
 */
export function clientSessionsQuery(db: Db, clientId: string) {
  return db
    .selectFrom('activities as s')
    .innerJoin('activity_groups as g', 'g.id', 's.activity_group_id')
    .leftJoin('venues as v', (join) =>
      join.onRef('v.id', '=', 'g.venue_id').on('v.client_id', '=', clientId),
    )
    .select([
      's.id',
      's.date',
      's.start_time',
      's.end_time',
      'g.id as group_id',
      'g.name as group_name',
      'v.name as venue_name',
    ])
    .where('s.client_id', '=', clientId)
    .where('g.client_id', '=', clientId);
}
