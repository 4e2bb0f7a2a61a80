import {
  ACTIVE_WAITLIST_STATUSES,
  messages,
  todayIn,
  type WaitlistSkipReason,
  waitlistOfferPlan,
  waitlistSkipReason,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { enqueueWaitlistJoined } from '../mail/booking-messages.ts';
import { loadActivityGroup } from './activity-groups.ts';
import { listAttendees } from './attendees.ts';
import { moveWaitlistEntry, waitlistJoinState } from './waitlists.ts';

/*
 * Waitlists for families (issue 16, docs/rules/family.md): a parent puts brothers and sisters
 * on a waitlist together, and the organiser offers the places that free up in queue order, to a
 * family together (engine `waitlistOfferPlan`), passing over children who can no longer take
 * the place (engine `waitlistSkipReason`). Each offer is an ordinary one: it is held for the
 * offer hours, never runs out at night (engine `offerDeadline`) and the parent may book any of
 * the children it covers, or just one.
 */

const TAKEN_PLACE_STATUSES = ['held', 'confirmed'] as const;

/**
 * Puts several of the parent's children on one activity's waitlist together: each child must be
 * able to join on their own (the join form's engine rule, school years and ages included), and
 * all entries are written in one transaction under one family id, or none is.
 */
export async function joinFamilyWaitlist(
  db: Db,
  clientId: string,
  input: { userId: string; activityGroupId: string; attendeeIds: string[]; activityIds: string[] },
): Promise<string[]> {
  const attendeeIds = [...new Set(input.attendeeIds)];
  if (attendeeIds.length < 2)
    throw new HttpError(422, messages.familyWaitlistNeedsTwo, {
      attendees: messages.familyWaitlistNeedsTwo,
    });
  const states = [];
  for (const attendeeId of attendeeIds) {
    const state = await waitlistJoinState(db, clientId, { ...input, attendeeId });
    if (state.view.attendeeId !== attendeeId) throw notFound();
    if (state.view.error)
      throw new HttpError(422, state.view.error, { [`attendees.${attendeeId}`]: state.view.error });
    states.push(state);
  }
  const waitlistType = states[0]!.waitlistType;
  let activityIds: (string | null)[] = [null];
  if (waitlistType === 'SingleSession') {
    activityIds = [...new Set(input.activityIds)];
    if (activityIds.length === 0)
      throw new HttpError(422, messages.selectWaitlistSession, {
        activities: messages.selectWaitlistSession,
      });
    for (const state of states) {
      const open = new Set(state.view.sessions.filter((s) => !s.disabled).map((s) => s._id));
      if (activityIds.some((id) => !open.has(id as string)))
        throw new HttpError(422, messages.sessionUnavailable, {
          activities: messages.sessionUnavailable,
        });
    }
  }
  const familyId = newId();
  const now = nowIso();
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('waitlist_entries')
      .select(['attendee_id', 'activity_id'])
      .where('client_id', '=', clientId)
      .where('attendee_id', 'in', attendeeIds)
      .where('activity_group_id', '=', input.activityGroupId)
      .where('status', 'in', [...ACTIVE_WAITLIST_STATUSES])
      .execute();
    if (active.some((e) => activityIds.includes(e.activity_id)))
      throw new HttpError(409, messages.alreadyOnWaitlist);
    for (const attendeeId of attendeeIds) {
      const rows = activityIds.map((activityId) => ({
        id: newId(),
        client_id: clientId,
        user_id: input.userId,
        attendee_id: attendeeId,
        activity_group_id: input.activityGroupId,
        activity_id: activityId,
        type: waitlistType,
        status: 'Waiting',
        offer_expires_at: null,
        family_id: familyId,
        created_at: now,
        updated_at: now,
      }));
      await trx.insertInto('waitlist_entries').values(rows).execute();
      ids.push(...rows.map((r) => r.id));
      await enqueueWaitlistJoined(trx, { clientId, entryIds: rows.map((r) => r.id) });
    }
  });
  return ids;
}

export interface OfferPlacesResult {
  offered: string[];
  families: string[][];
  skipped: { id: string; reason: WaitlistSkipReason }[];
  placesFree: number | null;
}

/**
 * The organiser offers the places free now on one queue (an AllSessions waitlist, or one
 * session's entries on a SingleSession one) to the children waiting, by the engine's plan. Each
 * offer goes through the ordinary move to Ready (offer hours, the night rule, the parent's
 * e-mail).
 */
export async function offerFreedPlaces(
  db: Db,
  clientId: string,
  input: { activityGroupId: string; activityId?: string | null; offerHours?: number; now?: number },
): Promise<OfferPlacesResult> {
  const now = input.now ?? Date.now();
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const group = await loadActivityGroup(db, clientId, input.activityGroupId, {
    publicView: false,
    now: new Date(now),
  });
  const today = todayIn(now, client.time_zone);
  const upcoming = group.activities.filter((s) => s.enabled && s.date >= today);
  const single = group.waitlistType === 'SingleSession';
  if (single && !input.activityId)
    throw new HttpError(422, messages.selectWaitlistSession, {
      activity: messages.selectWaitlistSession,
    });
  const sessions = single ? upcoming.filter((s) => s._id === input.activityId) : upcoming;
  if (single && sessions.length === 0) throw notFound();
  const limits = sessions.map((s) => s.placesLeft).filter((n): n is number => n !== null);
  const placesFree = limits.length ? Math.max(0, Math.min(...limits)) : null;

  const waiting = await db
    .selectFrom('waitlist_entries')
    .select(['id', 'attendee_id', 'family_id', 'created_at'])
    .where('client_id', '=', clientId)
    .where('activity_group_id', '=', group._id)
    .where('status', '=', 'Waiting')
    .$if(single, (q) => q.where('activity_id', '=', input.activityId as string))
    .$if(!single, (q) => q.where('activity_id', 'is', null))
    .execute();
  const attendeeIds = [...new Set(waiting.map((w) => w.attendee_id))];
  const [attendees, booked] = await Promise.all([
    listAttendees(db, clientId, { ids: attendeeIds, admin: true }),
    attendeeIds.length === 0 || sessions.length === 0
      ? []
      : db
          .selectFrom('booking_places')
          .select(['attendee_id', 'activity_id'])
          .where('client_id', '=', clientId)
          .where('attendee_id', 'in', attendeeIds)
          .where(
            'activity_id',
            'in',
            sessions.map((s) => s._id),
          )
          .where('status', 'in', [...TAKEN_PLACE_STATUSES])
          .execute(),
  ]);
  const birth = new Map(attendees.map((a) => [a._id, a.dateOfBirth]));
  // Booked already: the child has a place in every session the queue waits for.
  const placesOf = new Map<string, Set<string>>();
  for (const b of booked) {
    if (!placesOf.has(b.attendee_id)) placesOf.set(b.attendee_id, new Set());
    placesOf.get(b.attendee_id)!.add(b.activity_id);
  }
  const hasEveryPlace = (attendeeId: string) =>
    sessions.length > 0 && sessions.every((s) => placesOf.get(attendeeId)?.has(s._id));
  const plan = waitlistOfferPlan({
    entries: waiting.map((w) => ({
      id: w.id,
      attendeeId: w.attendee_id,
      familyId: w.family_id,
      createdAt: w.created_at,
    })),
    placesFree,
    skip: (e) =>
      waitlistSkipReason({
        dateOfBirth: birth.get(e.attendeeId),
        sessions,
        today,
        ageRange: group.ageRange,
        schoolYears: group.schoolYears,
        blockOutOfRange: group.blockOutOfRange,
        alreadyBooked: hasEveryPlace(e.attendeeId),
      }),
  });
  for (const id of plan.offer)
    await moveWaitlistEntry(db, clientId, id, {
      status: 'Ready',
      offerHours: input.offerHours,
      now,
    });
  return { offered: plan.offer, families: plan.families, skipped: plan.skipped, placesFree };
}
