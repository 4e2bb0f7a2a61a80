import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../connection.ts';

/**
 * Keys hold what callers send (an e-mail, an address): past 160 characters the rest is hashed,
 * so no request grows the table's primary-key index, on either database.
 */
export function boundedKey(key: string): string {
  if (key.length <= 160) return key;
  return `${key.slice(0, 100)}#${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * Counts one hit in a fixed window and returns the count so far. One upsert statement, so two
 * processes counting the same key at once both see the right total.
 */
export async function hit(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: boundedKey(key), window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A run of failures: `count` failures, the last at `window_start` (ms). A failure older than
 * `forgetBefore` starts the run again at 1. One upsert, so racing failures all count.
 */
export async function recordFailure(
  db: Db,
  key: string,
  now: number,
  forgetBefore: number,
): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: boundedKey(key), window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start >= ${forgetBefore} then rate_limits.count + 1 else 1 end`,
        window_start: now,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function readCounter(db: Db, key: string) {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', boundedKey(key))
    .executeTakeFirst();
  return row ? { count: Number(row.count), at: Number(row.window_start) } : null;
}

export const clearCounter = (db: Db, key: string) =>
  db.deleteFrom('rate_limits').where('key', '=', boundedKey(key)).execute();

/** Counters whose window or last failure started before `before` (ms) limit nothing any more. */
export async function pruneRateLimits(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
