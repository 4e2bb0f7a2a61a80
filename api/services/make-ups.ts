import {
  absenceOutcome,
  creditUsable,
  DEFAULT_MAKE_UP_RULE,
  type MakeUpRule,
  makeUpAllowedIn,
  makeUpMessages,
  makeUpSpendRefusal,
  makeUpTicket,
  sessionAvailability,
  todayIn,
  zonedToInstant,
} from '../../engine/index.ts';
import type { Db, Dialect } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson, writeJson } from '../db/json.ts';
import { fromFlag, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { enqueueBookingConfirmation } from '../mail/booking-messages.ts';
import { listAttendees } from './attendees.ts';
import { loadCapacityRows, loadClient, TAKING_STATUSES } from './bookings/load.ts';
import { inTransaction } from './bookings/transaction.ts';

/*
 * Absences and make-up credits (issue 16, docs/rules/make-ups.md): load → engine
 * (engine/make-ups.ts) → write, in one transaction. A reported absence turns the child's place
 * into status 'absent', which takes no place (engine placeCounts), so the session has room for
 * the next booking or a waitlist offer at once; the credit it earns lives on the absence row and
 * books one free place elsewhere under the same capacity rule as any booking.
 */

export interface MakeUpCaller {
  clientId: string;
  userId: string;
}

/** Sessions offered for one credit at most (the soonest first). */
const MAX_MAKE_UP_SESSIONS = 100;

/**
 * The organiser's make-up rule; the default (off) when none is saved.
 *
 * @example const rule = await loadMakeUpRule(db, clientId);
 */
export async function loadMakeUpRule(db: Db, clientId: string): Promise<MakeUpRule> {
  const row = await db
    .selectFrom('make_up_rules')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!row) return DEFAULT_MAKE_UP_RULE;
  return {
    enabled: fromFlag(row.enabled),
    noticeHours: row.notice_hours,
    perTerm: row.per_term,
    expiryDays: row.expiry_days,
    spendOn: row.spend_on,
    activityGroupIds: readJson<string[]>(row.activity_group_ids, []),
  };
}

/**
 * Saves the rule. Listed activities must be the organiser's own (another's id is refused).
 *
 * @example await saveMakeUpRule(db, clientId, { ...DEFAULT_MAKE_UP_RULE, enabled: true }, Date.now());
 */
export async function saveMakeUpRule(
  db: Db,
  clientId: string,
  rule: MakeUpRule,
  now: number,
): Promise<MakeUpRule> {
  const ids = rule.spendOn === 'listed' ? [...new Set(rule.activityGroupIds)] : [];
  if (ids.length > 0) {
    const found = await db
      .selectFrom('activity_groups')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length)
      throw new HttpError(422, 'Choose activities of your own.', {
        activityGroupIds: 'Choose activities of your own.', // (ours)
      });
  }
  const at = new Date(now).toISOString();
  const values = {
    enabled: toFlag(rule.enabled),
    notice_hours: rule.noticeHours,
    per_term: rule.perTerm,
    expiry_days: rule.expiryDays,
    spend_on: rule.spendOn,
    activity_group_ids: writeJson(ids),
    updated_at: at,
  };
  await db
    .insertInto('make_up_rules')
    .values({ client_id: clientId, created_at: at, ...values })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
    .execute();
  return loadMakeUpRule(db, clientId);
}

/** One of the caller's booked places, with its session; 404 for anyone else's. */
async function loadOwnPlace(db: Db, caller: MakeUpCaller, placeId: string) {
  const place = await db
    .selectFrom('booking_places as p')
    .innerJoin('bookings as b', (j) =>
      j.onRef('b.id', '=', 'p.booking_id').onRef('b.client_id', '=', 'p.client_id'),
    )
    .innerJoin('activities as s', (j) =>
      j.onRef('s.id', '=', 'p.activity_id').onRef('s.client_id', '=', 'p.client_id'),
    )
    .select([
      'p.id',
      'p.status',
      'p.attendee_id',
      'p.booking_id',
      'p.activity_id',
      'b.status as booking_status',
      's.activity_group_id',
      's.date',
      's.start_time',
    ])
    .where('p.client_id', '=', caller.clientId)
    .where('p.id', '=', placeId)
    .where('b.user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!place) throw notFound();
  return place;
}

type OwnPlace = Awaited<ReturnType<typeof loadOwnPlace>>;

/** What reporting the place absent would do now, by the engine's rule. */
async function outcomeFor(db: Db, caller: MakeUpCaller, place: OwnPlace, now: number) {
  if (
    place.status !== 'confirmed' ||
    (place.booking_status !== 'confirmed' && place.booking_status !== 'awaiting_payment')
  ) {
    const reported = place.status === 'absent';
    return {
      ok: false as const,
      message: reported ? makeUpMessages.alreadyReported : makeUpMessages.notReportable,
    };
  }
  const [{ time_zone: timeZone }, rule, earned, fromMakeUp] = await Promise.all([
    loadClient(db, caller.clientId),
    loadMakeUpRule(db, caller.clientId),
    db
      .selectFrom('absences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', caller.clientId)
      .where('attendee_id', '=', place.attendee_id)
      .where('activity_group_id', '=', place.activity_group_id)
      .where('credit', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('absences')
      .select('id')
      .where('client_id', '=', caller.clientId)
      .where('make_up_place_id', '=', place.id)
      .executeTakeFirst(),
  ]);
  return absenceOutcome({
    rule,
    now,
    sessionStart: zonedToInstant(place.date, place.start_time, timeZone),
    earnedThisTerm: Number(earned.n),
    fromMakeUp: Boolean(fromMakeUp),
  });
}

/**
 * What reporting an absence for this place would do: refused (with why), or recorded with or
 * without a make-up credit (and why not). Nothing is written.
 *
 * @example const outcome = await absenceQuote(db, caller, placeId, Date.now());
 */
export async function absenceQuote(db: Db, caller: MakeUpCaller, placeId: string, now: number) {
  const place = await loadOwnPlace(db, caller, placeId);
  return outcomeFor(db, caller, place, now);
}

/**
 * Records the absence and, under the rule, its credit, in one transaction: the place becomes
 * 'absent' (it no longer takes a place), only if it was still confirmed, so a second report of
 * the same place is refused; on PostgreSQL the parent's row is locked first, so two reports at
 * once cannot both earn the term's last credit.
 *
 * @example const absence = await reportAbsence({ db, dialect }, caller, placeId, Date.now());
 */
export async function reportAbsence(
  handle: { db: Db; dialect: Dialect },
  caller: MakeUpCaller,
  placeId: string,
  now: number,
): Promise<{ _id: string; credit: boolean; expiresAt: string | null; note: string }> {
  return inTransaction(handle.db, async (trx) => {
    if (handle.dialect === 'postgres')
      await trx
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', caller.clientId)
        .where('id', '=', caller.userId)
        .forUpdate()
        .execute();
    const place = await loadOwnPlace(trx, caller, placeId);
    const outcome = await outcomeFor(trx, caller, place, now);
    if (!outcome.ok) throw new HttpError(422, outcome.message);
    const at = new Date(now).toISOString();
    const freed = await trx
      .updateTable('booking_places')
      .set({ status: 'absent', updated_at: at })
      .where('client_id', '=', caller.clientId)
      .where('id', '=', place.id)
      .where('status', '=', 'confirmed')
      .executeTakeFirst();
    if (Number(freed.numUpdatedRows) !== 1)
      throw new HttpError(422, makeUpMessages.alreadyReported);
    const id = newId();
    await trx
      .insertInto('absences')
      .values({
        id,
        client_id: caller.clientId,
        user_id: caller.userId,
        attendee_id: place.attendee_id,
        booking_id: place.booking_id,
        booking_place_id: place.id,
        activity_id: place.activity_id,
        activity_group_id: place.activity_group_id,
        credit: toFlag(outcome.credit),
        credit_expires_at: outcome.expiresAt,
        credit_used_at: null,
        make_up_booking_id: null,
        make_up_place_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { _id: id, credit: outcome.credit, expiresAt: outcome.expiresAt, note: outcome.note };
  });
}

export interface MakeUpSessionDto {
  _id: string;
  date: string;
  startTime: string;
  endTime: string;
  activityGroup: { _id: string; name: string };
}

export interface AbsenceDto {
  _id: string;
  place: string;
  attendee: { _id: string; name: string };
  session: MakeUpSessionDto;
  reportedAt: string;
  /** The make-up credit the absence earned; null when it earned none. */
  credit: null | {
    expiresAt: string;
    usedAt: string | null;
    /** Unused and unexpired: it can book a make-up now. */
    usable: boolean;
    /** The make-up it booked, once spent. */
    makeUp: null | { booking: string; session: MakeUpSessionDto };
  };
}

/** Sessions with their activity's name, by id. */
async function sessionsById(db: Db, clientId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, MakeUpSessionDto>();
  const rows = await db
    .selectFrom('activities as s')
    .innerJoin('activity_groups as g', (j) =>
      j.onRef('g.id', '=', 's.activity_group_id').onRef('g.client_id', '=', 's.client_id'),
    )
    .select(['s.id', 's.date', 's.start_time', 's.end_time', 'g.id as group_id', 'g.name'])
    .where('s.client_id', '=', clientId)
    .where('s.id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        _id: r.id,
        date: r.date,
        startTime: r.start_time,
        endTime: r.end_time,
        activityGroup: { _id: r.group_id, name: r.name },
      },
    ]),
  );
}

/**
 * The caller's reported absences, newest session first, with their credits, and the rule as
 * parents read it.
 *
 * @example const { rule, absences } = await listMyMakeUps(db, caller, Date.now());
 */
export async function listMyMakeUps(db: Db, caller: MakeUpCaller, now: number) {
  const [rule, rows] = await Promise.all([
    loadMakeUpRule(db, caller.clientId),
    db
      .selectFrom('absences as a')
      .leftJoin('booking_places as mp', (j) =>
        j.onRef('mp.id', '=', 'a.make_up_place_id').onRef('mp.client_id', '=', 'a.client_id'),
      )
      .select([
        'a.id',
        'a.booking_place_id',
        'a.attendee_id',
        'a.activity_id',
        'a.activity_group_id',
        'a.created_at',
        'a.credit',
        'a.credit_expires_at',
        'a.credit_used_at',
        'a.make_up_booking_id',
        'mp.activity_id as make_up_session_id',
      ])
      .where('a.client_id', '=', caller.clientId)
      .where('a.user_id', '=', caller.userId)
      .orderBy('a.created_at', 'desc')
      .limit(500)
      .execute(),
  ]);
  const sessionIds = new Set<string>();
  for (const r of rows) {
    sessionIds.add(r.activity_id);
    if (r.make_up_session_id) sessionIds.add(r.make_up_session_id);
  }
  const [sessions, attendees] = await Promise.all([
    sessionsById(db, caller.clientId, [...sessionIds]),
    listAttendees(db, caller.clientId, {
      ids: [...new Set(rows.map((r) => r.attendee_id))],
      admin: false,
    }),
  ]);
  const names = new Map(attendees.map((a) => [a._id, a.name]));
  const absences: AbsenceDto[] = rows.flatMap((r) => {
    const session = sessions.get(r.activity_id);
    if (!session) return [];
    const makeUpSession = r.make_up_session_id ? sessions.get(r.make_up_session_id) : undefined;
    return [
      {
        _id: r.id,
        place: r.booking_place_id,
        attendee: { _id: r.attendee_id, name: names.get(r.attendee_id) ?? '' },
        session,
        reportedAt: r.created_at,
        credit:
          fromFlag(r.credit) && r.credit_expires_at
            ? {
                expiresAt: r.credit_expires_at,
                usedAt: r.credit_used_at,
                usable: creditUsable(
                  {
                    activityGroupId: r.activity_group_id,
                    expiresAt: r.credit_expires_at,
                    usedAt: r.credit_used_at,
                  },
                  now,
                ),
                makeUp:
                  r.make_up_booking_id && makeUpSession
                    ? { booking: r.make_up_booking_id, session: makeUpSession }
                    : null,
              }
            : null,
      },
    ];
  });
  return {
    rule: {
      enabled: rule.enabled,
      noticeHours: rule.noticeHours,
      perTerm: rule.perTerm,
      expiryDays: rule.expiryDays,
      spendOn: rule.spendOn,
    },
    absences,
  };
}

/** One of the caller's credits, or 404. */
async function loadOwnCredit(db: Db, caller: MakeUpCaller, creditId: string) {
  const row = await db
    .selectFrom('absences')
    .selectAll()
    .where('client_id', '=', caller.clientId)
    .where('id', '=', creditId)
    .where('user_id', '=', caller.userId)
    .where('credit', '=', 1)
    .executeTakeFirst();
  if (!row?.credit_expires_at) throw notFound();
  return {
    row,
    credit: {
      activityGroupId: row.activity_group_id,
      expiresAt: row.credit_expires_at,
      usedAt: row.credit_used_at,
    },
  };
}

/** The places left for a make-up on each session (with its make-up ticket), by the one rule. */
async function makeUpRoom(
  db: Db,
  clientId: string,
  attendeeId: string,
  sessions: readonly { id: string; activity_group_id: string; place_limit: number | null }[],
  now: number,
) {
  const groupIds = [...new Set(sessions.map((s) => s.activity_group_id))];
  const [capacity, tickets] = await Promise.all([
    loadCapacityRows(
      db,
      clientId,
      sessions.map((s) => s.id),
      groupIds,
      { attendeeIds: [attendeeId] },
    ),
    groupIds.length === 0
      ? []
      : db
          .selectFrom('tickets')
          .select(['id', 'type', 'activity_group_id', 'place_limit'])
          .where('client_id', '=', clientId)
          .where('activity_group_id', 'in', groupIds)
          .where('enabled', '=', 1)
          .orderBy('weight')
          .orderBy('id')
          .execute(),
  ]);
  return new Map(
    sessions.map((s) => {
      const groupTickets = tickets.filter((t) => t.activity_group_id === s.activity_group_id);
      const ticketId = makeUpTicket(groupTickets.map((t) => ({ _id: t.id, type: t.type })));
      const ticket = groupTickets.find((t) => t.id === ticketId);
      const availability = sessionAvailability({
        sessionId: s.id,
        placeLimit: s.place_limit,
        ticket: ticket ? { _id: ticket.id, placeLimit: ticket.place_limit } : null,
        places: capacity.places,
        waitlist: capacity.waitlist,
        now,
        forAttendeeId: attendeeId,
      });
      const alreadyBooked = capacity.places.some(
        (p) =>
          p.activityId === s.id &&
          p.attendeeId === attendeeId &&
          (TAKING_STATUSES as readonly string[]).includes(p.status) &&
          (p.status === 'confirmed' || Date.parse(p.holdExpiresAt ?? '') > now),
      );
      return [s.id, { ticketId, placesLeft: availability.placesLeft, alreadyBooked }] as const;
    }),
  );
}

/** Enabled sessions of enabled, unarchived activities, between two dates. */
function openSessions(db: Db, clientId: string) {
  return db
    .selectFrom('activities as s')
    .innerJoin('activity_groups as g', (j) =>
      j.onRef('g.id', '=', 's.activity_group_id').onRef('g.client_id', '=', 's.client_id'),
    )
    .select(['s.id', 's.activity_group_id', 's.date', 's.start_time', 's.place_limit'])
    .where('s.client_id', '=', clientId)
    .where('s.enabled', '=', 1)
    .where('g.enabled', '=', 1)
    .where('g.archived', '=', 0);
}

/**
 * The sessions one credit can book now: in an activity the rule allows, still to come, before
 * the credit expires, not already the child's, with room by the one availability rule.
 *
 * @example const sessions = await makeUpSessions(db, caller, creditId, Date.now());
 */
export async function makeUpSessions(
  db: Db,
  caller: MakeUpCaller,
  creditId: string,
  now: number,
): Promise<(MakeUpSessionDto & { placesLeft: number | null })[]> {
  const { row, credit } = await loadOwnCredit(db, caller, creditId);
  if (!creditUsable(credit, now)) return [];
  const [rule, { time_zone: timeZone }] = await Promise.all([
    loadMakeUpRule(db, caller.clientId),
    loadClient(db, caller.clientId),
  ]);
  const lastDay = todayIn(Date.parse(credit.expiresAt), timeZone);
  let query = openSessions(db, caller.clientId)
    .where('s.date', '>=', todayIn(now, timeZone))
    .where('s.date', '<=', lastDay);
  if (rule.spendOn === 'same')
    query = query.where('s.activity_group_id', '=', row.activity_group_id);
  if (rule.spendOn === 'listed')
    query = query.where('s.activity_group_id', 'in', [...rule.activityGroupIds, '']);
  const candidates = (
    await query.orderBy('s.date').orderBy('s.start_time').orderBy('s.id').limit(500).execute()
  ).filter((s) => s.id !== row.activity_id);
  const room = await makeUpRoom(db, caller.clientId, row.attendee_id, candidates, now);
  const open = candidates.filter((s) => {
    const r = room.get(s.id)!;
    return (
      r.ticketId !== null &&
      makeUpSpendRefusal({
        rule,
        credit,
        now,
        target: {
          activityGroupId: s.activity_group_id,
          start: zonedToInstant(s.date, s.start_time, timeZone),
          placesLeft: r.placesLeft,
          alreadyBooked: r.alreadyBooked,
        },
      }) === null
    );
  });
  const shown = open.slice(0, MAX_MAKE_UP_SESSIONS);
  const dtos = await sessionsById(
    db,
    caller.clientId,
    shown.map((s) => s.id),
  );
  return shown.map((s) => ({ ...dtos.get(s.id)!, placesLeft: room.get(s.id)!.placesLeft }));
}

/**
 * Spends a credit on a free place for its child in one session, in one transaction that cannot
 * oversell: SQLite's BEGIN IMMEDIATE admits one writer; on PostgreSQL the session row and then
 * the parent's row are locked, in the order every booking takes them (bookings/locks.ts). The
 * credit is marked used only if it still was unused, so two clicks book once. The booking is
 * confirmed at no charge, on the session's single-session ticket when it has one, and its
 * confirmation e-mail is queued with it.
 *
 * @example const { booking, place } = await bookMakeUp({ db, dialect }, caller, { credit, session }, Date.now());
 */
export async function bookMakeUp(
  handle: { db: Db; dialect: Dialect },
  caller: MakeUpCaller,
  input: { credit: string; session: string },
  now: number,
): Promise<{ booking: string; place: string }> {
  return inTransaction(handle.db, async (trx) => {
    // The user, then the session: the order every booking takes them in
    // (api/services/bookings/locks.ts), so a make-up and a booking never deadlock.
    if (handle.dialect === 'postgres') {
      await trx
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', caller.clientId)
        .where('id', '=', caller.userId)
        .forUpdate()
        .execute();
      await trx
        .selectFrom('activities')
        .select('id')
        .where('client_id', '=', caller.clientId)
        .where('id', '=', input.session)
        .forUpdate()
        .execute();
    }
    const { row, credit } = await loadOwnCredit(trx, caller, input.credit);
    const session = await openSessions(trx, caller.clientId)
      .where('s.id', '=', input.session)
      .executeTakeFirst();
    if (!session) throw notFound();
    const [rule, client] = await Promise.all([
      loadMakeUpRule(trx, caller.clientId),
      loadClient(trx, caller.clientId),
    ]);
    const room = (await makeUpRoom(trx, caller.clientId, row.attendee_id, [session], now)).get(
      session.id,
    )!;
    const refusal =
      session.id === row.activity_id
        ? makeUpMessages.alreadyBooked
        : makeUpSpendRefusal({
            rule,
            credit,
            now,
            target: {
              activityGroupId: session.activity_group_id,
              start: zonedToInstant(session.date, session.start_time, client.time_zone),
              placesLeft: room.placesLeft,
              alreadyBooked: room.alreadyBooked,
            },
          });
    if (refusal) throw new HttpError(422, refusal, { session: refusal });
    if (!room.ticketId || !makeUpAllowedIn(rule, row.activity_group_id, session.activity_group_id))
      throw new HttpError(422, makeUpMessages.notAllowedActivity);
    const at = new Date(now).toISOString();
    const bookingId = newId();
    const itemId = newId();
    const placeId = newId();
    const spent = await trx
      .updateTable('absences')
      .set({
        credit_used_at: at,
        make_up_booking_id: bookingId,
        make_up_place_id: placeId,
        updated_at: at,
      })
      .where('client_id', '=', caller.clientId)
      .where('id', '=', row.id)
      .where('credit_used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new HttpError(422, makeUpMessages.creditUsed);
    const stamp = { client_id: caller.clientId, created_at: at, updated_at: at };
    await trx
      .insertInto('bookings')
      .values({
        id: bookingId,
        ...stamp,
        user_id: caller.userId,
        status: 'confirmed',
        payment_method: null,
        childcare_voucher_provider_id: null,
        currency: client.currency,
        subtotal: 0,
        total: 0,
        amount_due_now: 0,
        discount_code: null,
        hold_expires_at: null,
        idempotency_key: null,
        created_by_admin_id: null,
        confirmed_at: at,
        cancelled_at: null,
      })
      .execute();
    await trx
      .insertInto('booking_items')
      .values({
        id: itemId,
        ...stamp,
        booking_id: bookingId,
        activity_group_id: session.activity_group_id,
        ticket_id: room.ticketId,
        attendee_id: row.attendee_id,
        price: 0,
        status: 'confirmed',
      })
      .execute();
    await trx
      .insertInto('booking_places')
      .values({
        id: placeId,
        ...stamp,
        booking_id: bookingId,
        booking_item_id: itemId,
        activity_id: session.id,
        ticket_id: room.ticketId,
        attendee_id: row.attendee_id,
        status: 'confirmed',
        hold_expires_at: null,
      })
      .execute();
    // The parent's confirmation (and admins' new-booking notices), in the same commit.
    await enqueueBookingConfirmation(trx, {
      clientId: caller.clientId,
      bookingId,
      now: new Date(now),
    });
    return { booking: bookingId, place: placeId };
  });
}

export interface RegisterAbsenceDto {
  attendee: { _id: string; name: string };
  parent: { _id: string; name: string };
  reportedAt: string;
  credit: boolean;
}

/**
 * For a session's register: the children reported absent, the places on it booked with a
 * make-up credit, and how many children wait on its waitlist (the freed place may be offered).
 *
 * @example const { absences, makeUpPlaces, waiting } = await registerMakeUps(db, clientId, session);
 */
export async function registerMakeUps(
  db: Db,
  clientId: string,
  session: { id: string; groupId: string },
) {
  const [absent, makeUps, waiting] = await Promise.all([
    db
      .selectFrom('absences as a')
      .innerJoin('users as u', (j) =>
        j.onRef('u.id', '=', 'a.user_id').onRef('u.client_id', '=', 'a.client_id'),
      )
      .select(['a.attendee_id', 'a.user_id', 'u.full_name', 'a.created_at', 'a.credit'])
      .where('a.client_id', '=', clientId)
      .where('a.activity_id', '=', session.id)
      .orderBy('a.created_at')
      .execute(),
    db
      .selectFrom('absences as a')
      .innerJoin('booking_places as p', (j) =>
        j.onRef('p.id', '=', 'a.make_up_place_id').onRef('p.client_id', '=', 'a.client_id'),
      )
      .select('p.id')
      .where('a.client_id', '=', clientId)
      .where('p.activity_id', '=', session.id)
      .execute(),
    db
      .selectFrom('waitlist_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', session.groupId)
      .where('status', '=', 'Waiting')
      .where((eb) => eb.or([eb('activity_id', 'is', null), eb('activity_id', '=', session.id)]))
      .executeTakeFirstOrThrow(),
  ]);
  const names = new Map(
    (
      await listAttendees(db, clientId, {
        ids: [...new Set(absent.map((a) => a.attendee_id))],
        admin: true,
      })
    ).map((a) => [a._id, a.name]),
  );
  const absences: RegisterAbsenceDto[] = absent
    .map((a) => ({
      attendee: { _id: a.attendee_id, name: names.get(a.attendee_id) ?? '' },
      parent: { _id: a.user_id, name: a.full_name },
      reportedAt: a.created_at,
      credit: fromFlag(a.credit),
    }))
    .sort((x, y) => x.attendee.name.localeCompare(y.attendee.name));
  return {
    absences,
    makeUpPlaces: new Set(makeUps.map((m) => m.id)),
    waiting: Number(waiting.n),
  };
}

/**
 * For a day's registers: how many children were reported absent from each session, and which of
 * the given places were booked with a make-up credit.
 *
 * @example const { absentBySession, makeUpPlaces } = await dayMakeUps(db, clientId, sessionIds, placeIds);
 */
export async function dayMakeUps(
  db: Db,
  clientId: string,
  sessionIds: readonly string[],
  placeIds: readonly string[],
) {
  const [absent, makeUps] = await Promise.all([
    sessionIds.length === 0
      ? []
      : db
          .selectFrom('absences')
          .select(['activity_id'])
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', clientId)
          .where('activity_id', 'in', [...sessionIds])
          .groupBy('activity_id')
          .execute(),
    placeIds.length === 0
      ? []
      : db
          .selectFrom('absences')
          .select('make_up_place_id')
          .where('client_id', '=', clientId)
          .where('make_up_place_id', 'in', [...placeIds])
          .execute(),
  ]);
  return {
    absentBySession: new Map(absent.map((a) => [a.activity_id, Number(a.n)])),
    makeUpPlaces: new Set(makeUps.map((m) => m.make_up_place_id)),
  };
}
