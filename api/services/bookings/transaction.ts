import type { Db } from '../../db/connection.ts';

/**
 * Runs `work` in the caller's transaction when there is one, else in a new one: lifecycle steps
 * are called both on their own (jobs, admin routes) and inside a payment webhook's transaction.
 *
 * @example await inTransaction(db, (trx) => releaseHeldPlaces(trx, …));
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
