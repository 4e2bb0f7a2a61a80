import type { Kysely } from 'kysely';

/*
 * An instalment's payment row is written before Stripe is asked to charge it (a confirmed
 * off-session PaymentIntent can succeed, and its webhook arrive, before the create call answers
 * us), so the instalment points at that row by our own id rather than by the PaymentIntent id,
 * which is not known yet when the row is written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_payments').addColumn('payment_id', 'text').execute();
  await db.schema
    .createIndex('scheduled_payments_payment_id')
    .on('scheduled_payments')
    .columns(['payment_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scheduled_payments_payment_id').ifExists().execute();
  await db.schema.alterTable('scheduled_payments').dropColumn('payment_id').execute();
}
