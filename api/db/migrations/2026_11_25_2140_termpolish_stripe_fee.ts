import type { Kysely } from 'kysely';

/*
 * Issue 17: the payments export shows what Stripe kept of a card payment (docs/rules/exports.md).
 * The fee is read from the charge's balance transaction after the payment succeeds; null until
 * then, and for payments that never went through Stripe.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('stripe_fee', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('stripe_fee').execute();
}
