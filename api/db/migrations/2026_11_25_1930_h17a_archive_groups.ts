import type { Kysely } from 'kysely';

/*
 * Issue 17: an organiser archives a finished term's activity group. It leaves the widget and the
 * default activities list but keeps its bookings and reports, so it is a flag, not a delete.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activity_groups')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_groups').dropColumn('archived').execute();
}
