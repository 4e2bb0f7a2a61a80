import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  createCancellationRule,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { paymentJobHandlers } from './jobs.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from './testing.ts';

/*
 * The whole card path through the real bookings API and the real Stripe SDK against the local
 * test server: booking held → PaymentIntent → webhook → confirmed → cancelled → refunded to the
 * card; and a declined card releasing the held places.
 */

let t: StripeTestContext;
let org: Organiser;
let camp: Camp;
beforeAll(async () => {
  t = await startStripeTest();
  org = await premiumOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  const rule = await createCancellationRule(t.ctx, org, {
    sessionScope: 'singleSession',
    percentageToRefund: '100',
    fee: '1',
  });
  // Card refunds offered alongside account credit (the fixture's rule offers credit only).
  await t.ctx.handle.db
    .updateTable('cancellation_rules')
    .set({ refund_methods: JSON.stringify(['stripe', 'accountCredit']) })
    .where('id', '=', rule)
    .execute();
  camp = await createCamp(t.ctx, org, { cancellationRules: [rule], placeLimit: 1 });
});
afterAll(() => t.close());

const deliverAll = async (intentId: string) => {
  // Every event about the intent, newest first and each twice: retries, out of order.
  const events = t.fake.events
    .filter((e) => (e.data.object as { id?: string }).id === intentId)
    .reverse();
  for (const event of [...events, ...events]) {
    const { body, headers } = t.fake.signedDelivery(event);
    const res = await t.raw('/api/stripe/webhook', body, headers);
    expect(res.status).toBe(200);
  }
};

async function heldBooking(sessions: string[]) {
  const parent = await parentWithChildren(t.ctx, org);
  const created = await t.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      camp._id,
      { ticket: camp.day, activities: sessions, attendees: parent.children },
      { paymentMethod: { type: 'card' } },
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { parent, booking: created.body.data };
}

const startCheckout = (bookingId: string, token: string) =>
  t.request('POST', `/api/stripe/bookings/${bookingId}/payment-intent`, { token });

describe('the card path end to end', () => {
  it('held → PaymentIntent → webhook → confirmed → cancelled → refunded to the card', async () => {
    const { parent, booking } = await heldBooking([camp.sessions[0]!, camp.sessions[1]!]);
    expect(booking).toMatchObject({ status: 'held', amountDueNow: 5000 });
    const checkout = await startCheckout(booking._id, parent.token);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.data).toMatchObject({ amount: 5000, status: 'awaiting_payment' });
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;

    t.fake.succeedPaymentIntent(intentId);
    await deliverAll(intentId);
    const paid = await t.request('GET', `/api/bookings/${booking._id}`, {
      token: parent.token,
    });
    expect(paid.body.data).toMatchObject({ status: 'confirmed', amountPaid: 5000 });

    const place = paid.body.data.items[0].places[0]._id;
    const quote = await t.request('POST', `/api/bookings/${booking._id}/cancel-quote`, {
      token: parent.token,
      body: { places: [place] },
    });
    expect(quote.body.data.methods.map((m: { method: string }) => m.method)).toContain('stripe');
    const cancelled = await t.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [place], refundMethod: 'stripe' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const refunds = await t.ctx.handle.db
      .selectFrom('refunds')
      .select(['amount', 'status', 'provider_ref'])
      .where('booking_id', '=', booking._id)
      .execute();
    // Half of 50.00 for the cancelled day, less the rule's 1.00 fee.
    expect(refunds).toEqual([
      { amount: 2400, status: 'succeeded', provider_ref: expect.any(String) },
    ]);
    const charge = [...t.fake.objects.values()].find(
      (o) => o.object === 'charge' && o.payment_intent === intentId,
    );
    expect(charge?.amount_refunded).toBe(2400);
    const refundCall = t.fake.requests.find((r) => r.path === '/v1/refunds');
    expect(refundCall?.idempotencyKey).toMatch(/^refund:/);
  });

  it('refunds a cancellation once when it is sent 50 times at once', async () => {
    const { parent, booking } = await heldBooking([camp.sessions[2]!]);
    const checkout = await startCheckout(booking._id, parent.token);
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.succeedPaymentIntent(intentId);
    await deliverAll(intentId);
    const place = booking.items[0].places[0]._id;
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request('POST', `/api/bookings/${booking._id}/cancel`, {
          token: parent.token,
          body: { places: [place], refundMethod: 'stripe' },
        }),
      ),
    );
    expect(attempts.some((a) => a.status === 200)).toBe(true);
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const refunds = await t.ctx.handle.db
      .selectFrom('refunds')
      .select(['amount', 'status'])
      .where('booking_id', '=', booking._id)
      .execute();
    expect(refunds).toEqual([{ amount: 2400, status: 'succeeded' }]);
    const charge = [...t.fake.objects.values()].find(
      (o) => o.object === 'charge' && o.payment_intent === intentId,
    );
    expect(charge?.amount_refunded).toBe(2400);
  });

  it('a declined card releases the held places for someone else', async () => {
    const session = camp.sessions[3]!;
    const { parent, booking } = await heldBooking([session]);
    expect(await countTakenPlaces(t.ctx, session)).toBe(1);
    const checkout = await startCheckout(booking._id, parent.token);
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.failPaymentIntent(intentId);
    await deliverAll(intentId);
    const after = await t.request('GET', `/api/bookings/${booking._id}`, {
      token: parent.token,
    });
    expect(after.body.data.status).toBe('expired');
    expect(await countTakenPlaces(t.ctx, session)).toBe(0);
    // The place (limit 1) can be booked again.
    const again = await heldBooking([session]);
    expect(again.booking.status).toBe('held');
  });
});
