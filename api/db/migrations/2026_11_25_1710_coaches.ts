import type { Kysely } from 'kysely';

/*
 * Coaches (issue 17): staff who see the registers of the activities assigned to them and nothing
 * else. A coach is a user with role 'coach' (the role column is text, so no change there); this
 * table says which activity groups each coach takes the registers of.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coach_activity_groups')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('activity_group_id', 'text', (c) => c.notNull().references('activity_groups.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coach_activity_groups_pk', [
      'client_id',
      'user_id',
      'activity_group_id',
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coach_activity_groups').ifExists().execute();
}
