/*
 * Trials (issue 16, docs/rules/trials.md): the refusal of a second trial, the follow-up sweep
 * after a trial session, the conversion offer a parent opens from the e-mail, and the organiser's
 * conversion figures. The rules are the engine's (engine/trials.ts); this file loads and writes.
 */
import {
  type ActivityGroupRow,
  todayIn,
  trialConversion,
  trialFollowUpDue,
  trialMessages,
  trialOptions,
  trialProblems,
  zonedParts,
  zonedToInstant,
} from '../../engine/index.ts';
import type { LocalNow } from '../../engine/pricing/lines.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { HttpError } from '../http/errors.ts';
import { enqueue, type JobHandler } from '../jobs/queue.ts';
import { enqueueMessage } from '../mail/outbox.ts';
import { listAttendees } from './attendees.ts';
import { engineTicket } from './bookings/load.ts';

/**
 * The trial problems of a priced basket (engine `trialProblems`): trials the basket's children
 * already have on the basket's activities, counted from confirmed places and live holds of any
 * earlier checkout. `ignoreBookings` are the parent's own holds this basket replaces.
 *
 * @example price.problems.push(...(await trialBasketProblems(db, clientId, { groups, lines, now })));
 */
export async function trialBasketProblems(
  db: Db,
  clientId: string,
  input: {
    groups: readonly ActivityGroupRow[];
    lines: readonly {
      key: number;
      attendeeId: string;
      activityGroupId: string;
      ticketId: string;
      sessionIds: readonly string[];
    }[];
    attendeeNames?: Readonly<Record<string, string>>;
    ignoreBookings?: readonly string[];
    now: number;
  },
): Promise<{ lineKey: number; message: string }[]> {
  const trialTicketIds = input.groups.flatMap((g) =>
    g.tickets.filter((t) => t.trial).map((t) => t._id),
  );
  const trialLines = input.lines.filter((l) => trialTicketIds.includes(l.ticketId));
  if (trialLines.length === 0) return [];
  const nowIso = new Date(input.now).toISOString();
  let query = db
    .selectFrom('booking_places as p')
    .innerJoin('tickets as t', (j) =>
      j.onRef('t.id', '=', 'p.ticket_id').onRef('t.client_id', '=', 'p.client_id'),
    )
    .select(['p.attendee_id', 't.activity_group_id'])
    .where('p.client_id', '=', clientId)
    .where('t.trial', '=', 1)
    .where('p.attendee_id', 'in', [...new Set(trialLines.map((l) => l.attendeeId))])
    .where('t.activity_group_id', 'in', [...new Set(trialLines.map((l) => l.activityGroupId))])
    .where((eb) =>
      eb.or([
        eb('p.status', '=', 'confirmed'),
        eb.and([eb('p.status', '=', 'held'), eb('p.hold_expires_at', '>', nowIso)]),
      ]),
    );
  if (input.ignoreBookings?.length)
    query = query.where('p.booking_id', 'not in', [...input.ignoreBookings]);
  const taken = (await query.execute()).map((r) => ({
    attendeeId: r.attendee_id,
    activityGroupId: r.activity_group_id,
  }));
  return trialProblems({
    lines: input.lines,
    trialTicketIds,
    taken,
    attendeeNames: input.attendeeNames,
  });
}

/** The sweep that writes the follow-up of each trial whose session has ended. */
export const TRIAL_FOLLOW_UPS_JOB = 'trials.follow-ups';
const EVERY_MS = 15 * 60_000;

/**
 * Writes the follow-up of every confirmed trial place whose session has ended (engine
 * `trialFollowUpDue`) and that has none yet: a `trial_follow_ups` row (its id is the link's token)
 * and, in the same transaction, the parent's e-mail. A child who has since booked the activity
 * with another ticket gets no offer. The unique (client, place) keeps overlapping sweeps to one.
 * Returns how many follow-ups were written.
 *
 * @example await queueTrialFollowUps(db, new Date());
 */
export async function queueTrialFollowUps(db: Db, now: Date): Promise<number> {
  const t = now.getTime();
  const today = todayIn(t, 'UTC');
  const rows = await db
    .selectFrom('booking_places as p')
    .innerJoin('tickets as tk', (j) =>
      j.onRef('tk.id', '=', 'p.ticket_id').onRef('tk.client_id', '=', 'p.client_id'),
    )
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .innerJoin('activities as s', 's.id', 'p.activity_id')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('trial_follow_ups as f', (j) =>
      j.onRef('f.booking_place_id', '=', 'p.id').onRef('f.client_id', '=', 'p.client_id'),
    )
    .select([
      'p.id as place_id',
      'p.client_id',
      'p.booking_id',
      'p.attendee_id',
      'p.activity_id',
      'p.created_at',
      'tk.activity_group_id',
      's.date',
      's.end_time',
      'c.time_zone',
      'u.id as user_id',
      'u.email',
      'u.full_name',
    ])
    .where('tk.trial', '=', 1)
    .where('p.status', '=', 'confirmed')
    // A trial awaiting an offline payment still took place.
    .where('b.status', 'in', ['confirmed', 'awaiting_payment'])
    .where('f.id', 'is', null)
    // Sessions that may have ended, in any zone, and not long ago (engine TRIAL_FOLLOW_UP_MAX_DAYS).
    .where('s.date', '<=', addDaysIso(today, 1))
    .where('s.date', '>=', addDaysIso(today, -15))
    .execute();
  let written = 0;
  for (const row of rows) {
    const end = zonedToInstant(row.date, row.end_time, row.time_zone);
    if (!trialFollowUpDue(end, t)) continue;
    const id = newId();
    const nowIso = now.toISOString();
    const done = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('trial_follow_ups')
        .values({
          id,
          client_id: row.client_id,
          booking_place_id: row.place_id,
          booking_id: row.booking_id,
          user_id: row.user_id,
          attendee_id: row.attendee_id,
          activity_group_id: row.activity_group_id,
          activity_id: row.activity_id,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .onConflict((oc) => oc.columns(['client_id', 'booking_place_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      if (await bookedSince(trx, row.client_id, row.attendee_id, row.activity_group_id))
        return true;
      await enqueueMessage(trx, {
        clientId: row.client_id,
        kind: 'trial-follow-up',
        eventKey: `trial-follow-up:${row.place_id}`,
        to: { email: row.email, name: row.full_name, userId: row.user_id },
        bookingId: row.booking_id,
        payload: { followUpId: id },
        now,
      });
      return true;
    });
    if (done) written += 1;
  }
  return written;
}

const addDaysIso = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether the child holds a confirmed non-trial place on the activity (already converted). */
async function bookedSince(db: Db, clientId: string, attendeeId: string, groupId: string) {
  const row = await db
    .selectFrom('booking_places as p')
    .innerJoin('tickets as t', (j) =>
      j.onRef('t.id', '=', 'p.ticket_id').onRef('t.client_id', '=', 'p.client_id'),
    )
    .select('p.id')
    .where('p.client_id', '=', clientId)
    .where('p.attendee_id', '=', attendeeId)
    .where('t.activity_group_id', '=', groupId)
    .where('t.trial', '=', 0)
    .where('p.status', '=', 'confirmed')
    .executeTakeFirst();
  return Boolean(row);
}

/** Queues the sweep for the slot after `at`; each run queues the next (one per slot). */
export async function scheduleTrialFollowUps(db: Db, at: Date) {
  const slot = Math.ceil(at.getTime() / EVERY_MS);
  await enqueue(
    db,
    TRIAL_FOLLOW_UPS_JOB,
    {},
    { runAt: new Date(slot * EVERY_MS), dedupeKey: `${TRIAL_FOLLOW_UPS_JOB}:${slot}` },
  );
}

export function trialJobHandlers(): Record<string, JobHandler> {
  return {
    [TRIAL_FOLLOW_UPS_JOB]: async (_payload, { db, now }) => {
      // The next run first, so a failing sweep does not end them.
      await scheduleTrialFollowUps(db, new Date(now.getTime() + 1));
      await queueTrialFollowUps(db, now);
    },
  };
}

/** A group's sessions and tickets as the engine prices them. */
async function loadGroupRow(db: Db, clientId: string, groupId: string) {
  const group = await db
    .selectFrom('activity_groups')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) return null;
  const [sessions, tickets] = await Promise.all([
    db
      .selectFrom('activities')
      .select(['id', 'date', 'start_time', 'end_time', 'enabled', 'place_limit'])
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', groupId)
      .execute(),
    db
      .selectFrom('tickets')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', groupId)
      .orderBy('weight')
      .execute(),
  ]);
  const row: ActivityGroupRow = {
    _id: group.id,
    name: group.name,
    sessions: sessions.map((s) => ({
      _id: s.id,
      date: s.date,
      startTime: s.start_time,
      endTime: s.end_time,
      enabled: Boolean(s.enabled),
      placeLimit: s.place_limit,
    })),
    tickets: tickets.map(engineTicket),
    addOns: [],
  };
  return row;
}

/**
 * The offer behind a follow-up link, for the parent it was sent to: the activity, the child and
 * what carrying on costs from today (engine `trialOptions`). Anyone else, or an offer whose
 * activity or child is gone, is told it is no longer available (404).
 *
 * @example const offer = await loadTrialOffer(db, clientId, userId, followUpId, Date.now());
 */
export async function loadTrialOffer(
  db: Db,
  clientId: string,
  userId: string,
  followUpId: string,
  now: number,
) {
  const follow = await db
    .selectFrom('trial_follow_ups as f')
    .innerJoin('attendees as a', 'a.id', 'f.attendee_id')
    .innerJoin('activities as s', 's.id', 'f.activity_id')
    .select([
      'f.id',
      'f.activity_group_id',
      'f.attendee_id',
      'a.user_id as attendee_user_id',
      's.date as trial_date',
    ])
    .where('f.client_id', '=', clientId)
    .where('f.id', '=', followUpId)
    .where('f.user_id', '=', userId)
    .executeTakeFirst();
  const client = await db
    .selectFrom('clients')
    .select(['time_zone', 'plan_level'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const group = follow ? await loadGroupRow(db, clientId, follow.activity_group_id) : null;
  if (!follow || !group || follow.attendee_user_id !== userId)
    throw new HttpError(404, trialMessages.offerGone);
  const [attendee] = await listAttendees(db, clientId, { ids: [follow.attendee_id], admin: false });
  const local = zonedParts(now, client.time_zone);
  const localNow: LocalNow = { date: local.date, time: local.time };
  return {
    _id: follow.id,
    activityGroup: { _id: group._id, name: group.name },
    attendee: { _id: follow.attendee_id, name: attendee?.name ?? '' },
    trialDate: follow.trial_date,
    options: trialOptions(group, localNow, client.plan_level),
  };
}

/**
 * Trial conversion for the organiser (engine `trialConversion`): trials taken on confirmed
 * places, and how many of those children then booked the activity with another ticket; for one
 * activity, or every activity of the client.
 *
 * @example await trialStats(db, clientId, { activityGroupId }) // { taken: 4, converted: 1, rate: 25 }
 */
export async function trialStats(
  db: Db,
  clientId: string,
  { activityGroupId }: { activityGroupId?: string } = {},
) {
  const places = (trial: 0 | 1) => {
    let q = db
      .selectFrom('booking_places as p')
      .innerJoin('tickets as t', (j) =>
        j.onRef('t.id', '=', 'p.ticket_id').onRef('t.client_id', '=', 'p.client_id'),
      )
      .select(['p.attendee_id', 't.activity_group_id', 'p.created_at'])
      .where('p.client_id', '=', clientId)
      .where('t.trial', '=', trial)
      .where('p.status', '=', 'confirmed');
    if (activityGroupId) q = q.where('t.activity_group_id', '=', activityGroupId);
    return q.execute();
  };
  const [trials, later] = await Promise.all([places(1), places(0)]);
  const record = (r: { attendee_id: string; activity_group_id: string; created_at: string }) => ({
    attendeeId: r.attendee_id,
    activityGroupId: r.activity_group_id,
    bookedAt: r.created_at,
  });
  return trialConversion(trials.map(record), later.map(record));
}
