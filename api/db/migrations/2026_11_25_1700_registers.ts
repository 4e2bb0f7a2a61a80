import type { Kysely } from 'kysely';

/*
 * Registers (issue 17). register_marks is an audit trail: every tap on the register is a row and
 * nothing is updated, so a correction keeps what it corrected; a child's current mark is the
 * trail folded in order (engine/registers.ts). The id is made on the device, and the primary key
 * (client, id) is what makes a mark replayed by a phone's offline queue recorded once.
 *
 * custom_fields.safeguarding marks the answers a register shows as flags (allergies, medical
 * notes, photo consent, who may collect).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('custom_fields')
    .addColumn('safeguarding', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('register_marks')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('activity_id', 'text', (c) => c.notNull().references('activities.id'))
    .addColumn('attendee_id', 'text', (c) => c.notNull().references('attendees.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addColumn('collected_by', 'text')
    .addColumn('marked_by_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('register_marks_pk', ['client_id', 'id'])
    .execute();
  await db.schema
    .createIndex('register_marks_session')
    .on('register_marks')
    .columns(['client_id', 'activity_id', 'attendee_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('register_marks').ifExists().execute();
  await db.schema.alterTable('custom_fields').dropColumn('safeguarding').execute();
}
