import type { Selectable } from 'kysely';
import type {
  AccountCreditEntry,
  ActivityGroupRow,
  Basket,
  FamilyBooking,
  PassCreditRow,
  PaymentScheduleData,
  PlaceRow,
  WaitlistRow,
  WaitlistStatus,
} from '../../../engine/index.ts';
import { messages, OFFER_WAITLIST_STATUSES, offersBySession } from '../../../engine/index.ts';
import type { SchoolYearRange } from '../../../engine/school-year.ts';
import type { Db } from '../../db/connection.ts';
import { readJson } from '../../db/json.ts';
import { listActivityGroups, loadGroupChildren } from '../../db/repositories/activity-groups.ts';
import { findClientById } from '../../db/repositories/clients.ts';
import type { TicketsTable } from '../../db/schema.ts';
import { fromFlag } from '../../db/time.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { listAttendees } from '../attendees.ts';
import { listDiscountRules } from '../discount-rules.ts';
import { loadReEnrolmentKeeps } from '../re-enrolment-places.ts';

/*
 * Everything pricing and the capacity check read from the database for one customer's basket,
 * all scoped by the client: an id from another organiser simply is not found.
 */

/** Place statuses that may take capacity (held ones only until their hold expires). */
export const TAKING_STATUSES = ['held', 'confirmed'] as const;

export async function loadClient(db: Db, clientId: string) {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  return client;
}

/** A 422 naming the basket field at fault, in the wire format's `errors` map. */
export const basketError = (path: string, message: string) =>
  new HttpError(422, message, { [path]: message });

/** A basket's group as the pricing engine takes it, plus its age rule (engine `bookingAgeProblem`). */
export type BasketGroup = ActivityGroupRow & {
  ageRange: { minMonths: number | null; maxMonths: number | null };
  schoolYears: SchoolYearRange;
  blockOutOfRange: boolean;
};

/** A ticket row as the engine prices it and checks its capacity. */
export const engineTicket = (t: Selectable<TicketsTable>): ActivityGroupRow['tickets'][number] => ({
  _id: t.id,
  type: t.type,
  name: t.name,
  price: t.price,
  shouldProRata: fromFlag(t.should_pro_rata),
  placeLimit: t.place_limit,
  restrictSessions: fromFlag(t.restrict_sessions),
  sessionsCanBeUsedFor: readJson<string[]>(t.sessions_can_be_used_for, []),
  subscriptionPlan: t.subscription_plan_id,
  allowMidMonthBookings: fromFlag(t.allow_mid_month_bookings),
  coverFeePerSession: t.cover_fee_per_session,
  timeDisplay:
    t.time_display_start && t.time_display_end
      ? { start: t.time_display_start, end: t.time_display_end }
      : null,
  enabled: fromFlag(t.enabled),
  ...(t.trial ? { trial: true } : {}),
});

/**
 * The basket's activity groups as the pricing engine takes them. A group that does not exist,
 * belongs to another client or is unpublished is refused: parents can only book what the
 * widget shows. Disabled tickets, add-ons and sessions stay in so the engine can name them.
 */
export async function loadBasketGroups(
  db: Db,
  clientId: string,
  basket: Basket,
): Promise<BasketGroup[]> {
  const ids = [...new Set(basket.activityGroups.map((g) => g.activityGroup))];
  const rows = await listActivityGroups(db, clientId, { enabledOnly: true, ids });
  basket.activityGroups.forEach((g, i) => {
    if (!rows.some((r) => r.id === g.activityGroup))
      throw basketError(`activityGroups.${i}.activityGroup`, messages.activityUnavailable);
  });
  const [children, schedules] = await Promise.all([
    loadGroupChildren(db, clientId, ids),
    db
      .selectFrom('payment_schedules')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', ids)
      .where('ticket_id', 'is', null)
      .where('enabled', '=', 1)
      .execute(),
  ]);
  return rows.map((g) => {
    const schedule = schedules.find((s) => s.activity_group_id === g.id);
    return {
      _id: g.id,
      name: g.name,
      ageRange: { minMonths: g.min_age_months, maxMonths: g.max_age_months },
      schoolYears: { min: g.school_year_min, max: g.school_year_max },
      blockOutOfRange: fromFlag(g.block_out_of_range),
      sessions: children.activities
        .filter((s) => s.activity_group_id === g.id)
        .map((s) => ({
          _id: s.id,
          date: s.date,
          startTime: s.start_time,
          endTime: s.end_time,
          enabled: fromFlag(s.enabled),
          placeLimit: s.place_limit,
        })),
      tickets: children.tickets.filter((t) => t.activity_group_id === g.id).map(engineTicket),
      addOns: children.addOns
        .filter((a) => a.activity_group_id === g.id)
        .map((a) => ({
          _id: a.id,
          name: a.name,
          price: a.price,
          restrictSessions: fromFlag(a.restrict_sessions),
          sessionsCanBeUsedFor: readJson<string[]>(a.sessions_can_be_used_for, []),
          enabled: fromFlag(a.enabled),
        })),
      paymentSchedule: schedule
        ? ({
            _id: schedule.id,
            type: schedule.type,
            frequency: 'monthly',
            amount: schedule.amount,
            firstPaymentDate: schedule.first_payment_date,
            finalPaymentDate: schedule.final_payment_date,
            schedule: readJson<{ _id?: string; date: string; amount: number }[]>(
              schedule.schedule,
              [],
            ),
            disableAfterFirstPaymentDate: fromFlag(schedule.disable_after_first_payment_date),
            enabled: true,
          } satisfies PaymentScheduleData)
        : null,
    };
  });
}

/**
 * The caller's attendees named in the basket: names by id (for the engine's texts) and dates of
 * birth by id (for the age rule). Anyone else's attendee (another family's, another client's) is
 * refused at its field.
 */
export async function loadBasketAttendees(
  db: Db,
  clientId: string,
  userId: string,
  basket: Basket,
): Promise<{ names: Record<string, string>; birthDates: Record<string, string | null> }> {
  const wanted = [
    ...new Set(basket.activityGroups.flatMap((g) => g.items.flatMap((i) => i.attendees))),
  ];
  const own = await listAttendees(db, clientId, { ids: wanted, admin: false });
  const mine = own.filter((a) => a.user === userId);
  const names = new Map(mine.map((a) => [a._id, a.name]));
  basket.activityGroups.forEach((g, gi) => {
    g.items.forEach((item, ii) => {
      if (item.attendees.some((a) => !names.has(a)))
        throw basketError(`activityGroups.${gi}.items.${ii}.attendees`, messages.notYourAttendee);
    });
  });
  return {
    names: Object.fromEntries(names),
    birthDates: Object.fromEntries(mine.map((a) => [a._id, a.dateOfBirth])),
  };
}

/** The user's history for discount rules: earlier bookings and redemptions per rule. */
export async function loadHistory(db: Db, clientId: string, userId: string) {
  const [bookings, redemptions] = await Promise.all([
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['confirmed', 'awaiting_payment'])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('discount_redemptions')
      .select('discount_rule_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .groupBy('discount_rule_id')
      .execute(),
  ]);
  return {
    confirmedBookings: Number(bookings.n),
    redemptions: Object.fromEntries(redemptions.map((r) => [r.discount_rule_id, Number(r.n)])),
  };
}

export async function loadAccountCredit(
  db: Db,
  clientId: string,
  userId: string,
): Promise<AccountCreditEntry[]> {
  const rows = await db
    .selectFrom('account_credit_ledger')
    .select(['amount', 'expires_at'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({ amount: r.amount, expiresAt: r.expires_at }));
}

/**
 * Pass credits as the engine spends them: one pot per pass and expiry date (debits are written
 * against the pot they came from, so the sum per pot is what is left). The pot id is
 * `{passId}|{expiresAt}` so a debit knows which pot to draw from.
 */
export async function loadPassCredits(
  db: Db,
  clientId: string,
  userId: string,
): Promise<PassCreditRow[]> {
  const rows = await db
    .selectFrom('pass_credit_ledger as l')
    .innerJoin('session_passes as p', 'p.id', 'l.session_pass_id')
    .select(['l.session_pass_id', 'l.expires_at', 'p.name'])
    .select((eb) => eb.fn.sum<number>('l.credits').as('credits'))
    .where('l.client_id', '=', clientId)
    .where('l.user_id', '=', userId)
    .where('p.enabled', '=', 1)
    .groupBy(['l.session_pass_id', 'l.expires_at', 'p.name'])
    .execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('session_pass_activity_groups')
    .select(['session_pass_id', 'activity_group_id'])
    .where('client_id', '=', clientId)
    .where(
      'session_pass_id',
      'in',
      rows.map((r) => r.session_pass_id),
    )
    .execute();
  return rows
    .filter((r) => Number(r.credits) > 0)
    .map((r) => ({
      _id: `${r.session_pass_id}|${r.expires_at ?? ''}`,
      name: r.name,
      credits: Number(r.credits),
      expiresAt: r.expires_at,
      activityGroupIds: links
        .filter((l) => l.session_pass_id === r.session_pass_id)
        .map((l) => l.activity_group_id),
    }));
}

/** The enabled childcare voucher providers of a client, by name. */
export const listEnabledVoucherProviders = (db: Db, clientId: string) =>
  db
    .selectFrom('childcare_voucher_providers')
    .select(['id', 'name', 'payment_instructions'])
    .where('client_id', '=', clientId)
    .where('enabled', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();

/**
 * Whether the organiser can take cards: this server has Stripe keys (`config.stripe`; without
 * them no checkout can start, so card is never offered) and a connected payment account that
 * may charge. (Card checkout itself lives in api/payments.)
 */
export async function cardAvailable(
  db: Db,
  clientId: string,
  stripeConfigured: boolean,
): Promise<boolean> {
  if (!stripeConfigured) return false;
  const row = await db
    .selectFrom('connected_accounts')
    .select(['connected', 'charges_enabled'])
    .where('client_id', '=', clientId)
    .where('provider', '=', 'stripe')
    .executeTakeFirst();
  return Boolean(row && fromFlag(row.connected) && fromFlag(row.charges_enabled));
}

/**
 * Places and waitlist offers of some sessions, for the engine's availability rule
 * (`sessionAvailability`): the one loader behind the listing, the activity page, the waitlist
 * form and booking, so they always agree on places left. Confirmed places come from the counts
 * the database keeps per session and ticket (session_place_counts), held ones are counted per
 * hold expiry (`PlaceRow.count`): the cost does not grow with the places ever taken
 * (docs/architecture.md, Performance), and the engine still decides which rows take a place,
 * a hold only until it runs out. The places of `attendeeIds` (a basket's attendees) come one row
 * per place instead, with their booking, for the rules about a family's own places (double
 * bookings, own holds giving way). Only offers (Pending, Ready) are read: a Waiting entry takes
 * no place. An AllSessions offer becomes one row per session of its own group (engine
 * `offersBySession`), never a place in another group's sessions.
 */
export async function loadCapacityRows(
  db: Db,
  clientId: string,
  sessionIds: readonly string[],
  /** The groups the sessions belong to: a session of another group is not read. */
  groupIds: readonly string[],
  {
    attendeeIds = [],
    sessionGroups,
  }: {
    attendeeIds?: readonly string[];
    /**
     * Which group each session belongs to, when the caller has its groups' sessions already
     * (a priced basket): the read that finds them is then skipped.
     */
    sessionGroups?: readonly { id: string; activity_group_id: string }[];
  } = {},
): Promise<{ places: PlaceRow[]; waitlist: WaitlistRow[] }> {
  if (sessionIds.length === 0) return { places: [], waitlist: [] };
  const [held, confirmed, own, waitlist, sessions] = await Promise.all([
    db
      .selectFrom('booking_places')
      .select(['activity_id', 'ticket_id', 'status', 'hold_expires_at'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('activity_id', 'in', [...sessionIds])
      .where('status', '=', 'held')
      .$if(attendeeIds.length > 0, (q) => q.where('attendee_id', 'not in', [...attendeeIds]))
      .groupBy(['activity_id', 'ticket_id', 'status', 'hold_expires_at'])
      .execute(),
    readConfirmedCounts(db, clientId, sessionIds),
    attendeeIds.length === 0
      ? []
      : db
          .selectFrom('booking_places')
          .select([
            'booking_id',
            'activity_id',
            'ticket_id',
            'attendee_id',
            'status',
            'hold_expires_at',
          ])
          .where('client_id', '=', clientId)
          .where('activity_id', 'in', [...sessionIds])
          .where('status', 'in', [...TAKING_STATUSES])
          .where('attendee_id', 'in', [...attendeeIds])
          .execute(),
    db
      .selectFrom('waitlist_entries')
      .select(['attendee_id', 'activity_group_id', 'activity_id', 'status', 'offer_expires_at'])
      .where('client_id', '=', clientId)
      .where('activity_group_id', 'in', groupIds.length ? [...groupIds] : [''])
      .where('status', 'in', [...OFFER_WAITLIST_STATUSES])
      .where((eb) =>
        eb.or([eb('activity_id', 'is', null), eb('activity_id', 'in', [...sessionIds])]),
      )
      .execute(),
    // Through the groups: by `id` alone SQLite's planner, without statistics, walked every
    // session of the organiser (3 ms a listing page in a thousand-group catalogue).
    sessionGroups ??
      db
        .selectFrom('activities')
        .select(['id', 'activity_group_id'])
        .where('client_id', '=', clientId)
        .where('activity_group_id', 'in', groupIds.length ? [...groupIds] : [''])
        .where('id', 'in', [...sessionIds])
        .execute(),
  ]);
  return {
    places: [
      ...held.map(
        (p): PlaceRow => ({
          activityId: p.activity_id,
          ticketId: p.ticket_id,
          status: p.status,
          holdExpiresAt: p.hold_expires_at,
          count: Number(p.n),
        }),
      ),
      ...othersConfirmed(confirmed, own),
      ...own.map((p) => ({
        bookingId: p.booking_id,
        activityId: p.activity_id,
        ticketId: p.ticket_id,
        attendeeId: p.attendee_id,
        status: p.status,
        holdExpiresAt: p.hold_expires_at,
      })),
    ],
    waitlist: [
      ...offersBySession(
        waitlist.map((w) => ({
          attendeeId: w.attendee_id,
          activityGroupId: w.activity_group_id,
          activityId: w.activity_id,
          status: w.status as WaitlistStatus,
          offerExpiresAt: w.offer_expires_at,
        })),
        sessions.map((s) => ({ _id: s.id, groupId: s.activity_group_id })),
      ),
      // Places kept for children being re-enrolled count like offers (docs/rules/re-enrolment.md);
      // each runs out at its window's end, which the engine checks against the caller's clock.
      ...(await loadReEnrolmentKeeps(db, clientId, sessions)),
    ],
  };
}

/** The confirmed places per session and ticket, as the database keeps them counted. */
const readConfirmedCounts = (db: Db, clientId: string, sessionIds: readonly string[]) =>
  db
    .selectFrom('session_place_counts')
    .select(['activity_id', 'ticket_id', 'confirmed'])
    .where('client_id', '=', clientId)
    .where('activity_id', 'in', [...sessionIds])
    .where('confirmed', '>', 0)
    .execute();

/**
 * The sessions' confirmed places alone, in one statement: no holds, no one place row per own
 * attendee, no waitlist offers. Each of those only takes places, so a basket short of places on
 * these is short on the whole count too (sold-out.ts asks this first).
 */
export async function loadConfirmedPlaces(
  db: Db,
  clientId: string,
  sessionIds: readonly string[],
): Promise<PlaceRow[]> {
  if (sessionIds.length === 0) return [];
  return othersConfirmed(await readConfirmedCounts(db, clientId, sessionIds), []);
}

/**
 * The confirmed places counted per session and ticket, less the basket attendees' own (which
 * come one row each): the same places, each once.
 */
function othersConfirmed(
  counts: readonly { activity_id: string; ticket_id: string; confirmed: number }[],
  own: readonly { activity_id: string; ticket_id: string; status: string }[],
): PlaceRow[] {
  const key = (activityId: string, ticketId: string) => `${activityId} ${ticketId}`;
  const ownConfirmed = new Map<string, number>();
  for (const p of own)
    if (p.status === 'confirmed') {
      const k = key(p.activity_id, p.ticket_id);
      ownConfirmed.set(k, (ownConfirmed.get(k) ?? 0) + 1);
    }
  return counts.flatMap((c) => {
    const n = Number(c.confirmed) - (ownConfirmed.get(key(c.activity_id, c.ticket_id)) ?? 0);
    return n > 0
      ? [{ activityId: c.activity_id, ticketId: c.ticket_id, status: 'confirmed', count: n }]
      : [];
  });
}

/** The customer's held bookings with no payment method chosen yet (the payment step's holds). */
export async function loadUnplacedHolds(
  db: Db,
  clientId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('status', '=', 'held')
    .where('payment_method', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The customer's children already booked (engine `FamilyBooking`, docs/rules/family.md): one row
 * per child and activity group with a confirmed place in a confirmed or awaiting-payment booking.
 * Only this customer's own children count, never another family's; a cancelled booking no longer
 * makes a sibling, but what an earlier checkout charged is never re-priced.
 */
export async function loadFamilyBookings(
  db: Db,
  clientId: string,
  userId: string,
): Promise<FamilyBooking[]> {
  // The family's children first, then their items by attendee (booking_items_attendee): joined
  // the other way round, the planner read every booked item of the organiser's.
  const rows = await db
    .selectFrom('booking_items as i')
    .innerJoin('bookings as b', (j) =>
      j.onRef('b.id', '=', 'i.booking_id').onRef('b.client_id', '=', 'i.client_id'),
    )
    .select(['i.attendee_id', 'i.activity_group_id'])
    .distinct()
    .where('i.client_id', '=', clientId)
    .where('i.attendee_id', 'in', (eb) =>
      eb
        .selectFrom('attendees as a')
        .select('a.id')
        .where('a.client_id', '=', clientId)
        .where('a.user_id', '=', userId),
    )
    .where('i.status', '=', 'confirmed')
    .where('b.status', 'in', ['confirmed', 'awaiting_payment'])
    .execute();
  return rows.map((r) => ({ attendeeId: r.attendee_id, activityGroupId: r.activity_group_id }));
}

/** Everything `priceBasket` needs besides the basket lines. */
export async function loadPricingInput(db: Db, clientId: string, userId: string, basket: Basket) {
  const client = await loadClient(db, clientId);
  const groups = await loadBasketGroups(db, clientId, basket);
  const attendees = await loadBasketAttendees(db, clientId, userId, basket);
  const [rules, history, accountCredit, passCredits, familyBookings] = await Promise.all([
    listDiscountRules(db, clientId),
    loadHistory(db, clientId, userId),
    basket.useAccountCredit ? loadAccountCredit(db, clientId, userId) : [],
    basket.usePassCredits ? loadPassCredits(db, clientId, userId) : [],
    loadFamilyBookings(db, clientId, userId),
  ]);
  return {
    client,
    groups,
    attendeeNames: attendees.names,
    birthDates: attendees.birthDates,
    rules,
    history,
    accountCredit,
    passCredits,
    familyBookings,
  };
}
