import type { Kysely } from 'kysely';

/*
 * Issue 16, re-enrolment (docs/rules/re-enrolment.md): a rollover from one activity to next
 * term's copy, with a priority window, and one offer per child booked on the source. An open
 * offer keeps a place on the copy until the window ends; the token in the parent's e-mail is
 * stored hashed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('re_enrolments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('source_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addColumn('target_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addColumn('window_days', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('re_enrolments_groups')
    .on('re_enrolments')
    .columns(['client_id', 'target_group_id', 'source_group_id'])
    .execute();
  await db.schema
    .createTable('re_enrolment_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('re_enrolment_id', 'text', (c) => c.notNull().references('re_enrolments.id'))
    .addColumn('target_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('booking_id', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('re_enrolment_offers_group')
    .on('re_enrolment_offers')
    .columns(['client_id', 'target_group_id', 'status'])
    .execute();
  await db.schema
    .createIndex('re_enrolment_offers_token')
    .on('re_enrolment_offers')
    .columns(['token_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('re_enrolment_offers').ifExists().execute();
  await db.schema.dropTable('re_enrolments').ifExists().execute();
}
