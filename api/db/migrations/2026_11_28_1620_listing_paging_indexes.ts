import type { Kysely } from 'kysely';

/*
 * The widget's listing a page at a time (issue 18): the published groups of a client in listing
 * order (weight, created, id) straight from an index, so the next page after a cursor is an
 * index range; and a client's groups by id, which the listing and every group read ask for with
 * `id in (…)` and which otherwise went through every group of the client (client_id alone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await index('activity_groups_listing', 'activity_groups', [
    'client_id',
    'enabled',
    'archived',
    'weight',
    'created_at',
    'id',
  ]);
  await index('activity_groups_client_id', 'activity_groups', ['client_id', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['activity_groups_listing', 'activity_groups_client_id']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
