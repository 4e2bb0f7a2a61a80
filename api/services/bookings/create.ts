import {
  allowedSessions,
  type Basket,
  basketLines,
  creditDebits,
  fullSessionsMessage,
  holdExpiresAt as holdExpiry,
  localeFor,
  messages,
  newBookingState,
  paymentDueAt,
  paymentMethodProblem,
  recurringPaymentProblem,
  sessionLabel,
  unpaidBookingsProblem,
} from '../../../engine/index.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { newId } from '../../db/ids.ts';
import { writeJson } from '../../db/json.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { enqueueBookingConfirmation } from '../../mail/booking-messages.ts';
import { planScheduledPayments } from '../../payments/schedules.ts';
import { markReEnrolmentAccepted } from '../re-enrolment-places.ts';
import { markOffersUsed } from '../waitlists.ts';
import { EXPIRE_HOLD_JOB, EXPIRE_UNPAID_JOB } from './jobs.ts';
import { releaseBooking } from './lifecycle.ts';
import {
  basketError,
  cardAvailable,
  listEnabledVoucherProviders,
  loadAccountCredit,
} from './load.ts';
import { lockCustomerRows, lockSessionRows } from './locks.ts';
import {
  countPlacesAgain,
  type PricedBasket,
  placesGoneBeforeBooking,
  priceBasketFor,
} from './quote.ts';
import { maySoldOut, noteSoldOut } from './sold-out.ts';
import { startSubscriptionsWithoutCard } from './subscription-start.ts';
import { inTransaction } from './transaction.ts';

export interface CreateBookingInput {
  clientId: string;
  userId: string;
  basket: Basket;
  /** The `Idempotency-Key` header: the same key from the same user answers the same booking. */
  idempotencyKey?: string | null;
  /**
   * An admin booking on the customer's behalf. Full sessions and ticket limits are warnings to
   * an admin, not errors (docs/rules/forms-and-messages.md, engine `adminBookingWarnings`): the
   * organiser who has seen them may add a child to a full class. Everything else (prices, codes,
   * double bookings, payment) stays the customer's rule.
   */
  admin?: {
    id: string;
    /** The admin confirmed booking past a place or ticket limit (else a 409 names the session). */
    allowOverCapacity?: boolean;
  } | null;
  /**
   * The payment step of the widget: hold the basket's places for the client's hold minutes
   * before any payment method is chosen (`placeHeldBooking` then chooses one). The basket is
   * checked like a booking, except for the method.
   */
  hold?: boolean;
  /** The guardian who books (docs/rules/households.md): shown to the organiser as 'booked by'. */
  bookedBy?: string | null;
  /**
   * Runs inside the booking's transaction, after its row locks (the route's unpaid-bookings
   * counter), so the count commits with the booking: one durable commit, not two. It may refuse
   * (429).
   */
  first?: ((trx: Db) => Promise<void>) | null;
  /**
   * What `first` refuses, read without counting: asked before a sold-out camp's basket is
   * counted outside the transaction (sold-out.ts), so a refused attempt there meets the same
   * 429 first.
   */
  limit?: ((db: Db) => Promise<void>) | null;
}

export interface CreateBookingOptions {
  /** The clock, for tests of hold expiry. */
  now?: () => number;
  /**
   * TEST ONLY, never reachable from HTTP: 'off' checks capacity from a read taken before the
   * transaction and takes no row locks, the way a naive implementation would. The concurrency
   * tests run it to prove they can catch an oversell.
   */
  capacityGuard?: 'on' | 'off';
}

const findByIdempotencyKey = (db: Db, clientId: string, userId: string, key: string) =>
  db
    .selectFrom('bookings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
};

/** The basket field path of an engine line, for the `errors` map of a 422. */
function linePath(basket: Basket, lineKey: number): string {
  let key = 0;
  for (const [gi, group] of basket.activityGroups.entries())
    for (const [ii, item] of group.items.entries())
      for (const _ of item.attendees)
        if (key++ === lineKey) return `activityGroups.${gi}.items.${ii}`;
  return 'activityGroups';
}

/**
 * Books a basket for a customer in one transaction: re-prices it on the server, checks every
 * session still has the places (held and confirmed places count), checks the discount code's
 * redemption limits and the payment method, then writes the booking, its items, places and
 * add-ons, the discount redemptions and the credit debits. A session that filled up is a 409
 * and nothing is written.
 *
 * Concurrency: SQLite transactions start with BEGIN IMMEDIATE (one writer at a time, across
 * processes). On PostgreSQL the user and the code's rule are locked FOR UPDATE before anything
 * is read, and the booked sessions' rows just before the booking is written, when its places
 * are counted again (locks.ts): the count and the write see the same places however many API
 * processes run, and a popular session is locked for the writes, not the whole booking.
 *
 * @example const { bookingId } = await createBooking({ db, dialect }, { clientId, userId, basket });
 */
export async function createBooking(
  handle: {
    db: Db;
    dialect: Dialect;
    /** Whether this server has Stripe keys (`config.stripe`): card and subscriptions need them. */
    stripeConfigured?: boolean;
  },
  input: CreateBookingInput,
  options: CreateBookingOptions = {},
): Promise<{ bookingId: string; replayed: boolean }> {
  const { db, dialect } = handle;
  const stripeConfigured = handle.stripeConfigured ?? false;
  const { clientId, userId, basket } = input;
  const key = input.idempotencyKey?.trim() || null;
  const clock = options.now ?? Date.now;
  const guarded = options.capacityGuard !== 'off';
  if (key) {
    const existing = await findByIdempotencyKey(db, clientId, userId, key);
    if (existing) return { bookingId: existing.id, replayed: true };
  }
  // While a group is sold out, a customer's basket for it is counted before it queues for the
  // write lock: the parents who missed the last places are told so at once (sold-out.ts).
  // Once counted and found to fit, the basket is not counted early again: its booking counts.
  let counted = false;
  const refuseIfGone = async (from: Db) => {
    if (counted || !guarded || input.admin || !maySoldOut(clientId, basket, clock())) return;
    counted = true;
    if (input.limit) await input.limit(from);
    const gone = await placesGoneBeforeBooking(from, { clientId, userId }, basket, clock());
    if (gone) throw fullSessionsError(gone.priced, gone.fullSessions);
  };
  await refuseIfGone(db);
  const stale = guarded
    ? null
    : await priceBasketFor(db, clientId, userId, basket, clock(), {
        ownHoldsGiveWay: !input.admin,
      });
  try {
    // Inside the caller's transaction when there is one: an admin booking and its audit entry
    // commit together (api/routes/bookings.ts).
    return await inTransaction(db, async (trx) => {
      const locking = guarded && dialect === 'postgres';
      if (locking) {
        // Asked again once a connection is ours: on PostgreSQL the baskets sent before the
        // first refusal have all passed the first look by then, and would each price the whole
        // basket (thirty statements) and wait their turn for the session's lock to be told it
        // is full. The sessions are not locked yet, so this waits for nobody.
        await refuseIfGone(trx);
        await lockCustomerRows(trx, clientId, userId, basket);
      }
      if (input.first) await input.first(trx);
      if (key) {
        const existing = await findByIdempotencyKey(trx, clientId, userId, key);
        if (existing) return { bookingId: existing.id, replayed: true };
      }
      const now = clock();
      // The customer's own unplaced hold on these places (Back from the payment step, its
      // release still on the way) is replaced, not a conflict: given back first, credit and
      // code uses included, then the basket is priced again without it.
      const ownHoldsGiveWay = !input.admin;
      let priced = await priceBasketFor(trx, clientId, userId, basket, now, { ownHoldsGiveWay });
      if (priced.supersededHolds.length > 0) {
        for (const id of priced.supersededHolds) await releaseBooking(trx, clientId, id, 'expired');
        priced = await priceBasketFor(trx, clientId, userId, basket, now, { ownHoldsGiveWay });
      }
      await refuseProblems(trx, clientId, userId, basket, priced, stale, {
        stripeConfigured,
        limitsAreWarnings: Boolean(input.admin),
        allowOverCapacity: input.admin?.allowOverCapacity === true,
        hold: Boolean(input.hold),
      });
      if (locking) {
        // The places were counted before the sessions were locked: count them again now that
        // no other booking can take one before this commits.
        await lockSessionRows(trx, clientId, basket);
        // The customer's own holds that this basket replaces were given back above, and no new
        // one can appear while their user row is locked: none is left to give way.
        const full = await countPlacesAgain(trx, priced, { clientId, userId }, now, {
          ownHoldsGiveWay: false,
        });
        if (full.length > 0 && !input.admin) throw soldOut(clientId, priced, full);
        if (full.length > 0 && input.admin?.allowOverCapacity !== true)
          throw overCapacityError(priced, full);
      }
      const bookingId = await writeBooking(trx, {
        clientId,
        userId,
        basket,
        key,
        priced,
        now,
        stripeConfigured,
        adminId: input.admin?.id ?? null,
        hold: Boolean(input.hold),
        bookedBy: input.bookedBy ?? null,
      });
      // A waitlist offer is fulfilled by this booking: its entry becomes Used in the same commit.
      // A hold fulfils it only once placed (placeHeldBooking): a parent who goes back from the
      // payment step keeps the offer, its place still kept for the child.
      const groupOf = new Map(priced.groups.flatMap((g) => g.sessions.map((s) => [s._id, g._id])));
      if (!input.hold)
        await markOffersUsed(
          trx,
          clientId,
          priced.requests.map((r) => ({ ...r, groupId: groupOf.get(r.sessionId) ?? '' })),
        );
      // So is a re-enrolment offer for the child on this group (docs/rules/re-enrolment.md).
      if (!input.hold)
        await markReEnrolmentAccepted(
          trx,
          clientId,
          bookingId,
          priced.requests.map((r) => ({ ...r, groupId: groupOf.get(r.sessionId) ?? '' })),
          now,
        );
      return { bookingId, replayed: false };
    });
  } catch (error) {
    // Two requests with one key raced past the first look: the loser answers the winner's booking.
    if (key && isUniqueViolation(error)) {
      const existing = await findByIdempotencyKey(db, clientId, userId, key);
      if (existing) return { bookingId: existing.id, replayed: true };
    }
    throw error;
  }
}

async function refuseProblems(
  trx: Db,
  clientId: string,
  userId: string,
  basket: Basket,
  priced: PricedBasket,
  stale: PricedBasket | null,
  {
    stripeConfigured,
    limitsAreWarnings,
    allowOverCapacity = false,
    hold,
  }: {
    stripeConfigured: boolean;
    limitsAreWarnings: boolean;
    allowOverCapacity?: boolean;
    hold: boolean;
  },
) {
  const { price } = priced;
  const problem = price.problems[0];
  if (problem) throw basketError(linePath(basket, problem.lineKey), problem.message);
  const doubled = priced.doubleBookedLines[0];
  if (doubled !== undefined)
    throw basketError(linePath(basket, doubled), messages.alreadyBookedOnSession);
  // The widget already stops a blocked attendee; this is the same engine rule for any caller.
  const tooYoungOrOld = priced.ageBlockedLines[0];
  if (tooYoungOrOld !== undefined && !limitsAreWarnings)
    throw basketError(linePath(basket, tooYoungOrOld), messages.ageRangeBlockedBooking);
  if (basket.discountCode && !price.code?.applied)
    throw basketError('discountCode', price.code?.message ?? messages.codeInvalid);
  const full = (stale ?? priced).fullSessions;
  if (full.length > 0 && !limitsAreWarnings) throw soldOut(clientId, priced, full);
  // An admin may overbook, but only having confirmed it: never silently (issue 11, item 8).
  if (full.length > 0 && !allowOverCapacity) throw overCapacityError(priced, full);
  // A hold has no method yet: the method, and the cap on unpaid bookings, wait for placing it.
  // But a membership or instalments without card payments could never be paid: refuse the hold.
  if (hold) {
    if (price.recurring.length + price.schedule.length === 0) return;
    const unpayable = recurringPaymentProblem({
      subscriptions: price.recurring.length,
      laterInstalments: price.schedule.length,
      method: { type: 'card' },
      cardAvailable: await cardAvailable(trx, clientId, stripeConfigured),
    });
    if (unpayable) throw basketError('paymentMethod', unpayable);
    return;
  }
  const method = basket.paymentMethod;
  const methodProblem = paymentMethodProblem({
    amountDueNow: price.amountDueNow,
    method,
    allowPayLater: priced.client.allow_pay_later === 1,
    voucherProviderIds:
      method?.type === 'childcareVoucher'
        ? (await listEnabledVoucherProviders(trx, clientId)).map((p) => p.id)
        : [],
    cardAvailable:
      method?.type === 'card' || price.schedule.length > 0
        ? await cardAvailable(trx, clientId, stripeConfigured)
        : false,
    laterInstalments: price.schedule.length,
  });
  if (methodProblem) throw basketError('paymentMethod', methodProblem);
  // A membership's monthly charge is taken from the card, even when nothing is due today. An
  // admin's booking is paid offline, so its subscription is invoiced by Stripe each month:
  // still card payments, which must exist (issue 11: never a membership at £0 for good).
  const recurring = price.recurring.length + price.schedule.length;
  const recurringProblem = recurringPaymentProblem({
    subscriptions: price.recurring.length,
    laterInstalments: price.schedule.length,
    method: limitsAreWarnings ? { type: 'card' } : method,
    cardAvailable: recurring > 0 ? await cardAvailable(trx, clientId, stripeConfigured) : false,
  });
  if (recurringProblem) throw basketError('paymentMethod', recurringProblem);
  // Places kept without payment are capped per customer; admins book offline on purpose.
  if (limitsAreWarnings) return;
  const newState = newBookingState(price.amountDueNow, method?.type).booking;
  if (newState !== 'awaiting_payment') return;
  const open = await trx
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_payment')
    // Unpaid bookings the organiser made for them are the organiser's choice, not theirs.
    .where('created_by_admin_id', 'is', null)
    .executeTakeFirstOrThrow();
  const unpaid = unpaidBookingsProblem({ newState, openUnpaid: Number(open.n) });
  if (unpaid) throw new HttpError(429, unpaid);
}

/**
 * 409 naming the sessions that went (date and time), with one `sessions.{id}` entry per session in
 * `errors`, so the widget can untick exactly those and offer their waitlist.
 */
export function fullSessionsError(
  priced: Pick<PricedBasket, 'groups' | 'client'>,
  sessionIds: readonly string[],
): HttpError {
  const sessions = priced.groups
    .flatMap((g) => g.sessions)
    .filter((s) => sessionIds.includes(s._id));
  const format = [priced.client.date_format, localeFor(priced.client.country)] as const;
  return new HttpError(
    409,
    fullSessionsMessage(sessions, ...format),
    Object.fromEntries(
      sessions.map((s) => [`sessions.${s._id}`, fullSessionsMessage([s], ...format)]),
    ),
  );
}

/** `fullSessionsError` for a customer, noting the groups as sold out for a moment (sold-out.ts). */
function soldOut(
  clientId: string,
  priced: Pick<PricedBasket, 'groups' | 'client'>,
  sessionIds: readonly string[],
): HttpError {
  noteSoldOut(
    clientId,
    priced.groups
      .filter((g) => g.sessions.some((s) => sessionIds.includes(s._id)))
      .map((g) => g._id),
  );
  return fullSessionsError(priced, sessionIds);
}

/**
 * 409 for an admin booking past a place or ticket limit without the admin's confirmation,
 * naming the sessions as the customer's refusal does (engine `sessionLabel`), keyed
 * `allowOverCapacity` for the wizard.
 */
function overCapacityError(
  priced: Pick<PricedBasket, 'groups' | 'client'>,
  sessionIds: readonly string[],
): HttpError {
  const sessions = priced.groups
    .flatMap((g) => g.sessions)
    .filter((s) => sessionIds.includes(s._id));
  const locale = localeFor(priced.client.country);
  const message = messages.overCapacityNotConfirmed(
    sessions.map((s) => sessionLabel(s, priced.client.date_format, locale)).join('; '),
  );
  return new HttpError(409, message, { allowOverCapacity: message });
}

async function writeBooking(
  trx: Db,
  args: {
    clientId: string;
    userId: string;
    basket: Basket;
    key: string | null;
    priced: PricedBasket;
    now: number;
    stripeConfigured: boolean;
    adminId: string | null;
    hold: boolean;
    bookedBy?: string | null;
  },
): Promise<string> {
  const { clientId, userId, basket, priced } = args;
  const { price, client, groups } = priced;
  const nowIso = new Date(args.now).toISOString();
  const stamp = { client_id: clientId, created_at: nowIso, updated_at: nowIso };
  // A membership or instalments paid by card keep the card method even with £0 due today: the
  // card page then saves the card for the later charges (a SetupIntent).
  const recurring = price.recurring.length + price.schedule.length > 0;
  const savesCard = recurring && basket.paymentMethod?.type === 'card';
  const due = (price.amountDueNow > 0 || savesCard) && !args.hold;
  const method = due ? (basket.paymentMethod ?? null) : null;
  const state: ReturnType<typeof newBookingState> = args.hold
    ? { booking: 'held', places: 'held' }
    : newBookingState(price.amountDueNow, method?.type, recurring);
  const holdExpiresAt = state.booking === 'held' ? holdExpiry(args.now, client.hold_minutes) : null;
  const paymentDue =
    state.booking === 'awaiting_payment'
      ? paymentDueAt(args.now, client.unpaid_release_days)
      : null;
  const bookingId = newId();
  await trx
    .insertInto('bookings')
    .values({
      id: bookingId,
      ...stamp,
      user_id: userId,
      status: state.booking,
      payment_method: method?.type ?? null,
      childcare_voucher_provider_id:
        method?.type === 'childcareVoucher' ? (method.childcareVoucherProvider ?? null) : null,
      currency: price.currency,
      subtotal: price.subtotal,
      discount_total: price.discountTotal,
      credit_applied: price.creditApplied,
      pass_credits_used: price.passCreditsUsed.reduce((n, p) => n + p.credits, 0),
      total: price.total,
      amount_due_now: price.amountDueNow,
      // The organiser's spelling of the code, whatever case the parent typed.
      discount_code: price.code?.applied
        ? (priced.rules.find(
            (r) => r.type === 'Code' && price.discounts.some((d) => d.ruleId === r._id),
          )?.code ?? price.code.code)
        : null,
      pricing: writeJson(price),
      hold_expires_at: holdExpiresAt,
      payment_due_at: paymentDue,
      idempotency_key: args.key,
      created_by_admin_id: args.adminId,
      booked_by_user_id: args.bookedBy ?? null,
      confirmed_at: state.booking === 'confirmed' ? nowIso : null,
      cancelled_at: null,
    })
    .execute();

  const lines = basketLines(basket);
  const byGroup = new Map(groups.map((g) => [g._id, g]));
  for (const line of price.lines) {
    const itemId = newId();
    await trx
      .insertInto('booking_items')
      .values({
        id: itemId,
        ...stamp,
        booking_id: bookingId,
        activity_group_id: line.activityGroupId,
        ticket_id: line.ticketId,
        attendee_id: line.attendeeId,
        price: line.gross,
        discount: line.discount,
        status: state.places,
      })
      .execute();
    if (line.sessionIds.length > 0) {
      await trx
        .insertInto('booking_places')
        .values(
          line.sessionIds.map((activityId) => ({
            id: newId(),
            ...stamp,
            booking_id: bookingId,
            booking_item_id: itemId,
            activity_id: activityId,
            ticket_id: line.ticketId,
            attendee_id: line.attendeeId,
            status: state.places,
            hold_expires_at: holdExpiresAt,
          })),
        )
        .execute();
    }
    // The engine charged each add-on once per session it applies to; store one row per session.
    const group = byGroup.get(line.activityGroupId)!;
    const lineSessions = group.sessions.filter((s) => line.sessionIds.includes(s._id));
    const addOnRows = (lines[line.key]?.addOns ?? []).flatMap((choice) => {
      const addOn = group.addOns.find((a) => a._id === choice.addOnId)!;
      const wanted = choice.sessionIds ? new Set(choice.sessionIds) : null;
      return allowedSessions(lineSessions, addOn)
        .filter((s) => !wanted || wanted.has(s._id))
        .map((s) => ({
          id: newId(),
          ...stamp,
          booking_id: bookingId,
          booking_item_id: itemId,
          add_on_id: addOn._id,
          activity_id: s._id,
          price: addOn.price,
          status: state.places,
        }));
    });
    if (addOnRows.length > 0) await trx.insertInto('booking_add_ons').values(addOnRows).execute();
  }

  for (const discount of price.discounts) {
    await trx
      .insertInto('discount_redemptions')
      .values({
        id: newId(),
        ...stamp,
        discount_rule_id: discount.ruleId,
        user_id: userId,
        booking_id: bookingId,
        amount: discount.amount,
      })
      .execute();
    await trx
      .updateTable('discount_rules')
      .set((eb) => ({ times_used: eb('times_used', '+', 1), updated_at: nowIso }))
      .where('client_id', '=', clientId)
      .where('id', '=', discount.ruleId)
      .execute();
  }

  if (price.creditApplied > 0) {
    const entries = await loadAccountCredit(trx, clientId, userId);
    for (const debit of creditDebits(entries, price.creditApplied, args.now)) {
      await trx
        .insertInto('account_credit_ledger')
        .values({
          id: newId(),
          ...stamp,
          user_id: userId,
          amount: debit.amount,
          expires_at: debit.expiresAt,
          source: 'booking',
          booking_id: bookingId,
          refund_id: null,
        })
        .execute();
    }
  }
  for (const used of price.passCreditsUsed) {
    const [passId, expiresAt] = used.passCreditId.split('|');
    await trx
      .insertInto('pass_credit_ledger')
      .values({
        id: newId(),
        ...stamp,
        user_id: userId,
        session_pass_id: passId!,
        credits: -used.credits,
        expires_at: expiresAt || null,
        booking_id: bookingId,
        payment_id: null,
      })
      .execute();
  }

  // The later instalments of a booking paid by schedule; charged once its first payment is in.
  if (price.schedule.length > 0)
    await planScheduledPayments(trx, { clientId, bookingId, schedule: price.schedule });
  if (state.booking === 'confirmed')
    await startSubscriptionsWithoutCard(trx, {
      clientId,
      bookingId,
      stripeConfigured: args.stripeConfigured,
    });

  if (holdExpiresAt) {
    await enqueue(
      trx,
      EXPIRE_HOLD_JOB,
      { clientId, bookingId },
      { runAt: new Date(holdExpiresAt), dedupeKey: `${EXPIRE_HOLD_JOB}:${bookingId}` },
    );
  }
  if (paymentDue) await enqueueUnpaidRelease(trx, clientId, bookingId, paymentDue);
  // The parent hears once the places are theirs (a hold hears when it is placed or paid).
  if (state.booking !== 'held')
    await enqueueBookingConfirmation(trx, { clientId, bookingId, now: new Date(args.now) });
  return bookingId;
}

/** The job that gives an unpaid booking's places back at its deadline, unless it is paid. */
export async function enqueueUnpaidRelease(
  trx: Db,
  clientId: string,
  bookingId: string,
  dueAt: string,
) {
  await enqueue(
    trx,
    EXPIRE_UNPAID_JOB,
    { clientId, bookingId },
    { runAt: new Date(dueAt), dedupeKey: `${EXPIRE_UNPAID_JOB}:${bookingId}` },
  );
}
