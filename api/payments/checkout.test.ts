import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import { registerCustomer, signUpOrganiser } from '../test/harness.ts';
import { checkoutMessages } from './checkout.ts';
import { paymentJobHandlers, RECONCILE_AFTER_MINUTES, reconcilePendingPayments } from './jobs.ts';
import { refundMessages, refundToCard } from './refunds.ts';
import { stripeClient } from './stripe.ts';
import {
  bookingState,
  connectStripe,
  heldCardBooking,
  type StripeTestContext,
  startStripeTest,
} from './testing.ts';

/*
 * The card path end to end against the local Stripe test server: booking held → PaymentIntent
 * on the organiser's account → webhook → confirmed → refunded, and the refund's ceiling under
 * concurrent attempts.
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

const deliver = (type: string, objectId: string) => {
  const event = t.fake.lastEvent(type, objectId);
  if (!event) throw new Error(`no ${type} event for ${objectId}`);
  const { body, headers } = t.fake.signedDelivery(event);
  return t.raw('/api/stripe/webhook', body, headers);
};

const chargeOf = (intentId: string) =>
  [...t.fake.objects.values()].find((o) => o.object === 'charge' && o.payment_intent === intentId);

describe('card checkout', () => {
  it('takes a held booking to confirmed, then refunds it to the card', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org, { amount: 2500 });
    expect(booking.checkout).toMatchObject({
      bookingId: booking.bookingId,
      status: 'awaiting_payment',
      amount: 2500,
      currency: 'GBP',
      publishableKey: t.settings.publishableKey,
      stripeAccount: org.accountId,
      paymentStatus: 'requires_payment_method',
    });
    expect(booking.checkout.clientSecret).toMatch(new RegExp(`^${booking.intentId}_secret_`));
    const intent = t.fake.objects.get(booking.intentId)!;
    expect(intent).toMatchObject({ amount: 2500, currency: 'gbp' });
    const create = t.fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.account === org.accountId,
    );
    expect(create?.idempotencyKey).toBe(`payment-intent:${booking.bookingId}`);

    // A reload of the /pay page answers the same PaymentIntent.
    const again = await t.request(
      'POST',
      `/api/stripe/bookings/${booking.bookingId}/payment-intent`,
      { token: booking.parentToken },
    );
    expect(again.body.data.clientSecret).toBe(booking.checkout.clientSecret);
    const payments = await t.ctx.handle.db
      .selectFrom('payments')
      .select('id')
      .where('booking_id', '=', booking.bookingId)
      .execute();
    expect(payments).toHaveLength(1);

    t.fake.succeedPaymentIntent(booking.intentId);
    expect((await deliver('payment_intent.succeeded', booking.intentId)).status).toBe(200);
    expect(await bookingState(t, booking)).toEqual({
      booking: 'confirmed',
      places: ['confirmed'],
      payment: 'succeeded',
      refunded: 0,
    });
    const paid = await t.request(
      'POST',
      `/api/stripe/bookings/${booking.bookingId}/payment-intent`,
      { token: booking.parentToken },
    );
    expect(paid.body.data).toMatchObject({ status: 'confirmed' });
    expect(paid.body.data.clientSecret).toBeUndefined();

    const stripe = stripeClient(t.settings);
    const input = { clientId: org.clientId, bookingId: booking.bookingId };
    const first = await refundToCard(t.ctx.handle.db, stripe, {
      ...input,
      amount: 1000,
      idempotencyKey: 'cancel:1',
    });
    expect(first).toMatchObject({ amount: 1000, status: 'succeeded' });
    expect(first.providerRef).toMatch(/^re_/);
    // Asked again (a retried cancellation), nothing more is refunded.
    const repeat = await refundToCard(t.ctx.handle.db, stripe, {
      ...input,
      amount: 1000,
      idempotencyKey: 'cancel:1',
    });
    expect(repeat.refundId).toBe(first.refundId);
    expect(chargeOf(booking.intentId)?.amount_refunded).toBe(1000);
    await refundToCard(t.ctx.handle.db, stripe, {
      ...input,
      amount: 1500,
      idempotencyKey: 'cancel:2',
    });
    await expect(
      refundToCard(t.ctx.handle.db, stripe, { ...input, amount: 1, idempotencyKey: 'cancel:3' }),
    ).rejects.toThrow(refundMessages.tooMuch);
    expect((await bookingState(t, booking)).refunded).toBe(2500);
    expect(chargeOf(booking.intentId)?.amount_refunded).toBe(2500);
  });

  it('only lets the booking’s own customer start it', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    const path = `/api/stripe/bookings/${booking.bookingId}/payment-intent`;
    const stranger = await registerCustomer(t.ctx, org.clientId);
    expect((await t.request('POST', path, { token: stranger.token })).status).toBe(404);
    expect((await t.request('POST', path, { token: org.token })).status).toBe(403);
    expect((await t.request('POST', path)).status).toBe(401);
    // Without Stripe keys nothing pretends to charge.
    expect((await t.ctx.request('POST', path, { token: booking.parentToken })).status).toBe(503);
  });

  it('refuses a booking whose hold ran out', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    await t.ctx.handle.db
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', booking.bookingId)
      .execute();
    const res = await t.request(
      'POST',
      `/api/stripe/bookings/${booking.bookingId}/payment-intent`,
      { token: booking.parentToken },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(checkoutMessages.released);
  });

  it('re-checks a payment whose webhook never came (job queued at checkout)', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    const handlers = paymentJobHandlers(t.settings);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // Still open after 11 minutes: checked, left alone, looked at again later.
    await runDueJobs(t.ctx.handle.db, handlers, later(RECONCILE_AFTER_MINUTES + 1));
    expect((await bookingState(t, booking)).booking).toBe('held');
    t.fake.succeedPaymentIntent(booking.intentId);
    await runDueJobs(t.ctx.handle.db, handlers, later(60));
    expect(await bookingState(t, booking)).toMatchObject({
      booking: 'confirmed',
      payment: 'succeeded',
    });
  });

  it('cancels the PaymentIntent of a booking abandoned until its hold ran out', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org);
    // The bookings service's hold-expiry job released it.
    await t.ctx.handle.db
      .updateTable('bookings')
      .set({ status: 'expired', hold_expires_at: null })
      .where('id', '=', booking.bookingId)
      .execute();
    const later = new Date(Date.now() + (RECONCILE_AFTER_MINUTES + 1) * 60_000);
    await reconcilePendingPayments(t.ctx.handle.db, stripeClient(t.settings), later);
    expect(t.fake.objects.get(booking.intentId)?.status).toBe('canceled');
    expect((await bookingState(t, booking)).payment).toBe('cancelled');
  });
});

describe('refunds under concurrency', () => {
  it('never refunds more than was paid, whatever 50 concurrent attempts do', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org, { amount: 2500 });
    t.fake.succeedPaymentIntent(booking.intentId);
    await deliver('payment_intent.succeeded', booking.intentId);
    const stripe = stripeClient(t.settings);
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        refundToCard(t.ctx.handle.db, stripe, {
          clientId: org.clientId,
          bookingId: booking.bookingId,
          amount: 1000,
          idempotencyKey: `attempt:${i}`,
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    expect((await bookingState(t, booking)).refunded).toBe(2000);
    expect(chargeOf(booking.intentId)?.amount_refunded).toBe(2000);
    const rows = await t.ctx.handle.db
      .selectFrom('refunds')
      .select(['amount', 'status'])
      .where('booking_id', '=', booking.bookingId)
      .execute();
    expect(rows).toEqual([
      { amount: 1000, status: 'succeeded' },
      { amount: 1000, status: 'succeeded' },
    ]);
  });

  it('refunds once when the same refund is asked for 50 times at once', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org, { amount: 2500 });
    t.fake.succeedPaymentIntent(booking.intentId);
    await deliver('payment_intent.succeeded', booking.intentId);
    const stripe = stripeClient(t.settings);
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        refundToCard(t.ctx.handle.db, stripe, {
          clientId: org.clientId,
          bookingId: booking.bookingId,
          amount: 700,
          idempotencyKey: 'cancel:same',
        }),
      ),
    );
    const ids = new Set(
      attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value.refundId] : [])),
    );
    expect(ids.size).toBe(1);
    expect((await bookingState(t, booking)).refunded).toBe(700);
    expect(chargeOf(booking.intentId)?.amount_refunded).toBe(700);
  });

  it('gives the reservation back when Stripe refuses the refund', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org, { amount: 2500 });
    t.fake.succeedPaymentIntent(booking.intentId);
    await deliver('payment_intent.succeeded', booking.intentId);
    t.fake.failNext('/v1/refunds', 400, 'Refunds are disabled on this account (test).');
    const stripe = stripeClient(t.settings);
    await expect(
      refundToCard(t.ctx.handle.db, stripe, {
        clientId: org.clientId,
        bookingId: booking.bookingId,
        amount: 2500,
        idempotencyKey: 'cancel:refused',
      }),
    ).rejects.toThrow('Refunds are disabled');
    expect((await bookingState(t, booking)).refunded).toBe(0);
  });

  it('keeps a refund Stripe answers pending as pending, and a later failure gives the amount back', async () => {
    const org = await organiserWithStripe();
    const booking = await heldCardBooking(t, org, { amount: 2500 });
    t.fake.succeedPaymentIntent(booking.intentId);
    await deliver('payment_intent.succeeded', booking.intentId);
    const stripe = stripeClient(t.settings);
    const db = t.ctx.handle.db;
    const input = { clientId: org.clientId, bookingId: booking.bookingId };
    const refundRow = (id: string) =>
      db
        .selectFrom('refunds')
        .select(['status', 'provider_ref'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    t.fake.pendingRefunds = true;
    let failing: Awaited<ReturnType<typeof refundToCard>>;
    let settling: Awaited<ReturnType<typeof refundToCard>>;
    try {
      failing = await refundToCard(db, stripe, {
        ...input,
        amount: 1000,
        idempotencyKey: 'cancel:p1',
      });
      settling = await refundToCard(db, stripe, {
        ...input,
        amount: 500,
        idempotencyKey: 'cancel:p2',
      });
    } finally {
      t.fake.pendingRefunds = false;
    }
    expect(failing).toMatchObject({
      status: 'pending',
      providerRef: expect.stringMatching(/^re_/),
    });
    expect((await bookingState(t, booking)).refunded).toBe(1500);

    // The card was closed: Stripe reports the refund failed (both event types, twice, and an
    // older "pending" after). The amount can be refunded again.
    t.fake.settleRefund(failing.providerRef!, 'failed');
    expect((await deliver('refund.updated', failing.providerRef!)).body.data.effect).toBe(
      'refund-failed',
    );
    await deliver('charge.refund.updated', failing.providerRef!);
    await deliver('refund.updated', failing.providerRef!);
    expect(await refundRow(failing.refundId)).toMatchObject({ status: 'failed' });
    expect((await bookingState(t, booking)).refunded).toBe(500);

    // The other settles, its events lost: the hourly re-check asks Stripe. A stale success for
    // the failed one changes nothing.
    t.fake.settleRefund(settling.providerRef!, 'succeeded');
    await runDueJobs(db, paymentJobHandlers(t.settings), new Date(Date.now() + 61 * 60_000));
    expect(await refundRow(settling.refundId)).toMatchObject({ status: 'succeeded' });
    expect((await deliver('charge.refund.updated', settling.providerRef!)).body.data.effect).toBe(
      'refund-succeeded',
    );
    const stale = t.fake.lastEvent('refund.updated', settling.providerRef!)!;
    const { body, headers } = t.fake.signedDelivery({
      ...stale,
      id: `${stale.id}_stale`,
      data: { object: { ...stale.data.object, id: failing.providerRef!, status: 'succeeded' } },
    } as typeof stale);
    expect((await t.raw('/api/stripe/webhook', body, headers)).body.data.effect).toBe(
      'refund-failed',
    );
    expect(await refundRow(settling.refundId)).toMatchObject({ status: 'succeeded' });
    expect((await bookingState(t, booking)).refunded).toBe(500);
    const again = await refundToCard(db, stripe, {
      ...input,
      amount: 2000,
      idempotencyKey: 'cancel:p3',
    });
    expect(again.status).toBe('succeeded');
    expect(chargeOf(booking.intentId)?.amount_refunded).toBe(2500);
  });
});
