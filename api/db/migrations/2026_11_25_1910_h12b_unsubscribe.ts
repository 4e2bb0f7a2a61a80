import type { Kysely } from 'kysely';

/*
 * Issue 12: unsubscribe from reminders (and later digests). Each reminder carries a link with a
 * random token, of which only the SHA-256 is kept (`mail_unsubscribe_links`), naming the
 * organiser, the recipient and the category; using it records the choice in `mail_unsubscribes`,
 * one row per (organiser, recipient, category).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_unsubscribe_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_unsubscribes')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_unsubscribes_pk', ['client_id', 'user_id', 'category'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_unsubscribes').execute();
  await db.schema.dropTable('mail_unsubscribe_links').execute();
}
