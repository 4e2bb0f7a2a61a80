import type { Kysely } from 'kysely';

/*
 * What each cancellation of a booking did (issue 11: My bookings shows what changed after a
 * partial cancellation and how a refund was worked out). One row per cancel action: the places
 * given up (JSON), the total and what was owed before and after, and the refund's breakdown
 * (JSON: amount, kind, method, per item percentage and fee). Rows are written once, never
 * updated, so they stay the record of what the parent was told at the time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_cancellations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('by_role', 'text', (c) => c.notNull())
    .addColumn('places', 'text', (c) => c.notNull())
    .addColumn('total_before', 'integer', (c) => c.notNull())
    .addColumn('total_after', 'integer', (c) => c.notNull())
    .addColumn('owed_before', 'integer', (c) => c.notNull())
    .addColumn('owed_after', 'integer', (c) => c.notNull())
    .addColumn('refund', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_cancellations_booking')
    .on('booking_cancellations')
    .columns(['client_id', 'booking_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_cancellations').ifExists().execute();
}
