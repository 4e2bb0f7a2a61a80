import type { Kysely } from 'kysely';

/*
 * Issue 12: the organiser's terms and privacy links (docs/rules/account.md). Absolute http(s)
 * addresses, or null when not set; the widget's registration agreements link to them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('terms_url', 'text').execute();
  await db.schema.alterTable('clients').addColumn('privacy_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('privacy_url').execute();
  await db.schema.alterTable('clients').dropColumn('terms_url').execute();
}
