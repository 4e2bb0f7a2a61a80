import type { Kysely } from 'kysely';

/*
 * Issue 16: an activity may be limited by UK school year (0 = Reception … 13 = Year 13) as well
 * as by age (docs/rules/school-years.md). Null ends are open.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_groups').addColumn('school_year_min', 'integer').execute();
  await db.schema.alterTable('activity_groups').addColumn('school_year_max', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_groups').dropColumn('school_year_max').execute();
  await db.schema.alterTable('activity_groups').dropColumn('school_year_min').execute();
}
