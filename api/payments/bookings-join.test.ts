import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, messages, recurringMessages, todayIn } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  createCamp,
  createCode,
  giveCredit,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { confirmBookingPayment } from '../services/bookings/lifecycle.ts';
import { paymentJobHandlers, RECONCILE_AFTER_MINUTES, reconcilePendingPayments } from './jobs.ts';
import { stripeClient } from './stripe.ts';
import { START_SUBSCRIPTIONS_JOB } from './subscriptions.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from './testing.ts';

/*
 * The bookings API and the Stripe payment code joined: what a parent's booking through
 * POST /api/bookings sets going on the payments side (instalments, subscriptions), and card
 * offered only where this server has Stripe keys. `t.request` is an app with keys; `t.ctx.request`
 * the same database behind an app without any.
 */

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

const db = () => t.ctx.handle.db;
const today = () => todayIn(Date.now(), 'Europe/London');

async function connectedOrganiser() {
  const org = await premiumOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  await db()
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  return org;
}

/** A term of sessions with a whole-term ticket paid by a fixed schedule of two instalments. */
async function termWithSchedule(org: { token: string; clientId: string }) {
  const res = await t.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: `Term ${newId().slice(-4)}`,
      activities: [
        { _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00' },
        { _id: 'temp_b', date: '2031-03-09', startTime: '09:00', endTime: '10:00' },
      ],
      tickets: [{ _id: 'temp_t', type: 'all', name: 'Whole term', price: '90' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const group = res.body.data;
  const dates = [addDays(today(), 30), addDays(today(), 60)];
  const now = nowIso();
  await db()
    .insertInto('payment_schedules')
    .values({
      id: newId(),
      client_id: org.clientId,
      activity_group_id: group._id,
      ticket_id: null,
      type: 'fixed',
      amount: null,
      first_payment_date: dates[0]!,
      final_payment_date: dates[1]!,
      schedule: JSON.stringify(dates.map((date) => ({ date, amount: 3000 }))),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { groupId: group._id as string, ticketId: group.tickets[0]._id as string, dates };
}

/**
 * A club with a monthly subscription ticket on a Stripe plan. With a session late tonight the
 * booking pays something now (the first month on the 1st, else that session's cover fee);
 * without, a mid-month booking pays nothing until the subscription's first invoice.
 */
async function clubWithSubscription(org: { token: string }, { tonight = false } = {}) {
  const plan = (
    await t.request('POST', '/api/stripe/subscription-plans', {
      token: org.token,
      body: { name: 'Monthly club', amount: '30' },
    })
  ).body.data;
  const res = await t.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: `Club ${newId().slice(-4)}`,
      activities: [
        { _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00' },
        ...(tonight
          ? [{ _id: 'temp_b', date: today(), startTime: '23:58', endTime: '23:59' }]
          : []),
      ],
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
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { groupId: res.body.data._id as string, ticketId: res.body.data.tickets[0]._id as string };
}

const queuedJobs = (name: string) =>
  db().selectFrom('jobs').select(['payload', 'status']).where('name', '=', name).execute();

const subscriptionsOf = (bookingId: string) =>
  db()
    .selectFrom('subscriptions')
    .select(['status', 'provider_subscription_id', 'cancelled_at'])
    .where('booking_id', '=', bookingId)
    .execute();

describe('card needs this server’s Stripe keys', () => {
  it('offers card and books by card only on a server with keys', async () => {
    const org = await connectedOrganiser();
    const term = await termWithSchedule(org);
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const withKeys = await t.request('GET', '/api/bookings/payment-options', {
      token: parent.token,
    });
    expect(withKeys.body.data.card).toBe(true);
    const withoutKeys = await t.ctx.request('GET', '/api/bookings/payment-options', {
      token: parent.token,
    });
    expect(withoutKeys.body.data.card).toBe(false);

    const body = basket(
      term.groupId,
      { ticket: term.ticketId, attendees: parent.children },
      { paymentMethod: { type: 'card' } },
    );
    const refused = await t.ctx.request('POST', '/api/bookings', { token: parent.token, body });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.paymentMethod).toBe(messages.cardPaymentsUnavailable);
    const rows = await db()
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', parent.userId)
      .execute();
    expect(rows).toEqual([]);
    const booked = await t.request('POST', '/api/bookings', { token: parent.token, body });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data.status).toBe('held');
  });
});

describe('payment schedules from a booking', () => {
  it('records the later instalments of a booking paid by schedule', async () => {
    const org = await connectedOrganiser();
    const term = await termWithSchedule(org);
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const body = basket(
      term.groupId,
      { ticket: term.ticketId, attendees: parent.children },
      { paymentMethod: { type: 'card' }, payBySchedule: true },
    );
    const quote = await t.request('POST', '/api/bookings/quote', { token: parent.token, body });
    expect(quote.body.data.schedule).toEqual(term.dates.map((date) => ({ date, amount: 3000 })));
    expect(quote.body.data.amountDueNow).toBe(3000);
    const booked = await t.request('POST', '/api/bookings', { token: parent.token, body });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const instalments = await db()
      .selectFrom('scheduled_payments')
      .select(['due_date', 'amount', 'status'])
      .where('client_id', '=', org.clientId)
      .where('booking_id', '=', booked.body.data._id)
      .orderBy('due_date')
      .execute();
    expect(instalments).toEqual(
      term.dates.map((date) => ({ due_date: date, amount: 3000, status: 'scheduled' })),
    );
  });

  it('takes instalments by card only: pay later by schedule is refused and writes nothing', async () => {
    const org = await connectedOrganiser();
    const term = await termWithSchedule(org);
    await db()
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const refused = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        term.groupId,
        { ticket: term.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'payLater' }, payBySchedule: true },
      ),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.paymentMethod).toBe(messages.scheduleNeedsCard);
    const rows = await db()
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', parent.userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("takes a leaving child's part off the instalments not yet taken", async () => {
    const org = await connectedOrganiser();
    const term = await termWithSchedule(org);
    const parent = await parentWithChildren(t.ctx, org, ['Ada', 'Ben']);
    const booked = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        term.groupId,
        { ticket: term.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'card' }, payBySchedule: true },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = booked.body.data._id as string;
    expect(booked.body.data.amountDueNow).toBe(6000);
    await confirmBookingPayment(db(), {
      clientId: org.clientId,
      bookingId,
      provider: 'stripe',
      providerRef: `pi_${newId()}`,
      amount: 6000,
    });
    const ben = booked.body.data.items.find(
      (i: { attendee: { _id: string } }) => i.attendee._id === parent.children[1],
    );
    const cancelled = await t.request('POST', `/api/bookings/${bookingId}/cancel`, {
      token: org.token,
      body: { places: ben.places.map((p: { _id: string }) => p._id), refundMethod: null },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Ben's £30 on each later date stops; Ada's stays. The booking's total drops by Ben's unpaid £60.
    const instalments = await db()
      .selectFrom('scheduled_payments')
      .select(['due_date', 'amount', 'status'])
      .where('client_id', '=', org.clientId)
      .where('booking_id', '=', bookingId)
      .orderBy('due_date')
      .execute();
    expect(instalments).toEqual(
      term.dates.map((date) => ({ due_date: date, amount: 3000, status: 'scheduled' })),
    );
    const after = await t.request('GET', `/api/bookings/${bookingId}`, { token: parent.token });
    expect(after.body.data).toMatchObject({
      status: 'confirmed',
      total: 12000,
      amountDueNow: 6000,
    });
  });

  it('records none when the parent pays in full', async () => {
    const org = await connectedOrganiser();
    const term = await termWithSchedule(org);
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const booked = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        term.groupId,
        { ticket: term.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'card' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data.amountDueNow).toBe(9000);
    const instalments = await db()
      .selectFrom('scheduled_payments')
      .select('id')
      .where('booking_id', '=', booked.body.data._id)
      .execute();
    expect(instalments).toEqual([]);
  });
});

describe('subscriptions of bookings not paid by card', () => {
  it('mark-paid starts an invoiced subscription; cancelling the ticket ends it at Stripe', async () => {
    const org = await connectedOrganiser();
    const club = await clubWithSubscription(org, { tonight: true });
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    // A parent cannot take a membership on "pay later" (issue 11: its monthly charge would
    // vanish); the organiser booking on their behalf, offline, gets Stripe's monthly invoice.
    const refused = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        club.groupId,
        { ticket: club.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.paymentMethod).toBe(recurringMessages.membershipNeedsCard);
    const booked = await t.request('POST', '/api/bookings/admin', {
      token: org.token,
      body: {
        user: parent.userId,
        ...basket(
          club.groupId,
          { ticket: club.ticketId, attendees: parent.children },
          { paymentMethod: { type: 'payLater' } },
        ),
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = booked.body.data._id as string;
    expect(booked.body.data.status).toBe('awaiting_payment');
    const handlers = paymentJobHandlers(t.settings);
    await runDueJobs(db(), handlers);
    expect(await subscriptionsOf(bookingId)).toEqual([]);
    const paid = await t.request('POST', `/api/bookings/${bookingId}/mark-paid`, {
      token: org.token,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await runDueJobs(db(), handlers);
    const [row] = await subscriptionsOf(bookingId);
    expect(row?.provider_subscription_id).toMatch(/^sub_/);
    const sub = t.fake.objects.get(row!.provider_subscription_id!)!;
    expect(sub).toMatchObject({ collection_method: 'send_invoice', status: 'active' });

    const placeId = booked.body.data.items[0].places.at(-1)._id;
    const cancelled = await t.request('POST', `/api/bookings/${bookingId}/cancel`, {
      token: parent.token,
      body: { places: [placeId], refundMethod: null },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [ended] = await subscriptionsOf(bookingId);
    expect(ended).toMatchObject({ status: 'canceled' });
    expect(ended!.cancelled_at).not.toBeNull();
    await runDueJobs(db(), handlers);
    expect(t.fake.objects.get(row!.provider_subscription_id!)?.status).toBe('canceled');
  });

  it('a membership with nothing to pay now saves the card, and the subscription charges it', async () => {
    const org = await connectedOrganiser();
    const club = await clubWithSubscription(org);
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const booked = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        club.groupId,
        { ticket: club.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'card' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    if (today().endsWith('-01')) return; // the 1st pays the first month now: see the test above
    expect(booked.body.data).toMatchObject({ status: 'held', amountDueNow: 0 });
    const checkout = await t.request(
      'POST',
      `/api/stripe/bookings/${booked.body.data._id}/payment-intent`,
      { token: parent.token },
    );
    expect(checkout.body.data).toMatchObject({ mode: 'setup', amount: 0 });
    const setupId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    expect(t.fake.objects.get(setupId)).toMatchObject({ usage: 'off_session' });
    const saved = t.fake.succeedSetupIntent(setupId);
    const event = t.fake.lastEvent('setup_intent.succeeded', setupId)!;
    const { body, headers } = t.fake.signedDelivery(event);
    expect((await t.raw('/api/stripe/webhook', body, headers)).body.data.effect).toBe('confirmed');
    await runDueJobs(db(), paymentJobHandlers(t.settings));
    const [row] = await subscriptionsOf(booked.body.data._id);
    expect(row?.provider_subscription_id).toMatch(/^sub_/);
    expect(t.fake.objects.get(row!.provider_subscription_id!)).toMatchObject({
      default_payment_method: saved.payment_method,
    });
  });

  it('a saved card whose webhook never came is found by the reconcile run', async () => {
    const org = await connectedOrganiser();
    const club = await clubWithSubscription(org);
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const booked = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        club.groupId,
        { ticket: club.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'card' } },
      ),
    });
    if (today().endsWith('-01')) return; // the 1st pays the first month: a PaymentIntent
    const bookingId = booked.body.data._id as string;
    const checkout = await t.request('POST', `/api/stripe/bookings/${bookingId}/payment-intent`, {
      token: parent.token,
    });
    t.fake.succeedSetupIntent((checkout.body.data.clientSecret as string).split('_secret_')[0]!);
    const later = new Date(Date.now() + (RECONCILE_AFTER_MINUTES + 1) * 60_000);
    expect(await reconcilePendingPayments(db(), stripeClient(t.settings), later)).toBeGreaterThan(
      0,
    );
    const row = await db()
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
  });

  it('books no membership on a server without Stripe keys: nothing could collect it', async () => {
    const org = await connectedOrganiser();
    const club = await clubWithSubscription(org, { tonight: true });
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    const before = (await queuedJobs(START_SUBSCRIPTIONS_JOB)).length;
    const booked = await t.ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        club.groupId,
        { ticket: club.ticketId, attendees: parent.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status).toBe(422);
    expect(booked.body.errors.paymentMethod).toBe(recurringMessages.membershipCardUnavailable);
    expect(await queuedJobs(START_SUBSCRIPTIONS_JOB)).toHaveLength(before);
  });
});

describe('a declined card releases through the bookings lifecycle', () => {
  it('gives back the account credit and the code’s use the booking spent', async () => {
    const org = await connectedOrganiser();
    const camp = await createCamp(t.ctx, org, { placeLimit: 1 });
    const rule = await createCode(t.ctx, org, 'TRYAGAIN', { percentage: 10, maxRedemptions: 1 });
    const parent = await parentWithChildren(t.ctx, org, ['Ada']);
    await giveCredit(t.ctx, org.clientId, parent.userId, 500);
    const credit = async () =>
      (await t.request('GET', '/api/bookings/payment-options', { token: parent.token })).body.data
        .accountCredit;
    const booked = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: parent.children },
        { paymentMethod: { type: 'card' }, discountCode: 'tryagain', useAccountCredit: true },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toMatchObject({ status: 'held', amountDueNow: 1750 });
    expect(await credit()).toBe(0);
    const bookingId = booked.body.data._id as string;
    const checkout = await t.request('POST', `/api/stripe/bookings/${bookingId}/payment-intent`, {
      token: parent.token,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.failPaymentIntent(intentId);
    const event = t.fake.lastEvent('payment_intent.payment_failed', intentId)!;
    const { body, headers } = t.fake.signedDelivery(event);
    expect((await t.raw('/api/stripe/webhook', body, headers)).status).toBe(200);

    const after = await t.request('GET', `/api/bookings/${bookingId}`, { token: parent.token });
    expect(after.body.data.status).toBe('expired');
    expect(await credit()).toBe(500);
    const used = await db()
      .selectFrom('discount_rules')
      .select('times_used')
      .where('id', '=', rule)
      .executeTakeFirstOrThrow();
    expect(used.times_used).toBe(0);
    const redemptions = await db()
      .selectFrom('discount_redemptions')
      .select('id')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(redemptions).toEqual([]);
  });
});
