import * as v from 'valibot';
import { type Basket, type BasketPaymentType, basketSchema, messages } from '../../engine/index.ts';
import {
  matchTickets,
  type OpenReEnrolmentBatchInput,
  type OpenReEnrolmentInput,
  offersThatFit,
  type ReEnrolmentFunnel,
  type ReEnrolmentStatus,
  reEnrolmentAnswerProblem,
  reEnrolmentBatchMessages,
  reEnrolmentFunnel,
  reEnrolmentMessages,
  reEnrolmentOffers,
  reEnrolmentState,
  reEnrolmentWindowEnd,
} from '../../engine/re-enrolment.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Db, Dialect } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { fromFlag } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { enqueueMessage } from '../mail/outbox.ts';
import { duplicateActivityGroup } from './activity-group-duplicate.ts';
import { loadActivityGroup } from './activity-groups.ts';
import { listAttendees } from './attendees.ts';
import { createBooking } from './bookings/create.ts';
import { loadPaymentOptions } from './bookings/options.ts';
import { quoteBasket } from './bookings/quote.ts';
import { offerFreedPlaces } from './family-waitlists.ts';

/*
 * Re-enrolment, the term rollover (docs/rules/re-enrolment.md): the organiser copies an activity
 * for next term and every child booked on it is offered the same place for a priority window;
 * the parent answers from an e-mailed link; at the end of the window the job lapses what is
 * left, and the copy's waitlist is offered the places in queue order.
 */

export const CLOSE_RE_ENROLMENT_JOB = 're-enrolment-close';

const nowIso = () => new Date().toISOString();

/** One child's offer as the organiser's funnel lists it. */
export interface ReEnrolmentOfferDto {
  _id: string;
  attendee: { _id: string; name: string };
  parent: { _id: string; name: string; email: string };
  ticket: { _id: string; name: string };
  status: ReEnrolmentStatus;
  answeredAt: string | null;
  booking: string | null;
}

export interface ReEnrolmentDto {
  _id: string;
  sourceGroup: { _id: string; name: string };
  targetGroup: { _id: string; name: string };
  windowDays: number;
  windowEndsAt: string;
  closed: boolean;
  funnel: ReEnrolmentFunnel;
  offers: ReEnrolmentOfferDto[];
}

/**
 * The confirmed places on a group with their parent: who had a place this term, in booking order
 * (the children first booked are first offered when the copy is short of room).
 */
async function sourcePlaces(db: Db, clientId: string, groupId: string) {
  return db
    .selectFrom('booking_places as p')
    .innerJoin('booking_items as i', 'i.id', 'p.booking_item_id')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select([
      'b.user_id as userId',
      'p.attendee_id as attendeeId',
      'p.ticket_id as ticketId',
      'p.status',
    ])
    .where('p.client_id', '=', clientId)
    .where('i.activity_group_id', '=', groupId)
    .where('b.status', 'in', ['confirmed', 'awaiting_payment'])
    .orderBy('b.created_at')
    .orderBy('p.id')
    .execute();
}

/**
 * Opens re-enrolment from a group: makes next term's copy (the Duplicate dialog's service),
 * publishes it, and offers every child with a confirmed place the same ticket on it until the
 * window ends; queues one e-mail per parent and the window-end job, in the transaction that
 * writes the offers. Places nobody is offered are on sale at once.
 *
 * @example const dto = await openReEnrolment(db, clientId, groupId, { startDate, name, windowDays: 7 }, new Date());
 */
export async function openReEnrolment(
  db: Db,
  clientId: string,
  sourceGroupId: string,
  input: OpenReEnrolmentInput,
  now: Date,
): Promise<ReEnrolmentDto> {
  const source = await loadActivityGroup(db, clientId, sourceGroupId, { publicView: false });
  const open = await db
    .selectFrom('re_enrolments')
    .select('id')
    .where('client_id', '=', clientId)
    .where('source_group_id', '=', sourceGroupId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (open) throw new HttpError(422, reEnrolmentMessages.alreadyRolledOver);
  const places = await sourcePlaces(db, clientId, sourceGroupId);
  if (!places.some((p) => p.status === 'confirmed'))
    throw new HttpError(422, reEnrolmentMessages.nobodyBooked);
  const targetId = await duplicateActivityGroup(db, clientId, sourceGroupId, input);
  const target = await loadActivityGroup(db, clientId, targetId, { publicView: false });
  // Only as many offers as the copy's sessions hold: no parent is told of a place that is not there.
  const offers = offersThatFit(
    reEnrolmentOffers(places, matchTickets(source.tickets, target.tickets)),
    { sessions: target.activities, tickets: target.tickets },
  ).fit;
  const client = await db
    .selectFrom('clients')
    .select('time_zone')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const windowEndsAt = reEnrolmentWindowEnd(now.getTime(), input.windowDays, client.time_zone);
  const id = newId();
  const stamp = {
    client_id: clientId,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    // Published with the offers: parents book the copy through the ordinary checkout, and the
    // places nobody is offered go on sale now (docs/rules/re-enrolment.md).
    await trx
      .updateTable('activity_groups')
      .set({ enabled: 1, updated_at: now.toISOString() })
      .where('client_id', '=', clientId)
      .where('id', '=', targetId)
      .execute();
    await trx
      .insertInto('re_enrolments')
      .values({
        ...stamp,
        id,
        source_group_id: sourceGroupId,
        target_group_id: targetId,
        window_days: input.windowDays,
        window_ends_at: windowEndsAt,
        closed_at: null,
      })
      .execute();
    for (const o of offers)
      await trx
        .insertInto('re_enrolment_offers')
        .values({
          ...stamp,
          id: newId(),
          re_enrolment_id: id,
          target_group_id: targetId,
          user_id: o.userId,
          attendee_id: o.attendeeId,
          ticket_id: o.ticketId,
          status: 'offered',
          window_ends_at: windowEndsAt,
          token_hash: null,
          booking_id: null,
          answered_at: null,
        })
        .execute();
    const parents = [...new Set(offers.map((o) => o.userId))];
    const users = parents.length
      ? await trx
          .selectFrom('users')
          .select(['id', 'email', 'full_name'])
          .where('client_id', '=', clientId)
          .where('id', 'in', parents)
          .where('erased_at', 'is', null)
          .execute()
      : [];
    for (const u of users)
      await enqueueMessage(trx, {
        clientId,
        kind: 're-enrolment-offer',
        eventKey: `re-enrolment-offer:${id}:${u.id}`,
        to: { email: u.email, name: u.full_name, userId: u.id },
        payload: { reEnrolmentId: id },
        now,
      });
    await enqueue(
      trx,
      CLOSE_RE_ENROLMENT_JOB,
      { clientId, reEnrolmentId: id },
      { runAt: new Date(windowEndsAt), dedupeKey: `${CLOSE_RE_ENROLMENT_JOB}:${id}` },
    );
  });
  return (await loadReEnrolment(db, clientId, { id }, now))!;
}

/** One activity's result in a batch rollover: opened (with its copy), or why not. */
export type ReEnrolmentBatchOutcome =
  | {
      activityGroup: string;
      status: 'opened';
      reEnrolment: {
        _id: string;
        targetGroup: { _id: string; name: string };
        offered: number;
        windowEndsAt: string;
      };
    }
  | { activityGroup: string; status: 'refused'; message: string };

/**
 * Rolls several activities over with one priority window: each exactly as `openReEnrolment`
 * opens one (its own copy, offers, e-mails and window-end job), one after another. An activity
 * refused (nobody booked, already rolled over, not found, a date the copy cannot take) is
 * reported with the reason and the others go on; anything else is a fault and stops the batch.
 *
 * @example const outcomes = await openReEnrolmentBatch(db, clientId, { windowDays: 7, activities }, new Date());
 */
export async function openReEnrolmentBatch(
  db: Db,
  clientId: string,
  input: OpenReEnrolmentBatchInput,
  now: Date,
): Promise<ReEnrolmentBatchOutcome[]> {
  const outcomes: ReEnrolmentBatchOutcome[] = [];
  for (const { activityGroup, startDate, name } of input.activities) {
    try {
      const r = await openReEnrolment(
        db,
        clientId,
        activityGroup,
        { startDate, name, windowDays: input.windowDays },
        now,
      );
      outcomes.push({
        activityGroup,
        status: 'opened',
        reEnrolment: {
          _id: r._id,
          targetGroup: r.targetGroup,
          offered: r.funnel.offered,
          windowEndsAt: r.windowEndsAt,
        },
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      const detail = error.errors ? Object.values(error.errors)[0] : undefined;
      outcomes.push({
        activityGroup,
        status: 'refused',
        message:
          error.status === 404 ? reEnrolmentBatchMessages.notFound : (detail ?? error.message),
      });
    }
  }
  return outcomes;
}

/**
 * The organiser's view of a rollover: the one a group is the copy of (or else the newest one
 * from it), with its funnel and every child's offer; null when the group has none.
 */
export async function loadReEnrolment(
  db: Db,
  clientId: string,
  by: { id: string } | { groupId: string },
  now: Date,
): Promise<ReEnrolmentDto | null> {
  let query = db
    .selectFrom('re_enrolments as r')
    .innerJoin('activity_groups as s', 's.id', 'r.source_group_id')
    .innerJoin('activity_groups as t', 't.id', 'r.target_group_id')
    .select([
      'r.id',
      'r.window_days',
      'r.window_ends_at',
      'r.closed_at',
      's.id as source_id',
      's.name as source_name',
      't.id as target_id',
      't.name as target_name',
    ])
    .where('r.client_id', '=', clientId);
  if ('id' in by) query = query.where('r.id', '=', by.id);
  else
    query = query
      .where((eb) =>
        eb.or([eb('r.target_group_id', '=', by.groupId), eb('r.source_group_id', '=', by.groupId)]),
      )
      // The group's own rollover onto it first, then the newest rollover from it.
      .orderBy((eb) => eb.case().when('r.target_group_id', '=', by.groupId).then(0).else(1).end())
      .orderBy('r.created_at', 'desc');
  const r = await query.executeTakeFirst();
  if (!r) return null;
  const rows = await db
    .selectFrom('re_enrolment_offers as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('tickets as k', 'k.id', 'o.ticket_id')
    .select([
      'o.id',
      'o.attendee_id',
      'o.user_id',
      'o.status',
      'o.window_ends_at',
      'o.answered_at',
      'o.booking_id',
      'o.ticket_id',
      'u.full_name',
      'u.email',
      'k.name as ticket_name',
    ])
    .where('o.client_id', '=', clientId)
    .where('o.re_enrolment_id', '=', r.id)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
  const attendees = await listAttendees(db, clientId, {
    ids: rows.map((o) => o.attendee_id),
    admin: true,
  });
  const names = new Map(attendees.map((a) => [a._id, a.name]));
  const offers = rows.map(
    (o): ReEnrolmentOfferDto => ({
      _id: o.id,
      attendee: { _id: o.attendee_id, name: names.get(o.attendee_id) ?? '' },
      parent: { _id: o.user_id, name: o.full_name, email: o.email },
      ticket: { _id: o.ticket_id, name: o.ticket_name },
      status: reEnrolmentState({ status: o.status, windowEndsAt: o.window_ends_at }, now.getTime()),
      answeredAt: o.answered_at,
      booking: o.booking_id,
    }),
  );
  return {
    _id: r.id,
    sourceGroup: { _id: r.source_id, name: r.source_name },
    targetGroup: { _id: r.target_id, name: r.target_name },
    windowDays: r.window_days,
    windowEndsAt: r.window_ends_at,
    closed: r.closed_at !== null,
    funnel: reEnrolmentFunnel(
      rows.map((o) => ({ status: o.status, windowEndsAt: o.window_ends_at })),
      now.getTime(),
    ),
    offers,
  };
}

const linkInvalid = () => new HttpError(404, reEnrolmentMessages.linkInvalid);

async function findOfferByToken(db: Db, clientId: string, token: string) {
  if (!token || token.length > 200) throw linkInvalid();
  const offer = await db
    .selectFrom('re_enrolment_offers')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!offer) throw linkInvalid();
  return offer;
}

/** The basket that books an offer's place: its child, its ticket, on the copy. */
async function offerBasket(
  db: Db,
  clientId: string,
  offer: { target_group_id: string; ticket_id: string; attendee_id: string },
  paymentMethod: Basket['paymentMethod'],
): Promise<Basket> {
  const ticket = await db
    .selectFrom('tickets')
    .select(['type', 'restrict_sessions', 'sessions_can_be_used_for'])
    .where('client_id', '=', clientId)
    .where('id', '=', offer.ticket_id)
    .executeTakeFirstOrThrow();
  // A single-session ticket books the sessions it is for (every session unless restricted).
  let activities: string[] | undefined;
  if (ticket.type === 'single') {
    const sessions = await db
      .selectFrom('activities')
      .select('id')
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', offer.target_group_id)
      .where('enabled', '=', 1)
      .orderBy('date')
      .orderBy('start_time')
      .execute();
    const allowed = fromFlag(ticket.restrict_sessions)
      ? new Set(readJson<string[]>(ticket.sessions_can_be_used_for, []))
      : null;
    activities = sessions.map((s) => s.id).filter((s) => !allowed || allowed.has(s));
  }
  return v.parse(basketSchema, {
    activityGroups: [
      {
        activityGroup: offer.target_group_id,
        items: [
          {
            ticket: offer.ticket_id,
            attendees: [offer.attendee_id],
            ...(activities ? { activities } : {}),
          },
        ],
      },
    ],
    paymentMethod,
  });
}

/** What the parent's re-enrolment page shows for the link's offer. */
export interface ReEnrolmentOfferView {
  status: ReEnrolmentStatus;
  /** Why it cannot be answered any more; null while it can. */
  closedMessage: string | null;
  attendee: { _id: string; name: string };
  activityGroup: { _id: string; name: string };
  ticket: { _id: string; name: string };
  windowEndsAt: string;
  currency: string;
  total: number;
  amountDueNow: number;
  /** A problem the booking would meet (e.g. the child is now too old); null when none. */
  problem: string | null;
  /** How the parent may confirm: nothing due, pay later, or card through the checkout. */
  methods: ('free' | 'payLater' | 'card')[];
}

/** The offer a link names, for the parent's page: no sign-in, the link is the key. */
export async function viewOfferByToken(
  db: Db,
  clientId: string,
  token: string,
  now: Date,
  stripeConfigured: boolean,
): Promise<ReEnrolmentOfferView> {
  const offer = await findOfferByToken(db, clientId, token);
  const group = await db
    .selectFrom('activity_groups')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('id', '=', offer.target_group_id)
    .executeTakeFirstOrThrow();
  const ticket = await db
    .selectFrom('tickets')
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('id', '=', offer.ticket_id)
    .executeTakeFirstOrThrow();
  const [attendee] = await listAttendees(db, clientId, { ids: [offer.attendee_id], admin: false });
  const closedMessage = reEnrolmentAnswerProblem(
    { status: offer.status, windowEndsAt: offer.window_ends_at },
    now.getTime(),
  );
  const price = await quoteBasket(
    db,
    clientId,
    offer.user_id,
    await offerBasket(db, clientId, offer, null),
    now.getTime(),
  );
  const options = await loadPaymentOptions(
    db,
    clientId,
    offer.user_id,
    now.getTime(),
    stripeConfigured,
  );
  const needsCard = price.recurring.length + price.schedule.length > 0;
  const methods: ReEnrolmentOfferView['methods'] = [];
  if (price.amountDueNow === 0 && !needsCard) methods.push('free');
  else if (options.payLater && !needsCard) methods.push('payLater');
  if (options.card && (price.amountDueNow > 0 || needsCard)) methods.push('card');
  return {
    status: reEnrolmentState(
      { status: offer.status, windowEndsAt: offer.window_ends_at },
      now.getTime(),
    ),
    closedMessage,
    attendee: { _id: offer.attendee_id, name: attendee?.name ?? '' },
    activityGroup: { _id: group.id, name: group.name },
    ticket: { _id: ticket.id, name: ticket.name },
    windowEndsAt: offer.window_ends_at,
    currency: price.currency,
    total: price.total,
    amountDueNow: price.amountDueNow,
    problem: price.problems[0]?.message ?? null,
    methods,
  };
}

/**
 * The parent confirms the place from the link: the ordinary booking (createBooking prices it
 * and checks it like any checkout, and accepts the offer in its own transaction), for the
 * parent the offer was made to. Card payment goes through the checkout, signed in.
 */
export async function acceptOfferByToken(
  handle: { db: Db; dialect: Dialect; stripeConfigured: boolean },
  clientId: string,
  token: string,
  paymentMethod: { type: BasketPaymentType; childcareVoucherProvider?: string | null } | null,
  now: Date,
): Promise<{ bookingId: string }> {
  const { db } = handle;
  const offer = await findOfferByToken(db, clientId, token);
  const problem = reEnrolmentAnswerProblem(
    { status: offer.status, windowEndsAt: offer.window_ends_at },
    now.getTime(),
  );
  if (problem) throw new HttpError(422, problem);
  const basket = await offerBasket(db, clientId, offer, paymentMethod);
  const { bookingId } = await createBooking(
    handle,
    {
      clientId,
      userId: offer.user_id,
      basket,
      // One booking per offer, however often the button is pressed.
      idempotencyKey: `re-enrolment:${offer.id}`,
    },
    { now: () => now.getTime() },
  );
  return { bookingId };
}

/** The parent declines: the kept place goes on sale at once. */
export async function declineOfferByToken(
  db: Db,
  clientId: string,
  token: string,
  now: Date,
): Promise<void> {
  const offer = await findOfferByToken(db, clientId, token);
  const problem = reEnrolmentAnswerProblem(
    { status: offer.status, windowEndsAt: offer.window_ends_at },
    now.getTime(),
  );
  if (problem) throw new HttpError(422, problem);
  const done = await db
    .updateTable('re_enrolment_offers')
    .set({ status: 'declined', answered_at: now.toISOString(), updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', offer.id)
    .where('status', '=', 'offered')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new HttpError(409, messages.notFound);
}

/**
 * The window-end job: untaken offers lapse (their places go on sale), and the copy's waitlist
 * is offered the free places in queue order, each offer the ordinary waitlist offer (kept for
 * its hours, e-mailed). Idempotent: a rollover already closed is left alone.
 */
export async function closeReEnrolment(
  db: Db,
  clientId: string,
  reEnrolmentId: string,
  now: Date,
): Promise<void> {
  const r = await db
    .selectFrom('re_enrolments')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', reEnrolmentId)
    .executeTakeFirst();
  if (!r || r.closed_at) return;
  // A worker whose clock runs ahead must not cut the window short: retry later.
  if (Date.parse(r.window_ends_at) > now.getTime())
    throw new Error(`Re-enrolment ${reEnrolmentId} is not due to close yet`);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('re_enrolment_offers')
      .set({ status: 'lapsed', updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('re_enrolment_id', '=', reEnrolmentId)
      .where('status', '=', 'offered')
      .execute();
    await trx
      .updateTable('re_enrolments')
      .set({ closed_at: now.toISOString(), updated_at: nowIso() })
      .where('client_id', '=', clientId)
      .where('id', '=', reEnrolmentId)
      .execute();
  });
  // The copy's waitlist is offered what is free now, in queue order, by the waitlist's own
  // rule (family-waitlists `offerFreedPlaces`): one queue for an AllSessions waitlist, one per
  // session with someone waiting on a SingleSession one.
  const group = await db
    .selectFrom('activity_groups')
    .select('waitlist_type')
    .where('client_id', '=', clientId)
    .where('id', '=', r.target_group_id)
    .executeTakeFirstOrThrow();
  const queues = await db
    .selectFrom('waitlist_entries')
    .select('activity_id')
    .distinct()
    .where('client_id', '=', clientId)
    .where('activity_group_id', '=', r.target_group_id)
    .where('status', '=', 'Waiting')
    .execute();
  const single = group.waitlist_type === 'SingleSession';
  for (const q of queues) {
    if (single !== (q.activity_id !== null)) continue;
    await offerFreedPlaces(db, clientId, {
      activityGroupId: r.target_group_id,
      activityId: q.activity_id,
      now: now.getTime(),
    });
  }
}

/** The composer's view of a rollover for one parent: their open offers, with fresh tokens. */
export async function offersForParent(
  db: Db,
  clientId: string,
  reEnrolmentId: string,
  userId: string,
) {
  return db
    .selectFrom('re_enrolment_offers as o')
    .innerJoin('activity_groups as g', 'g.id', 'o.target_group_id')
    .innerJoin('tickets as k', 'k.id', 'o.ticket_id')
    .select([
      'o.id',
      'o.attendee_id',
      'o.window_ends_at',
      'g.name as group_name',
      'k.name as ticket_name',
    ])
    .where('o.client_id', '=', clientId)
    .where('o.re_enrolment_id', '=', reEnrolmentId)
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'offered')
    .orderBy('o.created_at')
    .orderBy('o.id')
    .execute();
}

/** Stores a new link token's hash for an offer (the e-mail holds the only plain copy). */
export async function setOfferToken(db: Db, clientId: string, offerId: string, token: string) {
  await db
    .updateTable('re_enrolment_offers')
    .set({ token_hash: hashToken(token), updated_at: nowIso() })
    .where('client_id', '=', clientId)
    .where('id', '=', offerId)
    .execute();
}
