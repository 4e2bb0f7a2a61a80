import type { Kysely } from 'kysely';

/*
 * Issue 14, data rights (docs/rules/data-rights.md). `audit_events`: who did what to bookings,
 * refunds, customers and settings, one row per action, written in the transaction of the change.
 * It keeps the actor's name as it was (a user may later be erased or renamed) and no other
 * personal data. `users.erased_at`: when a customer's personal data was removed; the row stays
 * so their bookings and payments keep pointing at someone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The Audit log screen pages newest first, optionally by subject type; a customer page asks
  // for one subject's entries.
  await db.schema
    .createIndex('audit_events_client_time')
    .on('audit_events')
    .columns(['client_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_events_client_subject')
    .on('audit_events')
    .columns(['client_id', 'subject_type', 'subject_id'])
    .execute();
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.dropTable('audit_events').execute();
}
