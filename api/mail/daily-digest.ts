import { ADMIN_NOTICE_KIND, digestDateDue } from '../../engine/admin-notifications.ts';
import type { Db } from '../db/connection.ts';
import { enqueue, type JobHandler } from '../jobs/queue.ts';
import { enqueueMessage } from './outbox.ts';

/** The hourly sweep that writes each opted-in admin's digest of tomorrow's sessions. */
export const DAILY_DIGESTS_JOB = 'mail.daily-digests';
const EVERY_MS = 60 * 60_000;

/**
 * Writes the digest of tomorrow's sessions for each admin who chose it (and did not unsubscribe),
 * once the organiser's clock passes the send time (engine `digestDateDue`). The message key is
 * the date, so sweeps that run again, overlap or run in two processes write one per admin per
 * day. Returns how many were written.
 *
 * @example await queueDailyDigests(db, new Date());
 */
export async function queueDailyDigests(db: Db, now: Date): Promise<number> {
  const admins = await db
    .selectFrom('mail_admin_notifications as n')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'n.user_id').onRef('u.client_id', '=', 'n.client_id'),
    )
    .innerJoin('clients as c', 'c.id', 'n.client_id')
    .select(['n.client_id', 'u.id', 'u.email', 'u.full_name', 'c.time_zone'])
    .where('n.daily_digest', '=', 1)
    .where('u.role', '=', 'admin')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mail_unsubscribes as x')
            .select('x.user_id')
            .whereRef('x.client_id', '=', 'n.client_id')
            .whereRef('x.user_id', '=', 'u.id')
            .where('x.category', '=', 'digests'),
        ),
      ),
    )
    .execute();
  let written = 0;
  for (const admin of admins) {
    const date = digestDateDue(now.getTime(), admin.time_zone);
    if (!date) continue;
    const kind = ADMIN_NOTICE_KIND.dailyDigest;
    const id = await db.transaction().execute((trx) =>
      enqueueMessage(trx, {
        clientId: admin.client_id,
        kind,
        eventKey: `${kind}:${date}`,
        to: { email: admin.email, name: admin.full_name, userId: admin.id },
        payload: { date },
        now,
      }),
    );
    if (id) written += 1;
  }
  return written;
}

/**
 * Queues the sweep for the hour slot after `at`; each run queues the next, and the slot's
 * dedupe key keeps it to one per hour across processes.
 *
 * @example await scheduleDailyDigests(db, new Date());
 */
export async function scheduleDailyDigests(db: Db, at: Date) {
  const slot = Math.ceil(at.getTime() / EVERY_MS);
  await enqueue(
    db,
    DAILY_DIGESTS_JOB,
    {},
    { runAt: new Date(slot * EVERY_MS), dedupeKey: `${DAILY_DIGESTS_JOB}:${slot}` },
  );
}

export function dailyDigestJobHandlers(): Record<string, JobHandler> {
  return {
    [DAILY_DIGESTS_JOB]: async (_payload, { db, now }) => {
      // The next run first, so a failing sweep does not end them.
      await scheduleDailyDigests(db, new Date(now.getTime() + 1));
      await queueDailyDigests(db, now);
    },
  };
}
