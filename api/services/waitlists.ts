import {
  ACTIVE_WAITLIST_STATUSES,
  ageInMonths,
  hasFeature,
  isActiveWaitlistStatus,
  localeFor,
  messages,
  offerExpiresAt,
  sessionLabel,
  type WaitlistJoinView,
  type WaitlistStatus,
  waitlistJoinRefusal,
  waitlistJoinView,
  waitlistMoveSteps,
  waitlistTransitionError,
  zonedParts,
} from '../../engine/index.ts';
import { offerDeadline } from '../../engine/offer-deadline.ts';
import { schoolYearOn } from '../../engine/school-year.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { enqueue } from '../jobs/queue.ts';
import {
  enqueueOfferLapsed,
  enqueueWaitlistJoined,
  enqueueWaitlistOffer,
} from '../mail/booking-messages.ts';
import { type ActivityGroupDto, loadActivityGroup } from './activity-groups.ts';
import { listAttendees } from './attendees.ts';

/** Places that count as "already booked" for the waitlist form. */
const TAKEN_PLACE_STATUSES = ['held', 'confirmed'] as const;

export interface WaitlistEntryDto {
  _id: string;
  status: WaitlistStatus;
  type: 'AllSessions' | 'SingleSession';
  activityGroup: { _id: string; name: string };
  activity: { _id: string; date: string; startTime: string } | null;
  attendee: { _id: string; name: string };
  user: { _id: string; fullName: string; email: string };
  /** When a Ready entry's offer runs out (ISO instant); null when no offer is running. */
  offerExpiresAt: string | null;
  /** Shared by brothers and sisters who joined together (docs/rules/family.md); else null. */
  familyId: string | null;
  createdAt: string;
}

/** Job that moves a Ready entry whose offer ran out to Expired (handler in api/jobs/handlers.ts). */
export const EXPIRE_OFFER_JOB = 'expire-waitlist-offer';

/**
 * Everything the join form needs for one attendee, decided by the engine: which sessions can be
 * ticked (only full ones, by the places left the listing shows: the same loader and rule), the
 * badges, the age notice or block and the form-level message.
 */
export async function waitlistJoinState(
  db: Db,
  clientId: string,
  {
    userId,
    activityGroupId,
    attendeeId,
  }: { userId: string; activityGroupId: string; attendeeId?: string },
): Promise<{
  view: WaitlistJoinView;
  waitlistType: 'AllSessions' | 'SingleSession';
  group: ActivityGroupDto;
  client: NonNullable<Awaited<ReturnType<typeof findClientById>>>;
}> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const group = await loadActivityGroup(db, clientId, activityGroupId, { publicView: true });
  const waitlistType = group.waitlistType as 'AllSessions' | 'SingleSession' | null;
  if (!waitlistType || !hasFeature(client.plan_level, 'waitlists')) {
    throw new HttpError(422, 'This activity has no waitlist.');
  }
  const attendees = await listAttendees(db, clientId, { userId, admin: false });
  const chosen = attendees.find((a) => a._id === attendeeId) ?? attendees[0];
  const firstDate = group.activities.map((s) => s.date).sort()[0];
  const [booked, entries] = chosen
    ? await Promise.all([
        db
          .selectFrom('booking_places')
          .select('activity_id')
          .where('client_id', '=', clientId)
          .where('attendee_id', '=', chosen._id)
          .where('status', 'in', [...TAKEN_PLACE_STATUSES])
          .execute(),
        db
          .selectFrom('waitlist_entries')
          .select(['activity_id', 'status'])
          .where('client_id', '=', clientId)
          .where('attendee_id', '=', chosen._id)
          .where('activity_group_id', '=', group._id)
          .execute(),
      ])
    : [[], []];
  const now = zonedParts(Date.now(), client.time_zone);
  const view = waitlistJoinView({
    group: {
      waitlistType,
      minAgeMonths: group.ageRange.minMonths,
      maxAgeMonths: group.ageRange.maxMonths,
      schoolYears: group.schoolYears,
      blockOutOfRange: group.blockOutOfRange,
      sessions: group.activities,
    },
    attendees: attendees.map((a) => ({
      _id: a._id,
      ageMonths: a.dateOfBirth && firstDate ? ageInMonths(a.dateOfBirth, firstDate) : null,
      schoolYear: a.dateOfBirth && firstDate ? schoolYearOn(a.dateOfBirth, firstDate) : null,
    })),
    attendeeId: chosen?._id,
    bookedSessionIds: booked.map((b) => b.activity_id),
    entries: entries.map((e) => ({
      activityId: e.activity_id,
      status: e.status as WaitlistStatus,
    })),
    now: { date: now.date, time: now.time },
  });
  return { view, waitlistType, group, client };
}

/**
 * Joins the waitlist: one entry for the whole group (AllSessions) or one per ticked session
 * (SingleSession). The engine's join view is the rule: a session it disables cannot be joined.
 * The insert happens in one transaction so a double click does not add the attendee twice.
 */
export async function joinWaitlist(
  db: Db,
  clientId: string,
  input: { userId: string; activityGroupId: string; attendeeId: string; activityIds: string[] },
): Promise<string[]> {
  const { view, waitlistType, group, client } = await waitlistJoinState(db, clientId, input);
  if (view.attendeeId !== input.attendeeId) throw notFound();
  if (view.error) {
    // Why nothing can be joined (every session still has places) goes with the spec's message.
    throw new HttpError(422, view.error, view.note ? { activities: view.note } : undefined);
  }
  let activityIds: (string | null)[];
  if (waitlistType === 'AllSessions') {
    activityIds = [null];
  } else {
    if (input.activityIds.length === 0) {
      throw new HttpError(422, messages.selectWaitlistSession, {
        activities: messages.selectWaitlistSession,
      });
    }
    const refusal = waitlistJoinRefusal(view, input.activityIds, (id) => {
      const s = group.activities.find((x) => x._id === id);
      // Named as the booking errors and the widget name a session: weekday, date, times.
      return s ? sessionLabel(s, client.date_format, localeFor(client.country)) : id;
    });
    if (refusal) throw new HttpError(422, refusal, { activities: refusal });
    activityIds = [...new Set(input.activityIds)];
  }
  const now = nowIso();
  const ids = activityIds.map(() => newId());
  await db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('waitlist_entries')
      .select('activity_id')
      .where('client_id', '=', clientId)
      .where('attendee_id', '=', input.attendeeId)
      .where('activity_group_id', '=', input.activityGroupId)
      .where('status', 'in', [...ACTIVE_WAITLIST_STATUSES])
      .execute();
    const taken = new Set(active.map((e) => e.activity_id));
    if (activityIds.some((id) => taken.has(id)))
      throw new HttpError(409, messages.alreadyOnWaitlist);
    await trx
      .insertInto('waitlist_entries')
      .values(
        activityIds.map((activityId, i) => ({
          id: ids[i],
          client_id: clientId,
          user_id: input.userId,
          attendee_id: input.attendeeId,
          activity_group_id: input.activityGroupId,
          activity_id: activityId,
          type: waitlistType,
          status: 'Waiting',
          offer_expires_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await enqueueWaitlistJoined(trx, { clientId, entryIds: ids });
  });
  return ids;
}

/**
 * Waitlist entries, newest first, paged (docs/api/calls.md: page size up to 1000). `userId` limits
 * them to one user (a customer always sees only their own).
 */
export async function listWaitlistEntries(
  db: Db,
  clientId: string,
  filters: {
    userId?: string;
    activityGroupId?: string;
    statuses?: string[];
    ids?: string[];
    page: number;
    limit: number;
  },
): Promise<{ data: WaitlistEntryDto[]; total: number }> {
  let base = db
    .selectFrom('waitlist_entries as w')
    .innerJoin('activity_groups as g', 'g.id', 'w.activity_group_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('activities as s', 's.id', 'w.activity_id')
    .where('w.client_id', '=', clientId);
  if (filters.userId) base = base.where('w.user_id', '=', filters.userId);
  if (filters.activityGroupId)
    base = base.where('w.activity_group_id', '=', filters.activityGroupId);
  if (filters.statuses?.length) base = base.where('w.status', 'in', filters.statuses);
  if (filters.ids) base = base.where('w.id', 'in', filters.ids.length ? filters.ids : ['']);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'w.id',
        'w.status',
        'w.type',
        'w.created_at',
        'w.offer_expires_at',
        'w.family_id',
        'w.attendee_id',
        'g.id as group_id',
        'g.name as group_name',
        's.id as session_id',
        's.date as session_date',
        's.start_time as session_start',
        'u.id as user_id',
        'u.full_name',
        'u.email',
      ])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id')
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
  ]);
  const attendees = await listAttendees(db, clientId, {
    ids: [...new Set(rows.map((r) => r.attendee_id))],
    admin: false,
  });
  const names = new Map(attendees.map((a) => [a._id, a.name]));
  return {
    total: Number(total),
    data: rows.map((r) => ({
      _id: r.id,
      status: r.status as WaitlistStatus,
      type: r.type as WaitlistEntryDto['type'],
      activityGroup: { _id: r.group_id, name: r.group_name },
      activity:
        r.session_id && r.session_date && r.session_start
          ? { _id: r.session_id, date: r.session_date, startTime: r.session_start }
          : null,
      attendee: { _id: r.attendee_id, name: names.get(r.attendee_id) ?? '' },
      user: { _id: r.user_id, fullName: r.full_name, email: r.email },
      offerExpiresAt: r.status === 'Ready' ? r.offer_expires_at : null,
      familyId: r.family_id,
      createdAt: r.created_at,
    })),
  };
}

async function findEntry(db: Db, clientId: string, id: string) {
  const entry = await db
    .selectFrom('waitlist_entries')
    .select(['id', 'status', 'user_id'])
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!entry) throw notFound();
  return { ...entry, status: entry.status as WaitlistStatus };
}

/**
 * An admin moves an entry on, only along the engine's transitions. Offering a place (→ Ready)
 * keeps it for `offerHours` (default 48) and queues the job that expires the offer; any other
 * move ends a running offer. The update is conditional on the status read, so two admins acting
 * at once cannot both move the entry.
 */
export async function moveWaitlistEntry(
  db: Db,
  clientId: string,
  id: string,
  {
    status,
    offerHours,
    now = Date.now(),
  }: { status: WaitlistStatus; offerHours?: number; now?: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await findEntry(trx, clientId, id);
    const { steps, error } = waitlistMoveSteps(entry.status, status);
    if (error) throw new HttpError(422, error);
    let expiresAt: string | null = null;
    if (status === 'Ready') {
      const offer = offerExpiresAt(now, offerHours);
      if (offer.error) throw new HttpError(422, offer.error, { offerHours: offer.error });
      // Never at night on the organiser's clock (engine offerDeadline, docs/rules/messages.md).
      const zone = await trx
        .selectFrom('clients')
        .select('time_zone')
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
      expiresAt = new Date(
        offerDeadline(now, Date.parse(offer.expiresAt!), zone.time_zone),
      ).toISOString();
    } else if (offerHours !== undefined) {
      throw new HttpError(422, messages.offerHoursRange, { offerHours: messages.offerHoursRange });
    }
    const moved = await trx
      .updateTable('waitlist_entries')
      .set({ status: steps[steps.length - 1], offer_expires_at: expiresAt, updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .where('status', '=', entry.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new HttpError(409, messages.waitlistTransitionNotAllowed(entry.status, status));
    if (expiresAt)
      await enqueue(
        trx,
        EXPIRE_OFFER_JOB,
        { clientId, entryId: id },
        // One job per offer: a new offer after an earlier one lapsed queues its own.
        { runAt: new Date(expiresAt), dedupeKey: `${EXPIRE_OFFER_JOB}:${id}:${expiresAt}` },
      );
    // The parent is told in the same commit that makes the offer.
    if (expiresAt)
      await enqueueWaitlistOffer(trx, { clientId, entryId: id, expiresAt, now: new Date(now) });
  });
}

/** A customer cancels one of their own active entries; another user's entry is not found. */
export async function cancelOwnEntry(
  db: Db,
  clientId: string,
  userId: string,
  id: string,
): Promise<void> {
  const entry = await findEntry(db, clientId, id);
  if (entry.user_id !== userId) throw notFound();
  if (!isActiveWaitlistStatus(entry.status))
    throw new HttpError(422, messages.waitlistTransitionNotAllowed(entry.status, 'Cancelled'));
  await moveWaitlistEntry(db, clientId, id, { status: 'Cancelled' });
}

/**
 * The offer job: a Ready entry whose offer has run out becomes Expired, which releases the place
 * it kept. Idempotent — an entry already booked, cancelled or offered again is left alone.
 */
export async function expireOffer(
  db: Db,
  clientId: string,
  id: string,
  now: number,
): Promise<void> {
  const entry = await db
    .selectFrom('waitlist_entries')
    .select(['status', 'offer_expires_at'])
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (entry?.status !== 'Ready' || !entry.offer_expires_at) return;
  if (Date.parse(entry.offer_expires_at) > now) return;
  const expiresAt = entry.offer_expires_at;
  // The parent is told in the same commit that lets the place go.
  await db.transaction().execute(async (trx) => {
    const lapsed = await trx
      .updateTable('waitlist_entries')
      .set({ status: 'Expired', updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('id', '=', id)
      .where('status', '=', 'Ready')
      .where('offer_expires_at', '=', expiresAt)
      .executeTakeFirst();
    if (Number(lapsed.numUpdatedRows) === 1)
      await enqueueOfferLapsed(trx, { clientId, entryId: id, expiresAt });
  });
}

/**
 * Inside the booking transaction: the Ready entries a booking fulfils become Used — the entry for
 * the booked session, or the attendee's all-sessions entry for the session's group.
 */
export async function markOffersUsed(
  trx: Db,
  clientId: string,
  places: readonly { attendeeId: string; sessionId: string; groupId: string }[],
): Promise<void> {
  if (waitlistTransitionError('Ready', 'Used')) return;
  for (const p of places) {
    await trx
      .updateTable('waitlist_entries')
      .set({ status: 'Used', updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('attendee_id', '=', p.attendeeId)
      .where('status', '=', 'Ready')
      .where('activity_group_id', '=', p.groupId)
      .where((eb) => eb.or([eb('activity_id', '=', p.sessionId), eb('activity_id', 'is', null)]))
      .execute();
  }
}
