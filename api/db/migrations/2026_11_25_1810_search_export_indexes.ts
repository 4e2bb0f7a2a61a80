import type { Kysely } from 'kysely';

/*
 * Indexes for search and exports (issue 17). The Customers screen pages a client's customers by
 * name; the payments and accounting exports read a client's payments and refunds by date; the
 * customer page reads a parent's waitlist entries. Each starts with client_id, as every lookup
 * index here does. Substring search (LIKE '%…%') cannot use a b-tree index on either database:
 * it is bounded by the client instead, and the children's names and phone answers it reads are
 * found per customer through field_data's (client_id, owner_type, owner_id) index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await index('users_client_role_name', 'users', ['client_id', 'role', 'full_name']);
  await index('payments_client_created', 'payments', ['client_id', 'created_at']);
  await index('refunds_client_created', 'refunds', ['client_id', 'created_at']);
  await index('waitlist_user', 'waitlist_entries', ['client_id', 'user_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'users_client_role_name',
    'payments_client_created',
    'refunds_client_created',
    'waitlist_user',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
