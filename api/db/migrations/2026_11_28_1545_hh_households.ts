import type { Kysely } from 'kysely';

/*
 * Issue 16, households: several guardians share one family's children and bookings. The
 * household is named by its main account (the parent whose children and bookings they are):
 * `household_guardians` lists every other guardian (one household per guardian), invitations
 * wait in `household_invites` (only the SHA-256 of an e-mailed token is kept), a booking records
 * which guardian made it (`bookings.booked_by_user_id`), and `login_links` holds the e-mailed
 * one-time sign-in links (15 minutes, single use).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('household_guardians')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('household_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('invited_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('household_guardians_household_idx')
    .on('household_guardians')
    .columns(['client_id', 'household_id'])
    .execute();
  await db.schema
    .createTable('household_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('household_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('household_invites_household_idx')
    .on('household_invites')
    .columns(['client_id', 'household_id'])
    .execute();
  await db.schema
    .createTable('login_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('bookings').addColumn('booked_by_user_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('booked_by_user_id').execute();
  await db.schema.dropTable('login_links').execute();
  await db.schema.dropTable('household_invites').execute();
  await db.schema.dropTable('household_guardians').execute();
}
