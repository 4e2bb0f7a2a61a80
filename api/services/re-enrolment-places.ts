import type { WaitlistRow } from '../../engine/index.ts';
import { reEnrolmentKeeps } from '../../engine/re-enrolment.ts';
import type { Db } from '../db/connection.ts';
import { readJson } from '../db/json.ts';
import { fromFlag } from '../db/time.ts';

/*
 * What re-enrolment adds to booking (docs/rules/re-enrolment.md): the places open offers keep,
 * counted by every listing and booking, and the offer a booking fulfils. Kept apart from the
 * rest of re-enrolment so the booking services import nothing that imports them.
 */

const nowIso = () => new Date().toISOString();

/**
 * The places open offers keep on some groups' sessions, for `loadCapacityRows`: the engine's
 * `reEnrolmentKeeps` over the groups' open offers, so every listing and booking counts them.
 */
export async function loadReEnrolmentKeeps(
  db: Db,
  clientId: string,
  sessions: readonly { id: string; activity_group_id: string }[],
): Promise<WaitlistRow[]> {
  const groupIds = [...new Set(sessions.map((s) => s.activity_group_id))];
  if (groupIds.length === 0) return [];
  const offers = await db
    .selectFrom('re_enrolment_offers')
    .select(['attendee_id', 'ticket_id', 'target_group_id', 'status', 'window_ends_at'])
    .where('client_id', '=', clientId)
    .where('target_group_id', 'in', groupIds)
    .where('status', '=', 'offered')
    .execute();
  if (offers.length === 0) return [];
  const tickets = await db
    .selectFrom('tickets')
    .select(['id', 'restrict_sessions', 'sessions_can_be_used_for'])
    .where('client_id', '=', clientId)
    .where('id', 'in', [...new Set(offers.map((o) => o.ticket_id))])
    .execute();
  const engineTickets = tickets.map((t) => ({
    _id: t.id,
    restrictSessions: fromFlag(t.restrict_sessions),
    sessionsCanBeUsedFor: readJson<string[]>(t.sessions_can_be_used_for, []),
  }));
  return groupIds.flatMap((g) =>
    reEnrolmentKeeps(
      offers
        .filter((o) => o.target_group_id === g)
        .map((o) => ({
          attendeeId: o.attendee_id,
          ticketId: o.ticket_id,
          status: o.status,
          windowEndsAt: o.window_ends_at,
        })),
      {
        sessions: sessions.filter((s) => s.activity_group_id === g).map((s) => ({ _id: s.id })),
        tickets: engineTickets,
      },
      // Every offer still marked open: `sessionAvailability` ends each at its window's end.
      Number.NEGATIVE_INFINITY,
    ),
  );
}

/**
 * Inside the booking transaction: an open offer for a child this booking places on the copy is
 * accepted, whichever way the parent booked (the e-mailed link or the ordinary checkout).
 */
export async function markReEnrolmentAccepted(
  trx: Db,
  clientId: string,
  bookingId: string,
  places: readonly { attendeeId: string; groupId: string }[],
  now: number,
): Promise<void> {
  const seen = new Set<string>();
  for (const p of places) {
    const key = `${p.attendeeId}|${p.groupId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await trx
      .updateTable('re_enrolment_offers')
      .set({
        status: 'accepted',
        booking_id: bookingId,
        answered_at: new Date(now).toISOString(),
        updated_at: nowIso(),
      })
      .where('client_id', '=', clientId)
      .where('attendee_id', '=', p.attendeeId)
      .where('target_group_id', '=', p.groupId)
      .where('status', '=', 'offered')
      .where('window_ends_at', '>', new Date(now).toISOString())
      .execute();
  }
}

/**
 * The sessions open offers keep for a parent's children on one group, so the booking journey
 * lets a child take the place kept for them (as it does a waitlist offer's): one row per child.
 */
export async function keptForParent(
  db: Db,
  clientId: string,
  userId: string,
  groupId: string,
  now: number,
): Promise<{ attendee: { _id: string }; activityIds: string[] }[]> {
  const offers = await db
    .selectFrom('re_enrolment_offers')
    .select('attendee_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('target_group_id', '=', groupId)
    .where('status', '=', 'offered')
    .where('window_ends_at', '>', new Date(now).toISOString())
    .execute();
  if (offers.length === 0) return [];
  const sessions = await db
    .selectFrom('activities')
    .select(['id', 'activity_group_id'])
    .where('client_id', '=', clientId)
    .where('activity_group_id', '=', groupId)
    .execute();
  const keeps = (await loadReEnrolmentKeeps(db, clientId, sessions)).filter((k) =>
    offers.some((o) => o.attendee_id === k.attendeeId),
  );
  const byChild = new Map<string, string[]>();
  for (const k of keeps)
    if (k.attendeeId && k.activityId)
      byChild.set(k.attendeeId, [...(byChild.get(k.attendeeId) ?? []), k.activityId]);
  return [...byChild].map(([id, activityIds]) => ({ attendee: { _id: id }, activityIds }));
}
