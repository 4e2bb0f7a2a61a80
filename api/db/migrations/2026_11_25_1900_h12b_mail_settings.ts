import type { Kysely } from 'kysely';

/*
 * Issue 12: the organiser's e-mail settings. `mail_sender_name` is the name messages are sent
 * under (null: the organisation's name) and `mail_reply_to` where replies go (null: no Reply-To);
 * the From address stays MAIL_FROM's. `session_reminders` (0/1, on by default) and
 * `session_reminder_hours` (default 24) are the organiser's switch for session reminders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('mail_sender_name', 'text').execute();
  await db.schema.alterTable('clients').addColumn('mail_reply_to', 'text').execute();
  await db.schema
    .alterTable('clients')
    .addColumn('session_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('clients')
    .addColumn('session_reminder_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('session_reminder_hours').execute();
  await db.schema.alterTable('clients').dropColumn('session_reminders').execute();
  await db.schema.alterTable('clients').dropColumn('mail_reply_to').execute();
  await db.schema.alterTable('clients').dropColumn('mail_sender_name').execute();
}
