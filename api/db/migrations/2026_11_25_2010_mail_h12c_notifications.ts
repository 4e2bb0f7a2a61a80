import type { Kysely } from 'kysely';

/*
 * Issue 12, the rest of e-mail (docs/rules/messages.md):
 * - `mail_admin_notifications`: each admin's own opt-in to organiser notices (new booking,
 *   cancellation, failed payment) and the daily digest of tomorrow's sessions; no row: all off.
 * - `mail_bounces`: an address a mail server refused for good (SMTP 5xx), per organiser, with the
 *   server's reason; while it is there, sends to it fail at once. The organiser clears it.
 * - `calendar_links`: the unguessable 'Add to calendar' links of booking confirmations (only the
 *   SHA-256 of the token is kept), each naming one booking.
 * - `clients.logo_file_id`: the organiser's logo, one of their public uploaded images.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_admin_notifications')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('new_booking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancellation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_admin_notifications_pk', ['client_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('mail_bounces')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('bounced_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_bounces_pk', ['client_id', 'email'])
    .execute();
  await db.schema
    .createTable('calendar_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('clients').addColumn('logo_file_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('logo_file_id').execute();
  await db.schema.dropTable('calendar_links').execute();
  await db.schema.dropTable('mail_bounces').execute();
  await db.schema.dropTable('mail_admin_notifications').execute();
}
