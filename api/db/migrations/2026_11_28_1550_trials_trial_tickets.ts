import type { Kysely } from 'kysely';

/*
 * Trials (issue 16, docs/rules/trials.md). tickets.trial marks a single-session ticket as a trial.
 * trial_follow_ups records the e-mail offered after a trial session, one per trial place: its id
 * is the conversion link's token (`#classwise=trial/<id>`, the parent must still sign in as the
 * booking's own parent), and the unique (client, place) is what makes sweeps that overlap or run
 * twice write one follow-up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('trial_follow_ups')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('booking_place_id', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .addColumn('activity_group_id', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trial_follow_ups_pk', ['client_id', 'id'])
    .addUniqueConstraint('trial_follow_ups_place', ['client_id', 'booking_place_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trial_follow_ups').ifExists().execute();
  await db.schema.alterTable('tickets').dropColumn('trial').execute();
}
