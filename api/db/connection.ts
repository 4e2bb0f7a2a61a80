import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

// COUNT(*) and bigint columns come back from pg as strings; every number we store fits a double.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) BEGIN, which lets two
 * processes both read and then fail to upgrade to a write lock. BEGIN IMMEDIATE takes the write
 * lock up front, so a booking transaction either runs alone or waits (busy_timeout): no oversell.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * How many distinct statements stay prepared per SQLite connection. Kysely prepares every query
 * anew, which was a tenth of a booking's time (docs/architecture.md, Performance); the hot paths
 * use a few hundred statement texts (an `in (?, ?)` list gives one text per length), so the
 * cache keeps the most recently used and drops the oldest beyond this.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite driver sees it (it only prepares and closes), handing back the
 * statement already prepared for the same SQL text. Reusing one is safe here: the driver runs one
 * query at a time on its single connection, and SQLite re-prepares a statement by itself when a
 * migration changes the schema under it.
 */
function withStatementCache(database: SQLite.Database, size: number): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    const found = cache.get(source);
    if (found) {
      // Most recently used last, so the first key is always the one to drop.
      cache.delete(source);
      cache.set(source, found);
      return found;
    }
    const statement = database.prepare(source);
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  const close = () => {
    cache.clear();
    return database.close();
  };
  return { prepare, close } as unknown as SQLite.Database;
}

class ImmediateSqliteDialect extends SqliteDialect {
  private readonly database: SQLite.Database;
  constructor(database: SQLite.Database, statementCache: number) {
    const cached = withStatementCache(database, statementCache);
    super({ database: cached });
    this.database = cached;
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.database });
  }
  override createAdapter() {
    return new SqliteAdapter();
  }
  override createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  override createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Opens a SQLite file (WAL, foreign keys, busy timeout, synchronous=FULL so a confirmed booking
 * survives a power cut). `:memory:` gives a private database for a test.
 *
 * `statementCache` is how many prepared statements to keep (0 prepares every query, as Kysely
 * does by itself: the bench compares the two).
 *
 * @example const { db, close } = openSqlite('data/classwise.db');
 */
export function openSqlite(
  file: string,
  { statementCache = STATEMENT_CACHE_SIZE }: { statementCache?: number } = {},
): DbHandle {
  const sqlite = new SQLite(file);
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite, statementCache) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Connects to PostgreSQL, creating the database first when it does not exist yet.
 *
 * @example const { db } = await openPostgres('postgres://postgres@127.0.0.1:5432/classwise');
 */
export async function openPostgres(url: string, { max = 10 } = {}): Promise<DbHandle> {
  await createPostgresDatabaseIfMissing(url);
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // crash the process: the pool replaces it on the next query, so log anything unexpected only.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.error('[db] idle connection lost:', error.message);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export async function createPostgresDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
    }
  } catch (error) {
    // Two processes may race to create it; the loser finds it there.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Chooses the database from a URL: `postgres://…` is PostgreSQL, anything else a SQLite file.
 *
 * @example const handle = await openDatabase(process.env.DATABASE_URL ?? 'data/classwise.db');
 */
export async function openDatabase(url: string): Promise<DbHandle> {
  return /^postgres(ql)?:\/\//.test(url) ? openPostgres(url) : openSqlite(url);
}
