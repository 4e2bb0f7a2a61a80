import type { Kysely } from 'kysely';

/*
 * Issue 17: an organiser may refund any amount by hand (docs/rules/refunds.md). Such a refund
 * keeps the reason they gave and who gave it; refunds worked out by a cancellation rule leave
 * both empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('reason', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('created_by_admin_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('created_by_admin_id').execute();
  await db.schema.alterTable('refunds').dropColumn('reason').execute();
}
