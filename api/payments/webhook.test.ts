import fc from 'fast-check';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import { registerCustomer, signUpOrganiser } from '../test/harness.ts';
import {
  paymentJobHandlers,
  RECONCILE_AFTER_MINUTES,
  RECONCILE_JOB,
  RECONCILE_PAYMENT_JOB,
  reconcilePendingPayments,
  scheduleReconcileSweep,
} from './jobs.ts';
import { stripeClient } from './stripe.ts';
import {
  bookingState,
  connectStripe,
  heldCardBooking,
  type StripeTestContext,
  startStripeTest,
} from './testing.ts';

/*
 * Stripe's webhook, delivered as Stripe delivers it (signed raw body, retries, any order), and
 * the reconciliation job for the deliveries that never came.
 */

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

async function organiserWithStripe() {
  const org = await signUpOrganiser(t.ctx);
  const row = await connectStripe(t, org.token, org.clientId);
  return { ...org, accountId: row.account_id };
}

const deliver = (
  event: Parameters<StripeTestContext['fake']['signedDelivery']>[0],
  options = {},
) => {
  const { body, headers } = t.fake.signedDelivery(event, options);
  return t.raw('/api/stripe/webhook', body, headers);
};

describe('POST /api/stripe/webhook', () => {
  it('confirms a held booking once its payment succeeded, whatever the deliveries', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    expect(await bookingState(t, booking)).toMatchObject({
      booking: 'held',
      places: ['held'],
      payment: 'pending',
    });
    t.fake.succeedPaymentIntent(booking.intentId);
    const created = t.fake.lastEvent('payment_intent.created', booking.intentId)!;
    const succeeded = t.fake.lastEvent('payment_intent.succeeded', booking.intentId)!;
    expect(succeeded.account).toBe(org.accountId);
    // Five deliveries of each, the success first, the older "created" interleaved.
    const results = [];
    for (let i = 0; i < 5; i += 1) {
      results.push(await deliver(succeeded));
      results.push(await deliver(created));
    }
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.applied).map((r) => r.body.data.effect)).toEqual([
      'confirmed',
      'ignored',
    ]);
    expect(await bookingState(t, booking)).toEqual({
      booking: 'confirmed',
      places: ['confirmed'],
      payment: 'succeeded',
      refunded: 0,
    });
  });

  it('releases the held places when the card is declined, and a late success is refunded', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    t.fake.failPaymentIntent(booking.intentId);
    const failed = t.fake.lastEvent('payment_intent.payment_failed', booking.intentId)!;
    for (let i = 0; i < 5; i += 1) expect((await deliver(failed)).status).toBe(200);
    expect(await bookingState(t, booking)).toMatchObject({
      booking: 'expired',
      places: ['expired'],
      payment: 'failed',
    });
    // The parent retried in another tab before our cancel reached Stripe: the money goes back.
    t.fake.succeedPaymentIntent(booking.intentId);
    const late = t.fake.lastEvent('payment_intent.succeeded', booking.intentId)!;
    expect((await deliver(late)).body.data.effect).toBe('late-refund');
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const state = await bookingState(t, booking);
    expect(state).toMatchObject({ booking: 'expired', places: ['expired'], refunded: 2500 });
    const charge = [...t.fake.objects.values()].find(
      (o) => o.object === 'charge' && o.payment_intent === booking.intentId,
    );
    expect(charge?.amount_refunded).toBe(2500);
  });

  it('cancels the PaymentIntent of a declined payment so it cannot be charged later', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    t.fake.failPaymentIntent(booking.intentId);
    await deliver(t.fake.lastEvent('payment_intent.payment_failed', booking.intentId)!);
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    expect(t.fake.objects.get(booking.intentId)?.status).toBe('canceled');
    const cancel = t.fake.requests.find(
      (r) => r.path === `/v1/payment_intents/${booking.intentId}/cancel`,
    );
    expect(cancel?.idempotencyKey).toBe(`cancel-intent:${booking.paymentId}`);
  });

  it('rejects a bad or stale signature with 400 and changes nothing', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    t.fake.succeedPaymentIntent(booking.intentId);
    const event = t.fake.lastEvent('payment_intent.succeeded', booking.intentId)!;
    const forged = await deliver(event, { secret: 'whsec_wrong' });
    expect(forged.status).toBe(400);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    const { body, headers } = t.fake.signedDelivery(event);
    const tampered = await t.raw(
      '/api/stripe/webhook',
      body.replace('"succeeded"', '"failed"'),
      headers,
    );
    expect(tampered.status).toBe(400);
    const unsigned = await t.raw('/api/stripe/webhook', body, {
      'content-type': 'application/json',
    });
    expect(unsigned.status).toBe(400);
    expect(await bookingState(t, booking)).toMatchObject({ booking: 'held', payment: 'pending' });
    // The same event, properly signed, still applies: nothing was recorded by the rejects.
    expect((await deliver(event)).body.data.effect).toBe('confirmed');
  });

  it("ignores an event about another organiser's account", async () => {
    const a = await organiserWithStripe();
    const b = await organiserWithStripe();
    const booking = await heldCardBooking(t, a);
    t.fake.succeedPaymentIntent(booking.intentId);
    const event = t.fake.lastEvent('payment_intent.succeeded', booking.intentId)!;
    const spoofed = { ...event, id: `${event.id}_spoof`, account: b.accountId };
    expect((await deliver(spoofed)).body.data.effect).toBe('none');
    expect(await bookingState(t, booking)).toMatchObject({ booking: 'held' });
  });

  it('does not record an event about one of our intents it has no payment for, so Stripe sends it again', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    const db = t.ctx.handle.db;
    // The payment row does not carry the intent's id yet (as an instalment's, before Stripe
    // answered the call that created it, and without our row id in the metadata).
    await db
      .updateTable('payments')
      .set({ provider_ref: null })
      .where('id', '=', booking.paymentId)
      .execute();
    t.fake.succeedPaymentIntent(booking.intentId);
    const event = t.fake.lastEvent('payment_intent.succeeded', booking.intentId)!;
    expect((await deliver(event)).status).toBe(503);
    const recorded = await db
      .selectFrom('provider_events')
      .select('id')
      .where('id', '=', `stripe:${event.id}`)
      .execute();
    expect(recorded).toEqual([]);
    await db
      .updateTable('payments')
      .set({ provider_ref: booking.intentId })
      .where('id', '=', booking.paymentId)
      .execute();
    // Stripe's next attempt applies it.
    expect((await deliver(event)).body.data.effect).toBe('confirmed');
    // An intent on the account that is not ours at all is acknowledged and left alone.
    const foreign = {
      ...event,
      id: `${event.id}_foreign`,
      data: { object: { ...event.data.object, id: 'pi_not_ours', metadata: {} } },
    };
    const answer = await deliver(foreign as typeof event);
    expect([answer.status, answer.body.data.effect]).toEqual([200, 'none']);
  });

  it('an older account.updated delivered after a newer one changes nothing', async () => {
    const org = await organiserWithStripe();
    const done = t.fake.lastEvent('account.updated', org.accountId)!;
    const flags = () =>
      t.ctx.handle.db
        .selectFrom('connected_accounts')
        .select(['charges_enabled', 'payouts_enabled', 'details_submitted'])
        .where('account_id', '=', org.accountId)
        .executeTakeFirstOrThrow();
    // Onboarding finished (newer) and an earlier half-way state (older), delivered newest first.
    const newer = { ...done, id: `${done.id}_newer`, created: done.created + 20 };
    const older = {
      ...done,
      id: `${done.id}_older`,
      created: done.created + 10,
      data: {
        object: { ...done.data.object, charges_enabled: false, payouts_enabled: false },
      },
    } as typeof done;
    expect((await deliver(newer)).body.data.effect).toBe('account');
    expect((await deliver(older)).body.data.effect).toBe('none');
    expect(await flags()).toEqual({ charges_enabled: 1, payouts_enabled: 1, details_submitted: 1 });
    // Stripe later turns payouts off: a newer event applies.
    const paused = {
      ...older,
      id: `${done.id}_paused`,
      created: done.created + 30,
      data: { object: { ...done.data.object, payouts_enabled: false } },
    } as typeof done;
    expect((await deliver(paused)).body.data.effect).toBe('account');
    expect(await flags()).toEqual({ charges_enabled: 1, payouts_enabled: 0, details_submitted: 1 });
  });

  it('keeps the badge up to date from account.updated', async () => {
    const org = await signUpOrganiser(t.ctx);
    await t.request('GET', '/api/payment-methods/stripe-onboard', { token: org.token });
    const row = await t.ctx.handle.db
      .selectFrom('connected_accounts')
      .selectAll()
      .where('client_id', '=', org.clientId)
      .executeTakeFirstOrThrow();
    t.fake.completeOnboarding(row.account_id);
    expect((await deliver(t.fake.lastEvent('account.updated')!)).status).toBe(200);
    const after = await t.ctx.handle.db
      .selectFrom('connected_accounts')
      .select(['charges_enabled', 'payouts_enabled', 'details_submitted'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ charges_enabled: 1, payouts_enabled: 1, details_submitted: 1 });
  });
});

describe('reconciliation', () => {
  it('applies the outcome of payments whose webhook never came', async () => {
    const org = await organiserWithStripe();
    const paid = await heldCardBooking(t, org);
    const declined = await heldCardBooking(t, org);
    const open = await heldCardBooking(t, org);
    t.fake.succeedPaymentIntent(paid.intentId);
    t.fake.failPaymentIntent(declined.intentId);
    const stripe = stripeClient(t.settings);
    // Too recent: the webhook may still be on its way.
    expect(await reconcilePendingPayments(t.ctx.handle.db, stripe, new Date())).toBe(0);
    const later = new Date(Date.now() + (RECONCILE_AFTER_MINUTES + 1) * 60_000);
    // At least these two (earlier tests' open payments may be settled too).
    expect(await reconcilePendingPayments(t.ctx.handle.db, stripe, later)).toBeGreaterThanOrEqual(
      2,
    );
    expect((await bookingState(t, paid)).booking).toBe('confirmed');
    expect((await bookingState(t, declined)).booking).toBe('expired');
    expect((await bookingState(t, open)).booking).toBe('held');
    // Running again changes nothing.
    expect(await reconcilePendingPayments(t.ctx.handle.db, stripe, later)).toBe(0);
  });
});

describe('races and the sweep', () => {
  // A database of their own: these tests book many times, and customer registration is limited
  // to 20 an hour per address.
  let outer: StripeTestContext;
  beforeAll(async () => {
    outer = t;
    t = await startStripeTest();
  });
  afterAll(async () => {
    await t.close();
    t = outer;
  });

  it('never refunds a confirmed booking when the webhook and the job apply a success at once', async () => {
    const org = await organiserWithStripe();
    const reconcile = paymentJobHandlers(t.settings)[RECONCILE_PAYMENT_JOB]!;
    const db = t.ctx.handle.db;
    // The loser of the race used to read the booking as still held, then find it confirmed by
    // the winner and take the late-refund path: repeat so the interleaving comes up.
    for (let i = 0; i < 12; i += 1) {
      const booking = await heldCardBooking(t, org);
      t.fake.succeedPaymentIntent(booking.intentId);
      const event = t.fake.lastEvent('payment_intent.succeeded', booking.intentId)!;
      const job = () =>
        reconcile(
          { clientId: org.clientId, paymentId: booking.paymentId },
          { db, now: new Date() },
        );
      const [first, , second] = await Promise.all([deliver(event), job(), deliver(event), job()]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await bookingState(t, booking)).toEqual({
        booking: 'confirmed',
        places: ['confirmed'],
        payment: 'succeeded',
        refunded: 0,
      });
      const lateRefunds = await db
        .selectFrom('jobs')
        .select('id')
        .where('dedupe_key', '=', `stripe.refund-late-payment:${booking.paymentId}`)
        .execute();
      expect(lateRefunds).toEqual([]);
    }
    // Nor did any refund reach this organiser's account at Stripe.
    expect(
      t.fake.requests.some((r) => r.path === '/v1/refunds' && r.account === org.accountId),
    ).toBe(false);
  });

  it('sweeps on a schedule: each run queues the next, once per window', async () => {
    const db = t.ctx.handle.db;
    const sweeps = () =>
      db
        .selectFrom('jobs')
        .select(['run_at', 'status'])
        .where('name', '=', RECONCILE_JOB)
        .orderBy('run_at')
        .execute();
    const start = new Date();
    // Two processes starting in the same window queue one sweep.
    await scheduleReconcileSweep(db, start);
    await scheduleReconcileSweep(db, start);
    expect(await sweeps()).toHaveLength(1);
    const handlers = paymentJobHandlers(t.settings);
    await runDueJobs(db, handlers, start);
    const after = await sweeps();
    expect(after.map((j) => j.status)).toEqual(['done', 'queued']);
    const next = Date.parse(after[1]!.run_at);
    expect(next).toBeGreaterThan(start.getTime());
    expect(next).toBeLessThanOrEqual(start.getTime() + RECONCILE_AFTER_MINUTES * 60_000);
    // A payment left pending, its webhook lost, is settled by a later sweep.
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    t.fake.succeedPaymentIntent(booking.intentId);
    const later = new Date(start.getTime() + (RECONCILE_AFTER_MINUTES + 1) * 60_000);
    await runDueJobs(db, { [RECONCILE_JOB]: handlers[RECONCILE_JOB]! }, later);
    expect((await bookingState(t, booking)).booking).toBe('confirmed');
    expect((await sweeps()).map((j) => j.status)).toEqual(['done', 'done', 'queued']);
  });

  it('the meaningful events, five times each in any order, end as delivered once in order', async () => {
    const org = await organiserWithStripe();
    const parent = await registerCustomer(t.ctx, org.clientId);
    const stripe = stripeClient(t.settings);
    const db = t.ctx.handle.db;
    const onboarded = t.fake.lastEvent('account.updated', org.accountId)!;
    let clock = onboarded.created;
    /** Two bookings and the events Stripe sends about them and the account, in their order. */
    async function scenario() {
      const paid = await heldCardBooking(t, org, { parent });
      const declined = await heldCardBooking(t, org, { parent });
      t.fake.succeedPaymentIntent(paid.intentId);
      t.fake.failPaymentIntent(declined.intentId);
      await stripe.paymentIntents.cancel(declined.intentId, {}, { stripeAccount: org.accountId });
      // The account paused payouts, then resumed them: each event carries the whole account.
      clock += 10;
      const account = (payouts: boolean, created: number, id: string) =>
        ({
          ...onboarded,
          id: `${onboarded.id}_${id}_${created}`,
          created,
          data: { object: { ...onboarded.data.object, payouts_enabled: payouts } },
        }) as Stripe.Event;
      const events = [
        t.fake.lastEvent('payment_intent.created', paid.intentId)!,
        t.fake.lastEvent('payment_intent.succeeded', paid.intentId)!,
        t.fake.lastEvent('payment_intent.payment_failed', declined.intentId)!,
        t.fake.lastEvent('payment_intent.canceled', declined.intentId)!,
        account(false, clock + 1, 'paused'),
        account(true, clock + 2, 'resumed'),
      ];
      return { paid, declined, events };
    }
    const endState = async (s: Awaited<ReturnType<typeof scenario>>) => ({
      paid: await bookingState(t, s.paid),
      declined: await bookingState(t, s.declined),
      account: await db
        .selectFrom('connected_accounts')
        .select(['charges_enabled', 'payouts_enabled', 'details_submitted'])
        .where('account_id', '=', org.accountId)
        .executeTakeFirstOrThrow(),
      refundsQueued: (
        await db
          .selectFrom('jobs')
          .select('id')
          .where('dedupe_key', 'in', [
            `stripe.refund-late-payment:${s.paid.paymentId}`,
            `stripe.refund-late-payment:${s.declined.paymentId}`,
          ])
          .execute()
      ).length,
    });

    const reference = await scenario();
    for (const event of reference.events) expect((await deliver(event)).status).toBe(200);
    const expected = await endState(reference);
    expect(expected).toEqual({
      paid: { booking: 'confirmed', places: ['confirmed'], payment: 'succeeded', refunded: 0 },
      declined: { booking: 'expired', places: ['expired'], payment: 'cancelled', refunded: 0 },
      account: { charges_enabled: 1, payouts_enabled: 1, details_submitted: 1 },
      refundsQueued: 0,
    });

    // Five deliveries of each of the six events: 30 indices, in an order fast-check picks.
    const deliveries = Array.from({ length: 30 }, (_, i) => i % 6);
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(deliveries, { minLength: 30, maxLength: 30 }),
        async (order) => {
          const s = await scenario();
          for (const i of order) expect((await deliver(s.events[i]!)).status).toBe(200);
          expect(await endState(s)).toEqual(expected);
        },
      ),
      { numRuns: 20 },
    );
  });
});
