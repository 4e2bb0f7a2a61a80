import type Stripe from 'stripe';
import type { PriceResult } from '../../engine/index.ts';
import { firstOfNextMonth, todayIn, zonedToInstant } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { fromFlag, nowIso } from '../db/time.ts';
import { enqueue } from '../jobs/queue.ts';
import { findConnectedAccount } from '../services/stripe-accounts.ts';

/*
 * Subscription tickets (docs/rules/constants.md): the booking pays what the engine priced for now
 * (the first month when booked on the 1st, else the mid-month cover fee), and a monthly Stripe
 * Subscription on the organiser's connected account collects the plan's price on the 1st from then
 * on. The card paid at checkout is saved to the parent's Stripe Customer (setup_future_usage) and
 * becomes the subscription's payment method; a subscription booked without a card (paid
 * another way) is invoiced by Stripe each month instead. Cancelling the booking ends it.
 */

export const START_SUBSCRIPTIONS_JOB = 'stripe.start-subscriptions';
export const END_SUBSCRIPTION_JOB = 'stripe.end-subscription';
/** Days a parent has to pay an emailed monthly invoice (no saved card). */
export const INVOICE_DAYS_UNTIL_DUE = 7;

/** The subscription tickets a booking holds (one per attendee and ticket). */
export async function subscriptionItemsOf(db: Db, clientId: string, bookingId: string) {
  return db
    .selectFrom('booking_items')
    .innerJoin('tickets', (join) =>
      join
        .onRef('tickets.client_id', '=', 'booking_items.client_id')
        .onRef('tickets.id', '=', 'booking_items.ticket_id'),
    )
    .innerJoin('subscription_plans', (join) =>
      join
        .onRef('subscription_plans.client_id', '=', 'tickets.client_id')
        .onRef('subscription_plans.id', '=', 'tickets.subscription_plan_id'),
    )
    .select([
      'booking_items.attendee_id',
      'booking_items.ticket_id',
      'booking_items.status',
      'subscription_plans.id as plan_id',
      'subscription_plans.provider_price_id',
      'subscription_plans.provider_product_id',
    ])
    .where('booking_items.client_id', '=', clientId)
    .where('booking_items.booking_id', '=', bookingId)
    .where('tickets.type', '=', 'subscription')
    .execute();
}

/**
 * The parent's Stripe Customer on the organiser's account, created once (unique per client,
 * user and account; a concurrent second create finds the first).
 */
export async function ensureCustomer(
  db: Db,
  stripe: Stripe,
  input: { clientId: string; userId: string; accountId: string },
): Promise<string> {
  const find = () =>
    db
      .selectFrom('stripe_customers')
      .select('customer_id')
      .where('client_id', '=', input.clientId)
      .where('user_id', '=', input.userId)
      .where('account_id', '=', input.accountId)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.customer_id;
  const user = await db
    .selectFrom('users')
    .select(['email', 'full_name'])
    .where('client_id', '=', input.clientId)
    .where('id', '=', input.userId)
    .executeTakeFirstOrThrow();
  const customer = await stripe.customers.create(
    {
      email: user.email,
      name: user.full_name,
      metadata: { clientId: input.clientId, userId: input.userId },
    },
    {
      stripeAccount: input.accountId,
      idempotencyKey: `customer:${input.clientId}:${input.userId}`,
    },
  );
  const now = nowIso();
  await db
    .insertInto('stripe_customers')
    .values({
      id: newId(),
      client_id: input.clientId,
      user_id: input.userId,
      account_id: input.accountId,
      customer_id: customer.id,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['client_id', 'user_id', 'account_id']).doNothing())
    .execute();
  return (await find())!.customer_id;
}

/** Queues the start of a confirmed booking's subscriptions (after the confirming commit). */
export async function queueSubscriptionStart(
  db: Db,
  input: { clientId: string; bookingId: string; paymentMethod: string | null },
) {
  await enqueue(db, START_SUBSCRIPTIONS_JOB, input, {
    dedupeKey: `${START_SUBSCRIPTIONS_JOB}:${input.bookingId}`,
  });
}

/**
 * Starts the Stripe subscriptions of a confirmed booking, billed from the 1st of next month in
 * the organiser's time zone. Safe to run again: each subscription row is made once and its
 * Stripe create carries the row's id as idempotency key.
 *
 * @example await startSubscriptions(db, stripe, { clientId, bookingId, paymentMethod: 'pm_…', now: new Date() });
 */
export async function startSubscriptions(
  db: Db,
  stripe: Stripe,
  input: { clientId: string; bookingId: string; paymentMethod: string | null; now: Date },
) {
  const { clientId, bookingId } = input;
  const booking = await db
    .selectFrom('bookings')
    .innerJoin('clients', 'clients.id', 'bookings.client_id')
    .select([
      'bookings.status',
      'bookings.user_id',
      'bookings.currency',
      'bookings.pricing',
      'clients.time_zone',
    ])
    .where('bookings.client_id', '=', clientId)
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
  if (booking?.status !== 'confirmed') return 0;
  // A sibling's membership is collected at the plan's price less the sibling discount the
  // booking was priced with (docs/rules/family.md).
  const priced = readJson<Partial<PriceResult>>(booking.pricing, {});
  const discountedMonthly = (attendeeId: string, ticketId: string) => {
    const sub = priced.lines?.find(
      (l) => l.attendeeId === attendeeId && l.ticketId === ticketId,
    )?.subscription;
    return sub?.monthlyDiscount ? sub.monthlyAmount : null;
  };
  const account = await findConnectedAccount(db, clientId);
  if (!account || !fromFlag(account.connected)) return 0;
  const items = (await subscriptionItemsOf(db, clientId, bookingId)).filter(
    (i) => i.status === 'confirmed' && i.provider_price_id,
  );
  if (items.length === 0) return 0;
  const options = { stripeAccount: account.account_id };
  const customer = await ensureCustomer(db, stripe, {
    clientId,
    userId: booking.user_id,
    accountId: account.account_id,
  });
  const firstDay = firstOfNextMonth(todayIn(input.now, booking.time_zone));
  const anchor = Math.floor(zonedToInstant(firstDay, '00:00', booking.time_zone) / 1000);
  let started = 0;
  for (const item of items) {
    let row = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('booking_id', '=', bookingId)
      .where('attendee_id', '=', item.attendee_id)
      .where('ticket_id', '=', item.ticket_id)
      .executeTakeFirst();
    if (row?.provider_subscription_id) continue;
    if (!row) {
      const now = nowIso();
      const values = {
        id: newId(),
        client_id: clientId,
        user_id: booking.user_id,
        attendee_id: item.attendee_id,
        ticket_id: item.ticket_id,
        subscription_plan_id: item.plan_id,
        booking_id: bookingId,
        status: 'incomplete',
        provider_subscription_id: null,
        cancelled_at: null,
        stripe_event_at: null,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('subscriptions').values(values).execute();
      row = values;
    }
    const monthly = discountedMonthly(item.attendee_id, item.ticket_id);
    const subscription = await stripe.subscriptions.create(
      {
        customer,
        items: [
          monthly !== null && item.provider_product_id
            ? {
                price_data: {
                  currency: booking.currency.toLowerCase(),
                  product: item.provider_product_id,
                  recurring: { interval: 'month' },
                  unit_amount: monthly,
                },
              }
            : { price: item.provider_price_id! },
        ],
        billing_cycle_anchor: anchor,
        // The booking already paid for this month (first month or cover fee).
        proration_behavior: 'none',
        ...(input.paymentMethod
          ? { default_payment_method: input.paymentMethod }
          : { collection_method: 'send_invoice', days_until_due: INVOICE_DAYS_UNTIL_DUE }),
        metadata: { clientId, bookingId, subscriptionId: row.id },
      },
      { ...options, idempotencyKey: `subscription:${row.id}` },
    );
    await db
      .updateTable('subscriptions')
      .set({ provider_subscription_id: subscription.id, updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    // Unless a webhook (which can overtake this answer) already said something newer.
    await db
      .updateTable('subscriptions')
      .set({ status: subscription.status })
      .where('id', '=', row.id)
      .where('stripe_event_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    started += 1;
  }
  return started;
}

/**
 * Ends the subscriptions of cancelled booking items: marks them cancelled now (so the
 * disconnect guard and lists stop counting them) and queues the cancel at Stripe. For the
 * bookings service's cancel transaction.
 *
 * @example await endSubscriptions(trx, { clientId, bookingId, items: [{ attendeeId, ticketId }] });
 */
export async function endSubscriptions(
  trx: Db,
  input: { clientId: string; bookingId: string; items: { attendeeId: string; ticketId: string }[] },
) {
  const now = nowIso();
  for (const item of input.items) {
    const rows = await trx
      .selectFrom('subscriptions')
      .select(['id', 'provider_subscription_id'])
      .where('client_id', '=', input.clientId)
      .where('booking_id', '=', input.bookingId)
      .where('attendee_id', '=', item.attendeeId)
      .where('ticket_id', '=', item.ticketId)
      .where('cancelled_at', 'is', null)
      .execute();
    for (const row of rows) {
      await trx
        .updateTable('subscriptions')
        .set({ status: 'canceled', cancelled_at: now, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await enqueue(
        trx,
        END_SUBSCRIPTION_JOB,
        { clientId: input.clientId, subscriptionId: row.id },
        { dedupeKey: `${END_SUBSCRIPTION_JOB}:${row.id}` },
      );
    }
  }
}

/** Cancels one subscription at Stripe (the job behind endSubscriptions; idempotent). */
export async function cancelAtStripe(
  db: Db,
  stripe: Stripe,
  clientId: string,
  subscriptionId: string,
) {
  const row = await db
    .selectFrom('subscriptions')
    .select('provider_subscription_id')
    .where('client_id', '=', clientId)
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  const account = await findConnectedAccount(db, clientId);
  if (!row?.provider_subscription_id || !account) return;
  const current = await stripe.subscriptions.retrieve(
    row.provider_subscription_id,
    {},
    { stripeAccount: account.account_id },
  );
  if (current.status === 'canceled') return;
  await stripe.subscriptions.cancel(
    row.provider_subscription_id,
    {},
    { stripeAccount: account.account_id, idempotencyKey: `end-subscription:${subscriptionId}` },
  );
}

/**
 * Stripe's word on a subscription (customer.subscription.updated / .deleted): its status, and
 * a cancel made at Stripe (by the organiser in Stripe's dashboard, or unpaid invoices) ends it
 * here too. Only subscriptions of the event's own account are touched.
 */
export async function applySubscriptionEvent(
  trx: Db,
  subscription: Stripe.Subscription,
  account: string | null,
  eventCreated?: number,
) {
  const ours = trx
    .selectFrom('subscriptions')
    .innerJoin('connected_accounts', (join) =>
      join
        .onRef('connected_accounts.client_id', '=', 'subscriptions.client_id')
        .on('connected_accounts.provider', '=', 'stripe'),
    )
    .select(['subscriptions.id', 'subscriptions.cancelled_at', 'connected_accounts.account_id']);
  let row = await ours
    .where('subscriptions.provider_subscription_id', '=', subscription.id)
    .executeTakeFirst();
  // An event that overtook the create call's answer: our row by the id in its metadata.
  const ourId = subscription.metadata?.subscriptionId;
  if (!row && ourId) {
    row = await ours
      .where('subscriptions.id', '=', ourId)
      .where('subscriptions.provider_subscription_id', 'is', null)
      .executeTakeFirst();
    if (row && (!account || row.account_id === account))
      await trx
        .updateTable('subscriptions')
        .set({ provider_subscription_id: subscription.id })
        .where('id', '=', row.id)
        .where('provider_subscription_id', 'is', null)
        .execute();
  }
  if (!row || (account && row.account_id !== account)) return 'none';
  const ended = subscription.status === 'canceled';
  // Ended is final: an older "updated" delivered after the cancel changes nothing.
  if (row.cancelled_at && !ended) return 'none';
  const now = nowIso();
  let update = trx
    .updateTable('subscriptions')
    .set({
      status: subscription.status,
      ...(ended && !row.cancelled_at ? { cancelled_at: now } : {}),
      ...(eventCreated !== undefined ? { stripe_event_at: eventCreated } : {}),
      updated_at: now,
    })
    .where('id', '=', row.id);
  // Each event carries the whole subscription: one older than the newest applied would undo it
  // (e.g. past_due arriving after the active that followed it). The end always applies.
  if (eventCreated !== undefined && !ended)
    update = update.where((eb) =>
      eb.or([eb('stripe_event_at', 'is', null), eb('stripe_event_at', '<=', eventCreated)]),
    );
  const moved = await update.executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return 'none';
  return ended ? 'subscription-ended' : 'subscription-updated';
}
