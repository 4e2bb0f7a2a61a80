import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';

/**
 * A job handler. Jobs may run more than once (a crash after the work but before it is marked
 * done), so every handler must be idempotent.
 */
export type JobHandler = (payload: any, context: { db: Db; now: Date }) => Promise<void>;

/** How long a claimed job is ours before another worker may take it over (crashed worker). */
export const LOCK_SECONDS = 120;
export const MAX_ATTEMPTS = 5;

/**
 * Queues a job. With a `dedupeKey`, queuing the same work twice keeps one job (e.g. one
 * "expire hold" job per booking).
 *
 * @example await enqueue(db, 'expire-hold', { bookingId }, { runAt, dedupeKey: `expire-hold:${bookingId}` });
 */
export async function enqueue(
  db: Db,
  name: string,
  payload: unknown,
  { runAt = new Date(), dedupeKey = null }: { runAt?: Date; dedupeKey?: string | null } = {},
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: newId(),
      name,
      payload: JSON.stringify(payload ?? {}),
      run_at: runAt.toISOString(),
      status: 'queued',
      locked_until: null,
      last_error: null,
      dedupe_key: dedupeKey,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Claims one job with a conditional update: of several workers (threads, processes, machines on
 * one PostgreSQL) exactly one sees its update change a row, so no job runs twice at once. This is
 * plain SQL on both databases, which is why no separate queue library is needed.
 */
async function claim(
  db: Db,
  now: Date,
): Promise<{ id: string; name: string; payload: string; attempts: number } | null> {
  const nowIso = now.toISOString();
  const candidates = await db
    .selectFrom('jobs')
    .select(['id', 'name', 'payload', 'attempts'])
    .where('run_at', '<=', nowIso)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
      ]),
    )
    .orderBy('run_at')
    .limit(5)
    .execute();
  for (const job of candidates) {
    const result = await db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_until: new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString(),
        attempts: job.attempts + 1,
      })
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { ...job, attempts: job.attempts + 1 };
  }
  return null;
}

/**
 * Runs every due job once; returns how many ran. A failing job is retried later with backoff and
 * given up (status failed, error kept) after MAX_ATTEMPTS.
 */
export async function runDueJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  now = new Date(),
  /** Asked before each claim: a shutting-down worker finishes its job but takes no next one. */
  keepGoing: () => boolean = () => true,
): Promise<number> {
  let ran = 0;
  for (;;) {
    if (!keepGoing()) return ran;
    const job = await claim(db, now);
    if (!job) return ran;
    ran += 1;
    const handler = handlers[job.name];
    try {
      if (!handler) throw new Error(`No handler for job '${job.name}'`);
      await handler(JSON.parse(job.payload), { db, now });
      await db
        .updateTable('jobs')
        .set({ status: 'done', locked_until: null, last_error: null })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      const retryAt = new Date(now.getTime() + 2 ** job.attempts * 30_000);
      await db
        .updateTable('jobs')
        .set({
          status: giveUp ? 'failed' : 'queued',
          run_at: giveUp ? undefined : retryAt.toISOString(),
          locked_until: null,
          last_error: String((error as Error)?.stack ?? error).slice(0, 2000),
        })
        .where('id', '=', job.id)
        .execute();
    }
  }
}

/**
 * Polls for due jobs every `intervalMs` until stopped. Every API process may run one: the claim
 * above keeps them from running a job twice.
 */
export function startWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  { intervalMs = 5_000, onError = (e: unknown) => console.error('[jobs]', e) } = {},
) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let busy = false;
  // One run at a time: a slow run is not overlapped by the next tick, so `running` is the only
  // run a stop has to wait for.
  const tick = () => {
    if (stopped || busy) return;
    busy = true;
    running = runDueJobs(db, handlers, new Date(), () => !stopped)
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  tick();
  return {
    /** Takes no further job and resolves once the running one is finished and recorded. */
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
