import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { paymentJobHandlers } from './jobs.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from './testing.ts';

/*
 * What Stripe kept of a card payment (docs/rules/exports.md): once the payment succeeds, a job
 * reads the fee from the charge's balance transaction on the organiser's account and stores it,
 * once, for the payments and accounting exports.
 */
let t: StripeTestContext;
let org: Organiser;
let camp: Camp;
beforeAll(async () => {
  t = await startStripeTest();
  org = await premiumOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  camp = await createCamp(t.ctx, org, {});
});
afterAll(() => t.close());

const feeOf = async (bookingId: string) =>
  (
    await t.ctx.handle.db
      .selectFrom('payments')
      .select(['status', 'amount', 'stripe_fee'])
      .where('booking_id', '=', bookingId)
      .execute()
  ).filter((p) => p.status === 'succeeded');

describe('Stripe fees', () => {
  it('stores the fee of a succeeded card payment from its balance transaction, once', async () => {
    const parent = await parentWithChildren(t.ctx, org);
    const created = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: parent.children },
        { paymentMethod: { type: 'card' } },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body.data;
    const checkout = await t.request('POST', `/api/stripe/bookings/${booking._id}/payment-intent`, {
      token: parent.token,
    });
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    t.fake.succeedPaymentIntent(intentId);
    const event = t.fake.events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' && (e.data.object as { id?: string }).id === intentId,
    )!;
    const { body, headers } = t.fake.signedDelivery(event);
    expect((await t.raw('/api/stripe/webhook', body, headers)).status).toBe(200);

    // Not known until the job has asked Stripe.
    const [before] = await feeOf(booking._id);
    expect(before?.stripe_fee).toBeNull();
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const [paid] = await feeOf(booking._id);
    const txn = [...t.fake.objects.values()].find(
      (o) => o.object === 'balance_transaction' && o.amount === paid!.amount,
    );
    expect(txn?.fee).toBeGreaterThan(0);
    expect(paid?.stripe_fee).toBe(txn?.fee);
    // 1.5% + 20p of the amount, the test server's UK card rate.
    expect(paid?.stripe_fee).toBe(Math.round(paid!.amount * 0.015) + 20);

    // The webhook again, and the jobs again: the fee is asked for and written once.
    await t.raw('/api/stripe/webhook', body, headers);
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    const chargeReads = t.fake.requests.filter((r) => r.path.startsWith('/v1/charges/'));
    expect(chargeReads).toHaveLength(1);
    expect(await feeOf(booking._id)).toEqual([paid]);
  });
});
