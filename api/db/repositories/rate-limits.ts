import { sql } from 'kysely';
import type { Db } from '../connection.ts';

/**
 * Counts one hit in a fixed window and returns the count so far. One upsert statement, so two
 * processes counting the same key at once both see the right total.
 */
export async function hit(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
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
