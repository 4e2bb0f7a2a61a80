import type { Kysely } from 'kysely';

/*
 * Payments settings: a client has at most one connected account per provider, so two clicks on
 * Connect at once cannot leave two Stripe accounts behind one organiser (the second insert fails
 * and its request re-reads the first). Reconciliation scans pending card payments by status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('connected_accounts_client_provider')
    .on('connected_accounts')
    .columns(['client_id', 'provider'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payments_status_provider')
    .on('payments')
    .columns(['provider', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_status_provider').ifExists().execute();
  await db.schema.dropIndex('connected_accounts_client_provider').ifExists().execute();
}
