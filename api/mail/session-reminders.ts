import {
  addDays,
  SESSION_REMINDER_HOURS,
  sessionReminderDue,
  todayIn,
  zonedToInstant,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { enqueue, type JobHandler } from '../jobs/queue.ts';
import { enqueueMessage } from './outbox.ts';

/** The hourly sweep that writes the reminders of sessions starting in about a day. */
export const SESSION_REMINDERS_JOB = 'mail.session-reminders';
const EVERY_MS = 60 * 60_000;

/**
 * Writes a reminder for each booking with a place on a session whose reminder is due (engine
 * `sessionReminderDue`, the organiser's hours before; none while the organiser has them switched
 * off), one per booking and session, listing its children. The message key is (booking, session),
 * so sweeps that overlap, run twice or run in two processes write one. Returns how many reminders
 * were written.
 *
 * @example await queueSessionReminders(db, new Date());
 */
export async function queueSessionReminders(db: Db, now: Date): Promise<number> {
  const t = now.getTime();
  // Every session whose reminder may be due, in any zone, up to the longest lead an organiser
  // may choose, falls between these civil dates.
  const from = addDays(todayIn(t, 'UTC'), -1);
  const to = addDays(todayIn(t, 'UTC'), Math.ceil(SESSION_REMINDER_HOURS.max / 24) + 1);
  const rows = await db
    .selectFrom('booking_places as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .innerJoin('activities as s', 's.id', 'p.activity_id')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id as booking_id',
      'b.client_id',
      'b.confirmed_at',
      'b.created_at',
      's.id as session_id',
      's.date',
      's.start_time',
      'c.time_zone',
      'c.session_reminder_hours',
      'u.id as user_id',
      'u.email',
      'u.full_name',
    ])
    .where('p.status', '=', 'confirmed')
    // The organiser's switch (Settings): off, no reminders are written.
    .where('c.session_reminders', '=', 1)
    // Nor for a parent who unsubscribed from this organiser's reminders.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mail_unsubscribes as x')
            .select('x.user_id')
            .whereRef('x.client_id', '=', 'b.client_id')
            .whereRef('x.user_id', '=', 'u.id')
            .where('x.category', '=', 'reminders'),
        ),
      ),
    )
    .where('b.status', 'in', ['confirmed', 'awaiting_payment'])
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .execute();
  let written = 0;
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.booking_id}:${row.session_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const start = zonedToInstant(row.date, row.start_time, row.time_zone);
    const bookedAt = Date.parse(row.confirmed_at ?? row.created_at);
    const hoursBefore = row.session_reminder_hours;
    if (!sessionReminderDue({ start, bookedAt, now: t, hoursBefore })) continue;
    const id = await db.transaction().execute((trx) =>
      enqueueMessage(trx, {
        clientId: row.client_id,
        kind: 'session-reminder',
        eventKey: `session-reminder:${key}`,
        to: { email: row.email, name: row.full_name, userId: row.user_id },
        bookingId: row.booking_id,
        payload: { sessionId: row.session_id },
        now,
      }),
    );
    if (id) written += 1;
  }
  return written;
}

/**
 * Queues the sweep for the hour slot after `at`; each run queues the next, so one call at start
 * keeps it going, and the slot's dedupe key keeps it to one per hour across processes.
 *
 * @example await scheduleSessionReminders(db, new Date());
 */
export async function scheduleSessionReminders(db: Db, at: Date) {
  const slot = Math.ceil(at.getTime() / EVERY_MS);
  await enqueue(
    db,
    SESSION_REMINDERS_JOB,
    {},
    { runAt: new Date(slot * EVERY_MS), dedupeKey: `${SESSION_REMINDERS_JOB}:${slot}` },
  );
}

export function sessionReminderJobHandlers(): Record<string, JobHandler> {
  return {
    [SESSION_REMINDERS_JOB]: async (_payload, { db, now }) => {
      // The next run first, so a failing sweep does not end them.
      await scheduleSessionReminders(db, new Date(now.getTime() + 1));
      await queueSessionReminders(db, now);
    },
  };
}
