import type { Kysely } from 'kysely';

/*
 * Issue 11 item 5: a booking awaiting an offline payment (voucher, Tax-Free Childcare, pay later)
 * keeps its places only until the organiser's deadline. `clients.unpaid_release_days` is that
 * deadline in days (default 7); `bookings.payment_due_at` is when this booking's places go back
 * on sale unless it is marked paid. It stays on a released booking, which is how the booking says
 * it expired unpaid rather than as a checkout hold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('unpaid_release_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  await db.schema.alterTable('bookings').addColumn('payment_due_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('payment_due_at').execute();
  await db.schema.alterTable('clients').dropColumn('unpaid_release_days').execute();
}
