import type { Kysely } from 'kysely';

/*
 * When the Stripe event last applied to a row was created (Stripe's `event.created`, Unix
 * seconds). Stripe does not deliver events in order, and account.updated and
 * customer.subscription.updated each carry the whole object: an older one applied after a newer
 * one would undo it, so an event older than the one already applied is skipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('connected_accounts')
    .addColumn('stripe_event_at', 'integer')
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('stripe_event_at', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connected_accounts').dropColumn('stripe_event_at').execute();
  await db.schema.alterTable('subscriptions').dropColumn('stripe_event_at').execute();
}
