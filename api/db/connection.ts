import { AsyncLocalStorage } from 'node:async_hooks';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import pg from 'pg';
import { HttpError } from '../http/errors.ts';
import type { Database } from './schema.ts';
import { CommitGroup } from './sqlite-commit-group.ts';

export type Dialect = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

// COUNT(*) and bigint columns come back from pg as strings; every number we store fits a double.
pg.types.setTypeParser(20, (value) => Number(value));

/** How long a request waits for the database's write lock before it is answered 503. */
export const LOCK_WAIT_MS = 2000;

export const BUSY_MESSAGE =
  'So many bookings are being made right now that yours could not be taken. Nothing was booked or charged: please try again in a moment.';

/**
 * A lock wait beyond `LOCK_WAIT_MS` (SQLite: the queue for the connection or another process's
 * write lock; PostgreSQL: a row lock, see locks.ts): 503 with Retry-After, nothing written, so a
 * burst is answered instead of hanging.
 */
export class LockWaitTimeout extends HttpError {
  constructor() {
    super(503, BUSY_MESSAGE, undefined, { 'Retry-After': '2' });
  }
}

/**
 * PostgreSQL's lock_timeout (55P03) and statement_timeout (57014), SQLite's SQLITE_BUSY; and
 * PostgreSQL's deadlock_detected (40P01): the transaction it picks is rolled back whole, so
 * "nothing was booked, try again" is true of it too, and a 500 would not be.
 */
export function isLockWait(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '55P03' || code === '57014' || code === '40P01' || code === 'SQLITE_BUSY';
}

/**
 * The current request (set by `inRequestOrder`), for the connection queue: when it started, and
 * whether it has committed a transaction.
 */
const requests = new AsyncLocalStorage<{ startedAt: number; committed: boolean }>();

/**
 * Runs a request's work with its start time, so its queries queue for SQLite's connection in
 * the order requests arrived (api/middleware/auth.ts wraps every request).
 */
export function inRequestOrder<T>(startedAt: number, work: () => T): T {
  return requests.run({ startedAt, committed: false }, work);
}

/**
 * SQLite's one connection, in the order requests arrived, with a bounded wait. Kysely's own
 * mutex wakes every waiter on each release (each re-checks and sleeps again), which under a
 * burst of hundreds of requests cost more than the queries, and served them in no particular
 * order: each of a request's ~10 steps queued behind every newer request's steps, so under a
 * burst every request finished late, the first ones too. Here a request that started earlier
 * goes first at each step, so the first requests of a burst finish (and book) first.
 *
 * The connection passes to the next waiter on the event loop's next turn (setImmediate), not
 * straight from one promise to the next: otherwise a queue of hundreds of requests drains in
 * one go, during which no timer fires and no other request (/api/health) is even read. And the
 * wait is checked when the connection is handed over too, as a timer may fire late on a busy
 * machine.
 */
class ConnectionQueue {
  private held = false;
  private handing = false;
  private readonly waiters: Waiter[] = [];
  /** When the event loop last came round (a setImmediate ran), and whether one is pending. */
  private turnAt = performance.now();
  private turnPending = false;

  constructor(
    private readonly waitMs: number,
    /** Called when the connection comes free and nobody waits for it. */
    private readonly onIdle: () => void = () => undefined,
  ) {}

  /** Whether anyone waits for the connection (the next transaction of a commit group). */
  get waiting(): boolean {
    return this.waiters.length > 0;
  }

  acquire(): Promise<void> {
    if (!this.held && this.waiters.length === 0 && !this.overdue()) {
      this.held = true;
      this.watchTurn();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const since = Date.now();
      const request = requests.getStore();
      // A request that committed (its booking is made) must not be told 503 "nothing was
      // booked" while it reads its answer: it waits, ahead of every later request.
      const waitMs = request?.committed ? 0 : this.waitMs;
      const waiter: Waiter = { resolve, reject, since, waitMs, order: request?.startedAt ?? since };
      if (waitMs > 0)
        waiter.timer = setTimeout(() => {
          const at = this.waiters.indexOf(waiter);
          if (at < 0) return;
          this.waiters.splice(at, 1);
          reject(new LockWaitTimeout());
        }, waitMs);
      let at = this.waiters.length;
      while (at > 0 && this.waiters[at - 1]!.order > waiter.order) at--;
      this.waiters.splice(at, 0, waiter);
      // Free, but the loop has not come round for a while: hand it over on the next turn.
      if (!this.held) this.scheduleHandOver();
    });
  }

  /**
   * A free connection is taken at once, in the same turn of the event loop, until the loop has
   * not come round for `TURN_MS`: a burst of requests arriving together, each running its
   * statements back to back as microtasks, could otherwise hold the loop for as long as the
   * burst lasts, and nothing else (a health check, another organiser's read) is even read from
   * the network meanwhile. Past that, the next statement waits for the next turn.
   */
  private overdue() {
    return performance.now() - this.turnAt > TURN_MS;
  }

  private watchTurn() {
    if (this.turnPending) return;
    this.turnPending = true;
    setImmediate(() => {
      this.turnPending = false;
      this.turnAt = performance.now();
    });
  }

  private scheduleHandOver() {
    if (this.handing) return;
    this.handing = true;
    setImmediate(() => this.handOver());
  }

  release() {
    this.held = false;
    if (this.waiters.length > 0) this.scheduleHandOver();
    else this.onIdle();
  }

  private handOver() {
    this.handing = false;
    this.turnAt = performance.now();
    if (this.held) return;
    for (let waiter = this.waiters.shift(); waiter; waiter = this.waiters.shift()) {
      clearTimeout(waiter.timer);
      if (waiter.waitMs > 0 && Date.now() - waiter.since > waiter.waitMs) {
        waiter.reject(new LockWaitTimeout());
        continue;
      }
      this.held = true;
      waiter.resolve();
      return;
    }
    this.onIdle();
  }
}

/** How long statements may follow each other in one turn of the event loop (see `overdue`). */
const TURN_MS = 10;

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  since: number;
  /** How long it may wait; 0 for ever. */
  waitMs: number;
  /** When its request started: earlier goes first. */
  order: number;
  timer?: NodeJS.Timeout;
}

/** Runs statements on the one SQLite connection; another process's write lock held past the
 * busy timeout is a `LockWaitTimeout`. */
class SqliteQueuedConnection {
  constructor(private readonly database: SQLite.Database) {}

  /** `outside`: the statement runs outside any transaction, told to the commit group first. */
  executeQuery<R>(compiled: CompiledQuery, outside?: CommitGroup): Promise<QueryResult<R>> {
    try {
      const statement = this.database.prepare(compiled.sql);
      outside?.beforeStatement(statement.readonly);
      const parameters = compiled.parameters as unknown[];
      if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
      const { changes, lastInsertRowid } = statement.run(parameters);
      return Promise.resolve({
        numAffectedRows: BigInt(changes),
        insertId: BigInt(lastInsertRowid),
        rows: [],
      });
    } catch (error) {
      if (isLockWait(error)) return Promise.reject(new LockWaitTimeout());
      return Promise.reject(error);
    }
  }
}

/**
 * One turn of the connection, as Kysely holds it from acquire to release. A transaction that
 * joins a commit group gives the connection back at its commit, before Kysely releases it (its
 * commit waits for the group, which needs the next transaction to run), so a lease remembers
 * whether it still holds the connection and whether its transaction is over.
 */
class SqliteLease implements DatabaseConnection {
  transaction: { nested: boolean } | null = null;
  /** Committed or rolled back: a rollback after a failed group commit has nothing to undo. */
  finished = false;
  private released = false;

  constructor(
    private readonly connection: SqliteQueuedConnection,
    private readonly group: CommitGroup,
    private readonly queue: ConnectionQueue,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.connection.executeQuery(compiled, this.transaction ? undefined : this.group);
  }

  release() {
    if (this.released) return;
    this.released = true;
    this.queue.release();
  }

  // biome-ignore lint/correctness/useYield: streaming is not used; Kysely's interface needs it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on SQLite here');
  }
}

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) BEGIN, which lets two
 * processes both read and then fail to upgrade to a write lock. BEGIN IMMEDIATE takes the write
 * lock up front, so a booking transaction either runs alone or waits: no oversell. The wait is
 * bounded (`lockWaitMs`): the queue for this process's one connection, then SQLite's busy
 * timeout for another process's write lock. Transactions that follow each other while others
 * wait share one commit (sqlite-commit-group.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private readonly queue: ConnectionQueue;
  private readonly connection: SqliteQueuedConnection;
  private readonly group: CommitGroup;
  constructor(database: SQLite.Database, lockWaitMs: number) {
    super({ database });
    this.group = new CommitGroup(database);
    this.queue = new ConnectionQueue(lockWaitMs, () => this.group.idle());
    this.connection = new SqliteQueuedConnection(database);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.acquire();
    return new SqliteLease(this.connection, this.group, this.queue);
  }
  override async releaseConnection(lease?: DatabaseConnection): Promise<void> {
    (lease as SqliteLease).release();
  }
  override async beginTransaction(lease: DatabaseConnection): Promise<void> {
    const own = lease as SqliteLease;
    own.finished = false;
    own.transaction = lockWaitsAsTimeouts(() => this.group.begin());
  }
  override async commitTransaction(lease: DatabaseConnection): Promise<void> {
    const own = lease as SqliteLease;
    const nested = own.transaction?.nested ?? false;
    own.transaction = null;
    own.finished = true;
    const joined = lockWaitsAsTimeouts(() => this.group.commit(nested, this.queue.waiting));
    if (joined) {
      own.release();
      await joined;
    }
    const request = requests.getStore();
    if (request) request.committed = true;
  }
  override async rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    const own = lease as SqliteLease;
    if (own.finished) return;
    const nested = own.transaction?.nested ?? false;
    own.transaction = null;
    own.finished = true;
    this.group.rollback(nested);
  }
}

/** Runs a statement of the commit group, with a write lock held too long as `LockWaitTimeout`. */
function lockWaitsAsTimeouts<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw isLockWait(error) ? new LockWaitTimeout() : error;
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
  return {
    prepare,
    close,
    get inTransaction() {
      return database.inTransaction;
    },
  } as unknown as SQLite.Database;
}

class ImmediateSqliteDialect extends SqliteDialect {
  private readonly database: SQLite.Database;
  constructor(
    database: SQLite.Database,
    statementCache: number,
    private readonly lockWaitMs: number,
  ) {
    const cached = withStatementCache(database, statementCache);
    super({ database: cached });
    this.database = cached;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.database, this.lockWaitMs);
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
 * does by itself: the bench compares the two). `lockWaitMs` bounds the wait for the connection
 * and the write lock (`LockWaitTimeout`, a 503).
 *
 * @example const { db, close } = openSqlite('data/classwise.db');
 */
export function openSqlite(
  file: string,
  {
    statementCache = STATEMENT_CACHE_SIZE,
    lockWaitMs = LOCK_WAIT_MS,
  }: { statementCache?: number; lockWaitMs?: number } = {},
): DbHandle {
  const sqlite = new SQLite(file);
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${lockWaitMs}`);
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect(sqlite, statementCache, lockWaitMs),
  });
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
