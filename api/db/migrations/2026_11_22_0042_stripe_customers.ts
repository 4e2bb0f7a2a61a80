import type { Kysely } from 'kysely';

/*
 * One Stripe Customer per parent per connected account: the card saved at a subscription
 * booking's checkout belongs to it, and its monthly subscriptions charge it. Subscriptions are
 * found by their Stripe id when Stripe's webhook reports on them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stripe_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stripe_customers_user_account')
    .on('stripe_customers')
    .columns(['client_id', 'user_id', 'account_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_ref')
    .on('subscriptions')
    .columns(['provider_subscription_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscriptions_provider_ref').ifExists().execute();
  await db.schema.dropTable('stripe_customers').ifExists().execute();
}
