import type { Kysely } from 'kysely';

/*
 * The outbox of e-mail (issue 12). A message row is written in the same transaction as the
 * change that causes it, then a job renders and sends it. The unique (client, event, recipient)
 * is what makes a message at most once: a retried request, a second process or a replayed
 * webhook that causes the same event again finds the row there and writes nothing.
 *
 * password_resets keeps only a hash of each e-mailed reset token, so a copy of the database
 * cannot reset anyone's password.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text_body', 'text')
    .addColumn('sending_since', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('messages_event_recipient', ['client_id', 'event_key', 'recipient_email'])
    .execute();
  await db.schema
    .createIndex('messages_client_created')
    .on('messages')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_booking')
    .on('messages')
    .columns(['client_id', 'booking_id'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .columns(['client_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').ifExists().execute();
  await db.schema.dropTable('messages').ifExists().execute();
}
