import type { Kysely } from 'kysely';

/*
 * What each Idempotency-Key was first sent with (a hash of the validated booking request), so a
 * key sent again with a different body is refused instead of answering the first booking, and
 * a retry is told apart from a new request (it does not count towards the unpaid-booking limit).
 * Rows whose key never made a booking are pruned after a day by the housekeeping job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['client_id', 'user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
