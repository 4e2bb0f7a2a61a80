import type { Kysely } from 'kysely';

/*
 * Indexes for lookups on the booking and listing paths (issue 18) that read whole tables: a
 * basket's payment schedules by group, and a client's discount conditions and discounted groups
 * (read for every quote and booking). Each starts with client_id, as every lookup index here
 * does. api/db/query-plans.test.ts fails if one of the hot queries scans a growing table again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await index('payment_schedules_group', 'payment_schedules', ['client_id', 'activity_group_id']);
  await index('discount_conditions_rule', 'discount_conditions', ['client_id', 'discount_rule_id']);
  await index('discount_rule_groups_client', 'discount_rule_activity_groups', [
    'client_id',
    'activity_group_id',
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'payment_schedules_group',
    'discount_conditions_rule',
    'discount_rule_groups_client',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
