import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOfNextMonth, messages, todayIn, zonedToInstant } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { registerCustomer, signUpOrganiser } from '../test/harness.ts';
import { paymentJobHandlers } from './jobs.ts';
import { endSubscriptions } from './subscriptions.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from './testing.ts';

/*
 * A subscription ticket paid by card: the checkout saves the card to the parent's Stripe
 * Customer, the confirmed booking starts a monthly subscription billed from the 1st, and
 * cancelling ends it, at Stripe and here.
 */

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

const deliver = async (type: string, objectId: string) => {
  const event = t.fake.lastEvent(type, objectId);
  if (!event) throw new Error(`no ${type} for ${objectId}`);
  const { body, headers } = t.fake.signedDelivery(event);
  return t.raw('/api/stripe/webhook', body, headers);
};

/** An organiser with a plan, a subscription ticket using it, and a parent's held booking of it. */
async function heldSubscriptionBooking() {
  const org = await signUpOrganiser(t.ctx);
  const account = await connectStripe(t, org.token, org.clientId);
  const plan = (
    await t.request('POST', '/api/stripe/subscription-plans', {
      token: org.token,
      body: { name: 'Monthly club', amount: '30' },
    })
  ).body.data;
  const group = await t.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: 'Club',
      activities: [{ _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00' }],
      tickets: [
        {
          _id: 'temp_t',
          type: 'subscription',
          name: 'Monthly',
          price: '30',
          subscriptionPlan: plan._id,
          allowMidMonthBookings: true,
          coverFeePerSession: '5',
        },
      ],
      addOns: [],
    },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const saved = (
    await t.request('GET', `/api/activity-groups/${group.body.data._id}`, { token: org.token })
  ).body.data;
  const parent = await registerCustomer(t.ctx, org.clientId);
  const db = t.ctx.handle.db;
  const now = nowIso();
  const owned = { client_id: org.clientId, created_at: now, updated_at: now };
  const attendeeId = newId();
  await db
    .insertInto('attendees')
    .values({ id: attendeeId, user_id: parent.user._id, ...owned })
    .execute();
  const bookingId = newId();
  const itemId = newId();
  const hold = new Date(Date.now() + 15 * 60_000).toISOString();
  await db
    .insertInto('bookings')
    .values({
      id: bookingId,
      ...owned,
      user_id: parent.user._id,
      status: 'held',
      payment_method: 'card',
      childcare_voucher_provider_id: null,
      currency: 'GBP',
      subtotal: 1000,
      total: 1000,
      amount_due_now: 1000,
      discount_code: null,
      hold_expires_at: hold,
      idempotency_key: null,
      created_by_admin_id: null,
      confirmed_at: null,
      cancelled_at: null,
    })
    .execute();
  await db
    .insertInto('booking_items')
    .values({
      id: itemId,
      ...owned,
      booking_id: bookingId,
      activity_group_id: saved._id,
      ticket_id: saved.tickets[0]._id,
      attendee_id: attendeeId,
      price: 1000,
      status: 'held',
    })
    .execute();
  return {
    org,
    accountId: account.account_id,
    plan,
    parent,
    bookingId,
    attendeeId,
    ticketId: saved.tickets[0]._id as string,
  };
}

describe('subscription tickets', () => {
  it('saves the card at checkout and starts a monthly subscription from the 1st', async () => {
    const s = await heldSubscriptionBooking();
    const checkout = await t.request('POST', `/api/stripe/bookings/${s.bookingId}/payment-intent`, {
      token: s.parent.token,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    const intent = t.fake.objects.get(intentId)!;
    expect(intent.setup_future_usage).toBe('off_session');
    expect(intent.customer).toMatch(/^cus_/);
    expect(t.fake.objects.get(intent.customer)).toMatchObject({ email: s.parent.email });

    const paid = t.fake.succeedPaymentIntent(intentId);
    expect((await deliver('payment_intent.succeeded', intentId)).body.data.effect).toBe(
      'confirmed',
    );
    const handlers = paymentJobHandlers(t.settings);
    await runDueJobs(t.ctx.handle.db, handlers);
    await runDueJobs(t.ctx.handle.db, handlers);

    const subs = [...t.fake.objects.values()].filter(
      (o) => o.object === 'subscription' && o.customer === intent.customer,
    );
    expect(subs).toHaveLength(1);
    const firstDay = firstOfNextMonth(todayIn(Date.now(), 'Europe/London'));
    expect(subs[0]).toMatchObject({
      billing_cycle_anchor: zonedToInstant(firstDay, '00:00', 'Europe/London') / 1000,
      default_payment_method: paid.payment_method,
      proration_behavior: 'none',
      status: 'active',
    });
    expect(subs[0]!.items.data[0].price.id).toBe(s.plan.providerPriceId);
    const rows = await t.ctx.handle.db
      .selectFrom('subscriptions')
      .select(['status', 'provider_subscription_id', 'subscription_plan_id'])
      .where('booking_id', '=', s.bookingId)
      .execute();
    expect(rows).toEqual([
      { status: 'active', provider_subscription_id: subs[0]!.id, subscription_plan_id: s.plan._id },
    ]);

    // A live subscription keeps the account from being disconnected
    // (docs/rules/forms-and-messages.md).
    const account = await t.request('GET', '/api/stripe/connected-account', {
      token: s.org.token,
    });
    const refused = await t.request('POST', '/api/stripe/update-connected-account-status', {
      token: s.org.token,
      body: { accountId: s.accountId, paymentMethodId: account.body.data._id, connected: false },
    });
    expect(refused.body.message).toBe(messages.connectedAccountUsedBySubscriptions);
  });

  it("a sibling's membership is collected each month at the discounted price", async () => {
    const s = await heldSubscriptionBooking();
    // Priced with a 10% sibling discount on the £30.00 plan (docs/rules/family.md).
    await t.ctx.handle.db
      .updateTable('bookings')
      .set({
        pricing: JSON.stringify({
          lines: [
            {
              attendeeId: s.attendeeId,
              ticketId: s.ticketId,
              subscription: { monthlyAmount: 2700, monthlyDiscount: 300, firstPaymentDate: '' },
            },
          ],
        }),
      })
      .where('id', '=', s.bookingId)
      .execute();
    const checkout = await t.request('POST', `/api/stripe/bookings/${s.bookingId}/payment-intent`, {
      token: s.parent.token,
    });
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.succeedPaymentIntent(intentId);
    await deliver('payment_intent.succeeded', intentId);
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const customer = t.fake.objects.get(intentId)!.customer;
    const subs = [...t.fake.objects.values()].filter(
      (o) => o.object === 'subscription' && o.customer === customer,
    );
    expect(subs).toHaveLength(1);
    expect(subs[0]!.items.data[0].price).toMatchObject({
      unit_amount: 2700,
      currency: 'gbp',
      recurring: { interval: 'month' },
      product: t.fake.objects.get(s.plan.providerPriceId)!.product,
    });
  });

  it('cancelling ends the subscription at Stripe, once, whatever Stripe reports after', async () => {
    const s = await heldSubscriptionBooking();
    const checkout = await t.request('POST', `/api/stripe/bookings/${s.bookingId}/payment-intent`, {
      token: s.parent.token,
    });
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.succeedPaymentIntent(intentId);
    await deliver('payment_intent.succeeded', intentId);
    const handlers = paymentJobHandlers(t.settings);
    await runDueJobs(t.ctx.handle.db, handlers);
    const row = await t.ctx.handle.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('booking_id', '=', s.bookingId)
      .executeTakeFirstOrThrow();

    await t.ctx.handle.db.transaction().execute((trx) =>
      endSubscriptions(trx, {
        clientId: s.org.clientId,
        bookingId: s.bookingId,
        items: [{ attendeeId: s.attendeeId, ticketId: s.ticketId }],
      }),
    );
    await runDueJobs(t.ctx.handle.db, handlers);
    const sub = row.provider_subscription_id!;
    expect(t.fake.objects.get(sub)?.status).toBe('canceled');
    const deleted = await deliver('customer.subscription.deleted', sub);
    expect(deleted.body.data.effect).toBe('subscription-ended');
    // An older "created" delivered late does not bring it back.
    const created = await deliver('customer.subscription.created', sub);
    expect(created.body.data.effect).toBe('ignored');
    const stale = t.fake.lastEvent('customer.subscription.created', sub)!;
    const { body, headers } = t.fake.signedDelivery({
      ...stale,
      id: `${stale.id}_updated`,
      type: 'customer.subscription.updated',
    } as typeof stale);
    expect((await t.raw('/api/stripe/webhook', body, headers)).body.data.effect).toBe('none');
    const after = await t.ctx.handle.db
      .selectFrom('subscriptions')
      .select(['status', 'cancelled_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('canceled');
    expect(after.cancelled_at).not.toBeNull();
  });

  it('an older customer.subscription.updated delivered after a newer one changes nothing', async () => {
    const s = await heldSubscriptionBooking();
    const checkout = await t.request('POST', `/api/stripe/bookings/${s.bookingId}/payment-intent`, {
      token: s.parent.token,
    });
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.succeedPaymentIntent(intentId);
    await deliver('payment_intent.succeeded', intentId);
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const row = await t.ctx.handle.db
      .selectFrom('subscriptions')
      .select(['id', 'provider_subscription_id'])
      .where('booking_id', '=', s.bookingId)
      .executeTakeFirstOrThrow();
    const base = t.fake.lastEvent('customer.subscription.created', row.provider_subscription_id!)!;
    const at = base.created + 60;
    // A payment failed (past_due), then the retry paid (active): Stripe sends both, any order.
    const updated = (status: string, created: number) =>
      ({
        ...base,
        id: `${base.id}_${status}`,
        type: 'customer.subscription.updated',
        created,
        data: { object: { ...base.data.object, status } },
      }) as typeof base;
    const send = async (event: typeof base) => {
      const { body, headers } = t.fake.signedDelivery(event);
      return (await t.raw('/api/stripe/webhook', body, headers)).body.data.effect;
    };
    const status = async () =>
      (
        await t.ctx.handle.db
          .selectFrom('subscriptions')
          .select('status')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await send(updated('active', at + 10))).toBe('subscription-updated');
    expect(await send(updated('past_due', at))).toBe('none');
    expect(await status()).toBe('active');
    // A newer one still applies.
    expect(await send(updated('unpaid', at + 20))).toBe('subscription-updated');
    expect(await status()).toBe('unpaid');
  });
});
