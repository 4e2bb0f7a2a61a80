import type { Kysely } from 'kysely';

/*
 * Absences and make-up credits (issue 16, docs/rules/make-ups.md).
 *
 * make_up_rules: the organiser's one rule (Settings › Make-ups): whether reported absences earn
 * credits, the notice they need (hours before the session), how many a child may earn per term
 * (per activity), how long a credit lasts (days after the missed session), and where it may be
 * spent ('same' activity, 'any' activity, or the 'listed' activities in activity_group_ids, JSON).
 *
 * absences: one row per reported absence of one child from one session; the place it was on
 * becomes booking_places.status 'absent' (it no longer takes a place). The unique index on the
 * place means a second report of the same place is refused by the database, whoever wins the
 * race. A credit earned by the absence lives on the same row (credit = 1, with its expiry); when
 * it is spent, make_up_booking_id and make_up_place_id name the free booking it paid for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('make_up_rules')
    .addColumn('client_id', 'text', (c) => c.primaryKey().references('clients.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notice_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('per_term', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('expiry_days', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('spend_on', 'text', (c) => c.notNull().defaultTo('same'))
    .addColumn('activity_group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('absences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('booking_place_id', 'text', (c) => c.notNull().references('booking_places.id'))
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
    .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addColumn('credit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_expires_at', 'text')
    .addColumn('credit_used_at', 'text')
    .addColumn('make_up_booking_id', 'text')
    .addColumn('make_up_place_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('absences_place')
    .on('absences')
    .columns(['client_id', 'booking_place_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('absences_session')
    .on('absences')
    .columns(['client_id', 'activity_id'])
    .execute();
  await db.schema
    .createIndex('absences_user')
    .on('absences')
    .columns(['client_id', 'user_id', 'attendee_id'])
    .execute();
  await db.schema
    .createIndex('absences_make_up_place')
    .on('absences')
    .columns(['client_id', 'make_up_place_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('absences').ifExists().execute();
  await db.schema.dropTable('make_up_rules').ifExists().execute();
}
