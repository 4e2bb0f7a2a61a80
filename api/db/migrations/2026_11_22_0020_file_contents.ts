import { type Kysely, PostgresAdapter } from 'kysely';

/*
 * Uploaded bytes live in the database, next to their `files` row: several API processes on one
 * PostgreSQL then serve every file without shared disks, and a database backup holds everything.
 * Binary is the one column type that differs by dialect (BLOB vs BYTEA).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('file_contents')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('bytes', binary as 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_contents').ifExists().execute();
}
