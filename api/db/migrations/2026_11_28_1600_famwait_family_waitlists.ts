import type { Kysely } from 'kysely';

/*
 * Issue 16, waitlists for families (docs/rules/family.md): brothers and sisters who join a
 * waitlist together share a family id, so places that free up are offered to them together.
 * Null for a child who joined alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waitlist_entries').addColumn('family_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('waitlist_entries').dropColumn('family_id').execute();
}
