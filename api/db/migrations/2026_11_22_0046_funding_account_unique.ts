import { type Kysely, sql } from 'kysely';

/*
 * A client's childcare funding provider accounts have unique names, ignoring case ('Name already
 * exists'), and unique registration references (docs/rules/forms-and-messages.md). The service
 * checks both with the engine's rules for the dialog's messages, but on PostgreSQL two saves at
 * once can both pass that check; these indexes make the database the judge (the service maps a
 * violation to the same messages). Names are stored trimmed; lower() is ASCII-only on SQLite,
 * Unicode-aware on PostgreSQL, and the engine's check (toLowerCase) covers the rest for saves one
 * at a time. An expression index is plain SQL on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index childcare_funding_accounts_name_unique on childcare_funding_accounts (client_id, lower(name))`.execute(
    db,
  );
  await db.schema
    .createIndex('childcare_funding_accounts_reg_reference_unique')
    .on('childcare_funding_accounts')
    .columns(['client_id', 'reg_reference'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('childcare_funding_accounts_reg_reference_unique').ifExists().execute();
  await db.schema.dropIndex('childcare_funding_accounts_name_unique').ifExists().execute();
}
