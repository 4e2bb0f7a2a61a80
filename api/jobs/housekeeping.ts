import type { Db } from '../db/connection.ts';
import { deleteExpiredTokens } from '../db/repositories/auth-tokens.ts';
import { pruneUnusedIdempotencyKeys } from '../db/repositories/idempotency-keys.ts';
import { pruneRateLimits } from '../db/repositories/rate-limits.ts';
import { enqueue, type JobHandler } from './queue.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_EVERY_MINUTES = 60;

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** How long each kind of leftover is kept; docs/rules/security.md lists them. */
export const KEEP = {
  /** An upload no saved form claimed: the form it was for was abandoned. */
  unattachedUploadMs: DAY,
  /** Longer than any limit's window (an hour) or run of failed sign-ins (a day). */
  rateLimitMs: 2 * DAY,
  /** An Idempotency-Key that never made a booking: nothing to replay after a day. */
  unusedIdempotencyKeyMs: DAY,
  doneJobMs: 7 * DAY,
  /** Failed jobs stay longer: someone may still need to read why. */
  failedJobMs: 30 * DAY,
} as const;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes what nothing will ever read again. Each step is one conditional delete, so two
 * workers running it at once, or a run repeated after a crash, delete nothing twice.
 *
 * @example const counts = await housekeep(db, new Date());
 */
export async function housekeep(db: Db, now: Date) {
  const t = now.getTime();
  const staleUploads = db
    .selectFrom('files')
    .select('id')
    .where('is_temporary', '=', 1)
    .where('created_at', '<', iso(t - KEEP.unattachedUploadMs));
  // The bytes first: SQLite enforces the cascade only with foreign keys switched on.
  await db.deleteFrom('file_contents').where('file_id', 'in', staleUploads).execute();
  const uploads = await db
    .deleteFrom('files')
    .where('is_temporary', '=', 1)
    .where('created_at', '<', iso(t - KEEP.unattachedUploadMs))
    .executeTakeFirst();
  const tokens = await deleteExpiredTokens(db, iso(t));
  const jobs = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'done'), eb('run_at', '<', iso(t - KEEP.doneJobMs))]),
        eb.and([eb('status', '=', 'failed'), eb('run_at', '<', iso(t - KEEP.failedJobMs))]),
      ]),
    )
    .executeTakeFirst();
  return {
    uploads: Number(uploads.numDeletedRows),
    tokens: tokens.reduce((sum, r) => sum + Number(r.numDeletedRows), 0),
    jobs: Number(jobs.numDeletedRows),
    rateLimits: await pruneRateLimits(db, t - KEEP.rateLimitMs),
    idempotencyKeys: await pruneUnusedIdempotencyKeys(db, iso(t - KEEP.unusedIdempotencyKeyMs)),
  };
}

/**
 * Queues the next run for the hour `at` falls in; the hour is the dedupe key, so several API
 * processes (or a restart) queue it once. Each run queues the next, so it recurs for as long as
 * any API process runs.
 *
 * @example await scheduleHousekeeping(db, new Date());
 */
export async function scheduleHousekeeping(db: Db, at: Date) {
  const periodMs = HOUSEKEEPING_EVERY_MINUTES * 60_000;
  const slot = Math.floor(at.getTime() / periodMs);
  await enqueue(
    db,
    HOUSEKEEPING_JOB,
    {},
    { runAt: new Date(slot * periodMs), dedupeKey: `${HOUSEKEEPING_JOB}:${slot}` },
  );
}

export function housekeepingJobHandlers(): Record<string, JobHandler> {
  return {
    [HOUSEKEEPING_JOB]: async (_payload, { db, now }) => {
      // The next run is queued first, so a failing run does not end them.
      await scheduleHousekeeping(db, new Date(now.getTime() + HOUSEKEEPING_EVERY_MINUTES * 60_000));
      await housekeep(db, now);
    },
  };
}
