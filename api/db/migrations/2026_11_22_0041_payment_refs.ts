import type { Kysely } from 'kysely';

/*
 * One payment row per provider payment: two checkout requests for the same booking create the
 * same PaymentIntent (same idempotency key at Stripe), and this index lets only one of them
 * record it. Offline payments have no provider ref; NULLs never clash in a unique index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payments_provider_ref_unique')
    .on('payments')
    .columns(['client_id', 'provider', 'provider_ref'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_provider_ref_unique').ifExists().execute();
}
