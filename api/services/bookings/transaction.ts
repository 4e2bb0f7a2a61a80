import { type Db, isLockWait, LockWaitTimeout } from '../../db/connection.ts';

/**
 * Runs `work` in the caller's transaction when there is one, else in a new one: lifecycle steps
 * are called both on their own (jobs, admin routes) and inside a payment webhook's transaction.
 * A lock not granted in time (PostgreSQL's lock_timeout, SQLite busy) comes out as a
 * `LockWaitTimeout`, the 503 with Retry-After, whoever the caller is.
 *
 * @example await inTransaction(db, (trx) => releaseHeldPlaces(trx, …));
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await (db.isTransaction ? work(db) : db.transaction().execute(work));
  } catch (error) {
    throw isLockWait(error) ? new LockWaitTimeout() : error;
  }
}
