import {
  ageOnSession,
  answerText,
  bookingReference,
  type MarkKind,
  type MarkRow,
  type MarkState,
  markState,
  type RegisterSummary,
  registerSummary,
  todayIn,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataValue } from '../db/field-values.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { notFound } from '../http/errors.ts';
import { listAttendees } from './attendees.ts';
import { loadBookingDtos } from './bookings/dto.ts';
import { clientSessionsQuery } from './client-sessions.ts';
import { type FieldDto, listFields } from './fields.ts';
import { dayMakeUps, type RegisterAbsenceDto, registerMakeUps } from './make-ups.ts';

/*
 * A session's register (issue 17, docs/rules/registers.md): every child with a place on it, their
 * parent, the booking's money as its statement says, the answers the organiser marked as
 * safeguarding, and each child's current mark folded from the audit trail.
 */

/** Booking states whose places are on the register: a card checkout still held is not a booking yet. */
const ON_REGISTER = ['confirmed', 'awaiting_payment'] as const;

export interface RegisterFlag {
  field: string;
  title: string;
  value: string;
}

export interface RegisterRowDto {
  attendee: { _id: string; name: string; age: number | null };
  ticket: string;
  addOns: string[];
  parent: { _id: string; name: string; email: string; phone: string | null };
  booking: {
    _id: string;
    reference: string;
    status: string;
    currency: string;
    paid: number;
    owed: number;
  };
  flags: RegisterFlag[];
  mark: MarkState & { markedBy: string | null; markedAt: string | null };
  /** The place was booked with a make-up credit (docs/rules/make-ups.md). */
  makeUp: boolean;
}

export interface RegisterDto {
  session: {
    _id: string;
    activityGroup: { _id: string; name: string };
    date: string;
    startTime: string;
    endTime: string;
    venue: string | null;
  };
  currency: string;
  summary: RegisterSummary;
  rows: RegisterRowDto[];
  /** Children whose parents reported them absent: their places are free again. */
  absences: RegisterAbsenceDto[];
  /** Children waiting on this session's waitlist (or its activity's), who may be offered them. */
  waitlistWaiting: number;
}

type NoMoney<T> = Omit<T, 'paid' | 'owed'>;

/** A register as a coach sees it: no money anywhere. */
export interface CoachRegisterDto extends Omit<RegisterDto, 'summary' | 'rows'> {
  summary: NoMoney<RegisterSummary>;
  rows: (Omit<RegisterRowDto, 'booking'> & { booking: NoMoney<RegisterRowDto['booking']> })[];
}

/**
 * The register without its money, for a coach (issue 17: coaches see no money).
 *
 * @example return c.json({ data: coachId ? coachView(register) : register });
 */
export function coachView(register: RegisterDto): CoachRegisterDto {
  const { paid: _p, owed: _o, ...summary } = register.summary;
  return {
    ...register,
    summary,
    rows: register.rows.map(({ booking: { paid: _paid, owed: _owed, ...booking }, ...row }) => ({
      ...row,
      booking,
    })),
  };
}

export interface MarkDto {
  _id: string;
  attendee: { _id: string; name: string };
  kind: MarkKind;
  at: string;
  collectedBy: string | null;
  markedBy: { _id: string; fullName: string };
  recordedAt: string;
}

/** Sessions a coach may see: their assigned activity groups' (null: an admin, every one). */
export function coachGroups(db: Db, clientId: string, coachId: string) {
  return db
    .selectFrom('coach_activity_groups')
    .select('activity_group_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', coachId);
}

/**
 * One session of the client, with its group and venue; 404 for another client's, and for a
 * coach, for a session of an activity not assigned to them.
 */
export async function findRegisterSession(
  db: Db,
  clientId: string,
  sessionId: string,
  coachId: string | null = null,
) {
  let query = clientSessionsQuery(db, clientId).where('s.id', '=', sessionId);
  if (coachId) query = query.where('g.id', 'in', coachGroups(db, clientId, coachId));
  const session = await query.executeTakeFirst();
  if (!session) throw notFound();
  return session;
}

/** The places on the register of some sessions: one per child per session. */
export async function registerPlaces(db: Db, clientId: string, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('booking_places as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .innerJoin('tickets as t', 't.id', 'p.ticket_id')
    .select([
      'p.id',
      'p.activity_id',
      'p.attendee_id',
      'p.booking_id',
      'p.booking_item_id',
      't.name as ticket_name',
      'b.user_id',
    ])
    .where('p.client_id', '=', clientId)
    .where('b.client_id', '=', clientId)
    .where('p.activity_id', 'in', [...sessionIds])
    .where('p.status', 'in', ['held', 'confirmed'])
    .where('b.status', 'in', [...ON_REGISTER])
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

/** The audit trail of some sessions, oldest first, with who made each mark. */
export async function registerMarks(db: Db, clientId: string, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('register_marks as m')
    .innerJoin('users as u', 'u.id', 'm.marked_by_user_id')
    .select([
      'm.id',
      'm.activity_id',
      'm.attendee_id',
      'm.kind',
      'm.marked_at',
      'm.collected_by',
      'm.created_at',
      'm.marked_by_user_id',
      'u.full_name as marked_by_name',
    ])
    .where('m.client_id', '=', clientId)
    .where('u.client_id', '=', clientId)
    .where('m.activity_id', 'in', [...sessionIds])
    .orderBy('m.marked_at')
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    rule: {
      id: r.id,
      kind: r.kind,
      at: r.marked_at,
      recordedAt: r.created_at,
      collectedBy: r.collected_by,
    } satisfies MarkRow,
  }));
}

/**
 * Each child's current state on a session, keyed `session|attendee`.
 *
 * @example const states = foldMarks(await registerMarks(db, clientId, [sessionId]));
 */
export function foldMarks(marks: Awaited<ReturnType<typeof registerMarks>>) {
  const bySeat = new Map<string, typeof marks>();
  for (const m of marks) {
    const key = `${m.activity_id}|${m.attendee_id}`;
    bySeat.set(key, [...(bySeat.get(key) ?? []), m]);
  }
  const states = new Map<string, { state: MarkState; by: string | null; at: string | null }>();
  for (const [key, rows] of bySeat) {
    const state = markState(rows.map((r) => r.rule));
    const last = rows.find((r) => r.id === state.lastMarkId);
    states.set(key, { state, by: last?.marked_by_name ?? null, at: last?.created_at ?? null });
  }
  return states;
}

/** Safeguarding fields of one usage, enabled ones only, admin-only ones included. */
async function safeguardingFields(db: Db, clientId: string, usage: 'attendee' | 'user') {
  const fields = await listFields(db, clientId, {
    usage,
    includeDisabled: false,
    includeAdminOnly: true,
  });
  return fields;
}

const flagsOf = (fields: FieldDto[], answers: Map<string, unknown>): RegisterFlag[] =>
  fields.flatMap((f) => {
    const value = answerText({ type: f.type, options: f.fieldOptions }, answers.get(f._id));
    return f.safeguarding && value !== null ? [{ field: f._id, title: f.title, value }] : [];
  });

/**
 * The register of one session, for the organiser. Children are listed by name.
 *
 * @example const register = await loadRegister(db, admin.clientId, sessionId, Date.now());
 */
export async function loadRegister(
  db: Db,
  clientId: string,
  sessionId: string,
  now: number,
  coachId: string | null = null,
): Promise<RegisterDto> {
  const [client, session] = await Promise.all([
    findClientById(db, clientId),
    findRegisterSession(db, clientId, sessionId, coachId),
  ]);
  if (!client) throw notFound();
  const [places, marks, attendeeFields, userFields, makeUps] = await Promise.all([
    registerPlaces(db, clientId, [sessionId]),
    registerMarks(db, clientId, [sessionId]),
    safeguardingFields(db, clientId, 'attendee'),
    safeguardingFields(db, clientId, 'user'),
    registerMakeUps(db, clientId, { id: sessionId, groupId: session.group_id }),
  ]);
  const bookingIds = [...new Set(places.map((p) => p.booking_id))];
  const userIds = [...new Set(places.map((p) => p.user_id))];
  const [bookings, attendees, userAnswers] = await Promise.all([
    loadBookingDtos(db, clientId, bookingIds, now),
    listAttendees(db, clientId, {
      ids: [...new Set(places.map((p) => p.attendee_id))],
      admin: true,
    }),
    userIds.length
      ? db
          .selectFrom('field_data')
          .selectAll()
          .where('client_id', '=', clientId)
          .where('owner_type', '=', 'user')
          .where('owner_id', 'in', userIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const bookingById = new Map(bookings.map((b) => [b._id, b]));
  const attendeeById = new Map(attendees.map((a) => [a._id, a]));
  const states = foldMarks(marks);
  // A parent's phone: their answer to the first phone question asked of parents, else the
  // child's answer to the first one asked per child (organisers often ask for it there).
  const phoneField = userFields.find((f) => f.type === 'phone');
  const childPhoneField = attendeeFields.find((f) => f.type === 'phone');
  const rows: RegisterRowDto[] = places.map((p) => {
    const booking = bookingById.get(p.booking_id)!;
    const attendee = attendeeById.get(p.attendee_id);
    const item = booking.items.find((i) => i._id === p.booking_item_id);
    const parentAnswers = new Map(
      userAnswers
        .filter((r) => r.owner_id === p.user_id)
        .map((r) => [r.field_id, fieldDataValue(r)]),
    );
    const phone =
      (phoneField
        ? answerText({ type: 'phone', options: [] }, parentAnswers.get(phoneField._id))
        : null) ??
      (childPhoneField
        ? answerText({ type: 'phone', options: [] }, attendee?.fieldData[childPhoneField._id])
        : null);
    const seat = states.get(`${sessionId}|${p.attendee_id}`);
    return {
      attendee: {
        _id: p.attendee_id,
        name: attendee?.name ?? '',
        age: ageOnSession(attendee?.dateOfBirth ?? null, session.date),
      },
      ticket: p.ticket_name,
      // An add-on for every session of the booking, or for this one.
      addOns: (item?.addOns ?? [])
        .filter(
          (a) => a.status !== 'cancelled' && (a.activity === null || a.activity === sessionId),
        )
        .map((a) => a.name),
      parent: { _id: p.user_id, name: booking.user.fullName, email: booking.user.email, phone },
      booking: {
        _id: booking._id,
        reference: bookingReference(booking._id),
        status: booking.status,
        currency: booking.currency,
        paid: booking.statement.paid,
        owed: booking.statement.owed,
      },
      flags: [
        ...flagsOf(attendeeFields, new Map(Object.entries(attendee?.fieldData ?? {}))),
        ...flagsOf(userFields, parentAnswers),
      ],
      mark: {
        ...(seat?.state ?? markState([])),
        markedBy: seat?.by ?? null,
        markedAt: seat?.at ?? null,
      },
      makeUp: makeUps.makeUpPlaces.has(p.id),
    };
  });
  rows.sort((a, b) => a.attendee.name.localeCompare(b.attendee.name));
  return {
    session: {
      _id: session.id,
      activityGroup: { _id: session.group_id, name: session.group_name },
      date: session.date,
      startTime: session.start_time,
      endTime: session.end_time,
      venue: session.venue_name ?? null,
    },
    currency: client.currency,
    summary: registerSummary(
      rows.map((r) => ({
        state: r.mark,
        booking: { id: r.booking._id, ...r.booking },
        makeUp: r.makeUp,
      })),
      makeUps.absences.length,
    ),
    rows,
    absences: makeUps.absences,
    waitlistWaiting: makeUps.waiting,
  };
}

/**
 * The audit trail of one session: every mark, oldest first, with who made it and when.
 *
 * @example const history = await loadMarkHistory(db, admin.clientId, sessionId);
 */
export async function loadMarkHistory(
  db: Db,
  clientId: string,
  sessionId: string,
  coachId: string | null = null,
): Promise<MarkDto[]> {
  await findRegisterSession(db, clientId, sessionId, coachId);
  const marks = await registerMarks(db, clientId, [sessionId]);
  const attendees = await listAttendees(db, clientId, {
    ids: [...new Set(marks.map((m) => m.attendee_id))],
    admin: false,
  });
  const names = new Map(attendees.map((a) => [a._id, a.name]));
  return marks.map(markDto(names));
}

export const markDto =
  (names: Map<string, string>) =>
  (m: Awaited<ReturnType<typeof registerMarks>>[number]): MarkDto => ({
    _id: m.id,
    attendee: { _id: m.attendee_id, name: names.get(m.attendee_id) ?? '' },
    kind: m.kind,
    at: m.marked_at,
    collectedBy: m.collected_by,
    markedBy: { _id: m.marked_by_user_id, fullName: m.marked_by_name },
    recordedAt: m.created_at,
  });

export interface DaySessionDto {
  _id: string;
  activityGroup: { _id: string; name: string };
  date: string;
  startTime: string;
  endTime: string;
  venue: string | null;
  summary: Omit<RegisterSummary, 'paid' | 'owed'>;
}

/**
 * The 'Today' view: a day's sessions (today in the client's zone unless a date is given), in
 * time order, each with its register's counts. Money is left to each register.
 *
 * @example const { date, sessions } = await listDayRegisters(db, clientId, null, Date.now());
 */
export async function listDayRegisters(
  db: Db,
  clientId: string,
  date: string | null,
  now: number,
  coachId: string | null = null,
): Promise<{ date: string; sessions: DaySessionDto[] }> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const day = date ?? todayIn(now, client.time_zone);
  let query = clientSessionsQuery(db, clientId)
    .where('s.enabled', '=', 1)
    .where('s.date', '=', day)
    .orderBy('s.start_time')
    .orderBy('g.name');
  if (coachId) query = query.where('g.id', 'in', coachGroups(db, clientId, coachId));
  const sessions = await query.execute();
  const ids = sessions.map((s) => s.id);
  const [places, marks] = await Promise.all([
    registerPlaces(db, clientId, ids),
    registerMarks(db, clientId, ids),
  ]);
  const states = foldMarks(marks);
  const makeUps = await dayMakeUps(
    db,
    clientId,
    ids,
    places.map((p) => p.id),
  );
  return {
    date: day,
    sessions: sessions.map((s) => {
      const {
        paid: _paid,
        owed: _owed,
        ...summary
      } = registerSummary(
        places
          .filter((p) => p.activity_id === s.id)
          .map((p) => ({
            state: states.get(`${s.id}|${p.attendee_id}`)?.state ?? markState([]),
            booking: { id: p.booking_id, paid: 0, owed: 0 },
            makeUp: makeUps.makeUpPlaces.has(p.id),
          })),
        makeUps.absentBySession.get(s.id) ?? 0,
      );
      return {
        _id: s.id,
        activityGroup: { _id: s.group_id, name: s.group_name },
        date: s.date,
        startTime: s.start_time,
        endTime: s.end_time,
        venue: s.venue_name ?? null,
        summary,
      };
    }),
  };
}
