import {
  ACTIVE_WAITLIST_STATUSES,
  addDays,
  type DayTakings,
  hasFeature,
  isMoneyIn,
  isMoneyOut,
  type PlaceRow,
  sessionAvailability,
  takingsByDay,
  todayIn,
  type WaitlistRow,
  type WaitlistStatus,
  zonedParts,
  zonedToInstant,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { notFound } from '../http/errors.ts';
import type { BookingDto } from './booking-dto.ts';
import { loadBookingDtos } from './bookings/dto.ts';
import { clientSessionsQuery } from './client-sessions.ts';

/** The week ahead the organiser plans for, today included. */
export const OVERVIEW_SESSION_DAYS = 7;
/** The takings chart's window, today included. */
export const OVERVIEW_TAKINGS_DAYS = 30;
export const OVERVIEW_NEWEST_BOOKINGS = 5;
/** A busy organiser's week still fits one screen; beyond this the Activities screen is the place. */
const MAX_SESSIONS = 60;

export interface OverviewSessionDto {
  _id: string;
  activityGroup: { _id: string; name: string };
  date: string;
  startTime: string;
  endTime: string;
  venue: string | null;
  /** null: no place limit, so the booked count stands alone. */
  placeLimit: number | null;
  /** Places that take capacity now: confirmed, and held until their hold expires. */
  booked: number;
  full: boolean;
  /** Active waitlist entries for this session or for all of its group's sessions. */
  waitlist: number;
}

export interface OverviewDto {
  /** Today in the client's time zone: the first day of `sessions` and the last of `takings`. */
  today: string;
  hasActivities: boolean;
  sessions: OverviewSessionDto[];
  /** Offline payments (childcare voucher, pay later) the organiser is still owed. */
  awaitingPayment: { count: number; total: number };
  takings: { currency: string; days: DayTakings[]; paid: number; refunded: number };
  newestBookings: BookingDto[];
  /** null when the plan has no waitlists (Premium only). */
  activeWaitlist: number | null;
}

/**
 * Everything the dashboard's home screen shows, for one client, in a fixed number of queries.
 * Dates are the client's: "this week" and each takings day start at its local midnight.
 *
 * @example const overview = await loadOverview(db, admin.clientId, Date.now());
 */
export async function loadOverview(db: Db, clientId: string, now: number): Promise<OverviewDto> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const today = todayIn(now, client.time_zone);
  const timeNow = zonedParts(now, client.time_zone).time;
  const takingsFrom = new Date(
    zonedToInstant(addDays(today, 1 - OVERVIEW_TAKINGS_DAYS), '00:00', client.time_zone),
  ).toISOString();
  const waitlists = hasFeature(client.plan_level, 'waitlists');
  const active = ACTIVE_WAITLIST_STATUSES as WaitlistStatus[];

  const [groups, sessions, owed, payments, refunds, newest, waitlistCount] = await Promise.all([
    db
      .selectFrom('activity_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow(),
    clientSessionsQuery(db, clientId)
      .select('s.place_limit')
      .where('s.enabled', '=', 1)
      // Today's sessions stay until they end: the organiser is looking at what is still to come.
      .where((eb) =>
        eb.or([
          eb('s.date', '>', today),
          eb.and([eb('s.date', '=', today), eb('s.end_time', '>', timeNow)]),
        ]),
      )
      .where('s.date', '<=', addDays(today, OVERVIEW_SESSION_DAYS - 1))
      .orderBy('s.date')
      .orderBy('s.start_time')
      .orderBy('g.name')
      .limit(MAX_SESSIONS)
      .execute(),
    db
      .selectFrom('bookings')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number | string | null>('amount_due_now').as('total'),
      ])
      .where('client_id', '=', clientId)
      .where('status', '=', 'awaiting_payment')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select(['amount', 'status', 'created_at'])
      .where('client_id', '=', clientId)
      .where('currency', '=', client.currency)
      .where('created_at', '>=', takingsFrom)
      .execute(),
    db
      .selectFrom('refunds')
      .select(['amount', 'status', 'method', 'created_at'])
      .where('client_id', '=', clientId)
      .where('created_at', '>=', takingsFrom)
      .execute(),
    db
      .selectFrom('bookings')
      .select('id')
      .where('client_id', '=', clientId)
      // An abandoned card checkout expires without the customer ever having booked.
      .where('status', '!=', 'expired')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(OVERVIEW_NEWEST_BOOKINGS)
      .execute(),
    waitlists
      ? db
          .selectFrom('waitlist_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', clientId)
          .where('status', 'in', active)
          .executeTakeFirstOrThrow()
      : null,
  ]);

  const days = takingsByDay({
    payments: payments.filter(isMoneyIn).map((p) => ({ at: p.created_at, amount: p.amount })),
    refunds: refunds.filter(isMoneyOut).map((r) => ({ at: r.created_at, amount: r.amount })),
    today,
    days: OVERVIEW_TAKINGS_DAYS,
    timeZone: client.time_zone,
  });

  return {
    today,
    hasActivities: Number(groups.n) > 0,
    sessions: await sessionFill(db, clientId, sessions, now),
    awaitingPayment: { count: Number(owed.count), total: Number(owed.total ?? 0) },
    takings: {
      currency: client.currency,
      days,
      paid: days.reduce((sum, d) => sum + d.paid, 0),
      refunded: days.reduce((sum, d) => sum + d.refunded, 0),
    },
    newestBookings: await loadBookingDtos(
      db,
      clientId,
      newest.map((b) => b.id),
    ),
    activeWaitlist: waitlistCount ? Number(waitlistCount.n) : null,
  };
}

interface SessionRow {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  place_limit: number | null;
  group_id: string;
  group_name: string;
  venue_name: string | null;
}

/**
 * How full each session is, by the engine's own availability rule (the one bookings obey), from
 * two queries for all the sessions together.
 */
async function sessionFill(
  db: Db,
  clientId: string,
  sessions: SessionRow[],
  now: number,
): Promise<OverviewSessionDto[]> {
  if (sessions.length === 0) return [];
  const [places, waitlist] = await Promise.all([
    db
      .selectFrom('booking_places')
      .select(['activity_id', 'ticket_id', 'attendee_id', 'status', 'hold_expires_at'])
      .where('client_id', '=', clientId)
      .where(
        'activity_id',
        'in',
        sessions.map((s) => s.id),
      )
      .where('status', 'in', ['held', 'confirmed'])
      .execute(),
    db
      .selectFrom('waitlist_entries')
      .select(['activity_group_id', 'activity_id', 'attendee_id', 'status'])
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', [...new Set(sessions.map((s) => s.group_id))])
      .where('status', 'in', ACTIVE_WAITLIST_STATUSES as WaitlistStatus[])
      .execute(),
  ]);
  const placesBySession = groupBy(
    places.map(
      (p): PlaceRow => ({
        activityId: p.activity_id,
        ticketId: p.ticket_id,
        attendeeId: p.attendee_id,
        status: p.status,
        holdExpiresAt: p.hold_expires_at,
      }),
    ),
    (p) => p.activityId,
  );
  const waitlistByGroup = groupBy(
    waitlist.map((w) => ({
      groupId: w.activity_group_id,
      row: {
        attendeeId: w.attendee_id,
        activityId: w.activity_id,
        status: w.status as WaitlistStatus,
      } satisfies WaitlistRow,
    })),
    (w) => w.groupId,
  );
  return sessions.map((s) => {
    const availability = sessionAvailability({
      sessionId: s.id,
      placeLimit: s.place_limit,
      places: placesBySession.get(s.id) ?? [],
      waitlist: (waitlistByGroup.get(s.group_id) ?? []).map((w) => w.row),
      now,
    });
    return {
      _id: s.id,
      activityGroup: { _id: s.group_id, name: s.group_name },
      date: s.date,
      startTime: s.start_time,
      endTime: s.end_time,
      venue: s.venue_name,
      placeLimit: s.place_limit,
      booked: availability.taken,
      full: availability.sessionLimitReached,
      waitlist: availability.activeWaitlist,
    };
  });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}
