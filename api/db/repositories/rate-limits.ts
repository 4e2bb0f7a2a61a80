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
export const hit = (db: Db, key: string, windowStart: number): Promise<number> =>
  addHits(db, boundedKey(key), windowStart, 1);

/** `count` hits on an already bounded key in the window that starts at `windowStart`. */
async function addHits(
  db: Db,
  bounded: string,
  windowStart: number,
  count: number,
): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: bounded, window_start: windowStart, count })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = ${windowStart} then rate_limits.count + ${count} else ${count} end`,
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

/**
 * Counts one hit in a fixed window like `hit`, written a moment later together with the other
 * hits counted meanwhile: one transaction, one durable commit, for all of them. For counts that
 * need not be in the database before the answer goes out: a booking refused because the places
 * are gone is still an attempt (routes/bookings.ts), and when the last places of a popular camp
 * go, hundreds are refused within a second; committing each on its own cost every one of them a
 * disk flush. This process adds its own unwritten hits wherever it reads the counter
 * (`readCounter`, `pendingHits`), so its own limits stay exact; another process sees them within
 * `LATER_HITS_MS`.
 */
export function hitLater(db: Db, key: string, windowStart: number): void {
  const bounded = boundedKey(key);
  const pending = laterHits.get(bounded);
  if (pending && pending.db === db && pending.windowStart === windowStart) pending.count += 1;
  else laterHits.set(bounded, { db, windowStart, count: 1 });
  scheduleFlush();
}

/** How long a hit counted with `hitLater` waits for others to be written with it. */
export const LATER_HITS_MS = 20;

type LaterHits = Map<string, { db: Db; windowStart: number; count: number }>;
/** Hits waiting for the next write. */
const laterHits: LaterHits = new Map();
/** Batches being written, until their transaction has committed or failed. */
const writes = new Set<{ batch: LaterHits; done: Promise<void> }>();
/**
 * Keys someone is reading (`whileSettled`): a flush leaves their hits for the next one. A read
 * that ends while its key's batch is being written cannot tell whether the commit came before
 * it (PostgreSQL answers the two on different connections, in either order), so it would count
 * the batch twice or not at all; a key is only read with none of its hits in flight.
 */
const readers = new Map<string, number>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleFlush() {
  if (flushTimer || laterHits.size === 0) return;
  flushTimer = setTimeout(() => void flushLaterHits(), LATER_HITS_MS);
  flushTimer.unref();
}

/**
 * Runs `read` while the key's own unwritten hits stay in memory: it first waits for any batch
 * holding the key to be written, and no flush takes the key's hits until `read` ends. Within
 * it the database holds every hit written so far and `pendingHits` the rest, each once. The
 * wait is for one short transaction and holds nothing the write needs, so run it before a
 * transaction begins, never inside one.
 */
export async function whileSettled<T>(key: string, read: () => Promise<T>): Promise<T> {
  const bounded = boundedKey(key);
  readers.set(bounded, (readers.get(bounded) ?? 0) + 1);
  try {
    const inFlight = [...writes].filter((w) => w.batch.has(bounded)).map((w) => w.done);
    if (inFlight.length > 0) await Promise.all(inFlight);
    return await read();
  } finally {
    const left = (readers.get(bounded) ?? 1) - 1;
    if (left > 0) readers.set(bounded, left);
    else {
      readers.delete(bounded);
      scheduleFlush();
    }
  }
}

/**
 * This process's hits on a key not written yet, in the window that starts at `windowStart`.
 * Exact only inside `whileSettled` for that key.
 */
export function pendingHits(key: string, windowStart: number): number {
  const pending = laterHits.get(boundedKey(key));
  return pending?.windowStart === windowStart ? pending.count : 0;
}

/**
 * Writes the hits counted with `hitLater` so far, one transaction per database; those of a key
 * being read wait for the next flush. A count that cannot be written (the database gone or too
 * busy) is dropped, as a refused attempt's count always was: it must never turn an answer into
 * an error.
 */
export async function flushLaterHits(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const batches = new Map<Db, LaterHits>();
  for (const [key, hits] of laterHits) {
    if (readers.has(key)) continue;
    laterHits.delete(key);
    const batch = batches.get(hits.db) ?? new Map();
    batch.set(key, hits);
    batches.set(hits.db, batch);
  }
  const written = [...batches].map(([db, batch]) => {
    const write = {
      batch,
      done: db
        .transaction()
        .execute(async (trx) => {
          for (const [key, { windowStart, count }] of batch)
            await addHits(trx, key, windowStart, count);
        })
        .catch(() => undefined)
        .finally(() => writes.delete(write)),
    };
    writes.add(write);
    return write.done;
  });
  await Promise.all(written);
}

/** A counter as this process knows it: the database's, plus its own hits not written yet. */
export function readCounter(db: Db, key: string) {
  const bounded = boundedKey(key);
  return whileSettled(key, async () => {
    const row = await db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', bounded)
      .executeTakeFirst();
    const stored = row ? { count: Number(row.count), at: Number(row.window_start) } : null;
    const pending = laterHits.get(bounded);
    if (!pending) return stored;
    if (stored && stored.at > pending.windowStart) return stored;
    const count = (stored?.at === pending.windowStart ? stored.count : 0) + pending.count;
    return { count, at: pending.windowStart };
  });
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
