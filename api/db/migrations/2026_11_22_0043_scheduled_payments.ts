import type { Kysely } from 'kysely';

/*
 * The later instalments of bookings paid by payment schedule (docs/data-model.md,
 * docs/rules/editing-and-states.md): one row per date, made with the booking, charged to the card
 * saved at its checkout when the date comes. A date appears once per booking, so a retried plan or
 * job never adds an instalment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('provider_ref', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scheduled_payments_booking_date')
    .on('scheduled_payments')
    .columns(['client_id', 'booking_id', 'due_date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('scheduled_payments_provider_ref')
    .on('scheduled_payments')
    .columns(['provider_ref'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_payments').ifExists().execute();
}
