import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCivilDate, messages, todayIn } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { signUpOrganiser } from '../test/harness.ts';
import { paymentJobHandlers, RECONCILE_PAYMENT_JOB } from './jobs.ts';
import { refundToCard } from './refunds.ts';
import { COLLECT_INSTALMENT_JOB, planScheduledPayments } from './schedules.ts';
import { stripeClient } from './stripe.ts';
import {
  connectStripe,
  heldBookingRows,
  type StripeTestContext,
  startStripeTest,
} from './testing.ts';

/*
 * A booking paid by payment schedule: the checkout pays what is due now and saves the card; each
 * later instalment is charged to it off-session on its date and settled by the webhook.
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

const today = () => todayIn(Date.now(), 'Europe/London');

async function scheduledBooking() {
  const org = await signUpOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  const rows = await heldBookingRows(t, org, 1000);
  const dates = [addDays(today(), 30), addDays(today(), 60)];
  await t.ctx.handle.db.transaction().execute((trx) =>
    planScheduledPayments(trx, {
      clientId: org.clientId,
      bookingId: rows.bookingId,
      schedule: dates.map((date) => ({ date, amount: 1500 })),
    }),
  );
  const checkout = await t.request(
    'POST',
    `/api/stripe/bookings/${rows.bookingId}/payment-intent`,
    {
      token: rows.parent.token,
    },
  );
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
  return { org, ...rows, dates, intentId };
}

const instalments = (bookingId: string) =>
  t.ctx.handle.db
    .selectFrom('scheduled_payments')
    .select(['due_date', 'amount', 'status', 'last_error'])
    .where('booking_id', '=', bookingId)
    .orderBy('due_date')
    .execute();

/** Runs the instalment's job as the worker would. */
const collect = (clientId: string, scheduledPaymentId: string, paymentMethod: string) =>
  paymentJobHandlers(t.settings)[COLLECT_INSTALMENT_JOB]!(
    { clientId, scheduledPaymentId, paymentMethod },
    { db: t.ctx.handle.db, now: new Date() },
  );

const instalmentPayment = (scheduledPaymentId: string) =>
  t.ctx.handle.db
    .selectFrom('scheduled_payments')
    .innerJoin('payments', 'payments.id', 'scheduled_payments.payment_id')
    .select(['payments.id', 'payments.status', 'payments.provider_ref', 'payments.amount'])
    .where('scheduled_payments.id', '=', scheduledPaymentId)
    .executeTakeFirstOrThrow();

async function paidScheduledBooking() {
  const s = await scheduledBooking();
  t.fake.succeedPaymentIntent(s.intentId);
  await deliver('payment_intent.succeeded', s.intentId);
  const first = await t.ctx.handle.db
    .selectFrom('scheduled_payments')
    .select('id')
    .where('booking_id', '=', s.bookingId)
    .orderBy('due_date')
    .executeTakeFirstOrThrow();
  return { ...s, instalmentId: first.id };
}

describe('payment schedules', () => {
  it('saves the card, then charges each instalment on its date', async () => {
    const s = await scheduledBooking();
    const intent = t.fake.objects.get(s.intentId)!;
    expect(intent).toMatchObject({ amount: 1000, setup_future_usage: 'off_session' });
    expect(intent.customer).toMatch(/^cus_/);

    const schedule = await t.request('GET', `/api/stripe/bookings/${s.bookingId}/schedule`, {
      token: s.parent.token,
    });
    expect(schedule.body.data.texts).toEqual([
      messages.firstPaymentOn(formatCivilDate(s.dates[0]!, 'dd/MM/yyyy')),
      messages.finalPaymentOn(formatCivilDate(s.dates[1]!, 'dd/MM/yyyy')),
    ]);

    t.fake.succeedPaymentIntent(s.intentId);
    await deliver('payment_intent.succeeded', s.intentId);
    const handlers = paymentJobHandlers(t.settings);
    // Before the first date nothing is charged.
    await runDueJobs(t.ctx.handle.db, handlers, new Date(Date.now() + 20 * 86_400_000));
    expect((await instalments(s.bookingId)).map((i) => i.status)).toEqual([
      'scheduled',
      'scheduled',
    ]);
    await runDueJobs(t.ctx.handle.db, handlers, new Date(Date.now() + 45 * 86_400_000));
    const [first] = await t.ctx.handle.db
      .selectFrom('scheduled_payments')
      .select('provider_ref')
      .where('booking_id', '=', s.bookingId)
      .orderBy('due_date')
      .execute();
    const charged = t.fake.objects.get(first!.provider_ref!)!;
    expect(charged).toMatchObject({ amount: 1500, customer: intent.customer, status: 'succeeded' });
    await deliver('payment_intent.succeeded', charged.id);
    expect((await instalments(s.bookingId)).map((i) => i.status)).toEqual(['paid', 'scheduled']);
    const paid = await t.ctx.handle.db
      .selectFrom('payments')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('booking_id', '=', s.bookingId)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    expect(Number(paid.total)).toBe(2500);
    // A refund larger than the first payment goes to the instalment that can carry it.
    const refund = await refundToCard(t.ctx.handle.db, stripeClient(t.settings), {
      clientId: s.org.clientId,
      bookingId: s.bookingId,
      amount: 1200,
      idempotencyKey: 'cancel:schedule',
    });
    expect(refund.status).toBe('succeeded');
    expect(t.fake.objects.get(charged.latest_charge)?.amount_refunded).toBe(1200);
    const texts = await t.request('GET', `/api/stripe/bookings/${s.bookingId}/schedule`, {
      token: s.org.token,
    });
    expect(texts.body.data.payments).toHaveLength(2);
  });

  it('marks a declined instalment failed and keeps the booking', async () => {
    const s = await scheduledBooking();
    t.fake.succeedPaymentIntent(s.intentId);
    await deliver('payment_intent.succeeded', s.intentId);
    const row = await t.ctx.handle.db
      .selectFrom('scheduled_payments')
      .select('id')
      .where('booking_id', '=', s.bookingId)
      .orderBy('due_date')
      .executeTakeFirstOrThrow();
    await collect(s.org.clientId, row.id, 'pm_card_chargeDeclined');
    const [declined] = await instalments(s.bookingId);
    expect(declined).toMatchObject({ status: 'failed', last_error: 'Your card was declined.' });
    const payment = await instalmentPayment(row.id);
    expect(payment.status).toBe('failed');
    // The declined intent is cancelled, as any declined card payment's.
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));
    expect(t.fake.objects.get(payment.provider_ref!)?.status).toBe('canceled');
    const booking = await t.ctx.handle.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', s.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe('confirmed');
  });

  it('charges nothing for a booking cancelled before the date, and hides others’ schedules', async () => {
    const s = await scheduledBooking();
    t.fake.succeedPaymentIntent(s.intentId);
    await deliver('payment_intent.succeeded', s.intentId);
    await t.ctx.handle.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('id', '=', s.bookingId)
      .execute();
    await runDueJobs(
      t.ctx.handle.db,
      paymentJobHandlers(t.settings),
      new Date(Date.now() + 90 * 86_400_000),
    );
    const intents = [...t.fake.objects.values()].filter(
      (o) => o.object === 'payment_intent' && o.metadata?.bookingId === s.bookingId,
    );
    expect(intents.map((i) => i.id)).toEqual([s.intentId]);
    expect((await instalments(s.bookingId)).map((i) => i.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    const other = await signUpOrganiser(t.ctx);
    const hidden = await t.request('GET', `/api/stripe/bookings/${s.bookingId}/schedule`, {
      token: other.token,
    });
    expect(hidden.status).toBe(404);
  });

  it('settles an instalment whose webhook overtakes the call that charged it', async () => {
    const s = await paidScheduledBooking();
    // Stripe delivers payment_intent.succeeded before the create call's answer reaches us.
    const overtaking: { status: number; body: any }[] = [];
    t.fake.beforeAnswer = async (event) => {
      if (event.type !== 'payment_intent.succeeded') return;
      const { body, headers } = t.fake.signedDelivery(event);
      overtaking.push(await t.raw('/api/stripe/webhook', body, headers));
    };
    try {
      await collect(s.org.clientId, s.instalmentId, 'pm_card_visa');
    } finally {
      t.fake.beforeAnswer = null;
    }
    expect(overtaking.map((r) => [r.status, r.body.data?.effect])).toEqual([[200, 'confirmed']]);
    const payment = await instalmentPayment(s.instalmentId);
    expect(payment).toMatchObject({ status: 'succeeded', amount: 1500 });
    expect(t.fake.objects.get(payment.provider_ref!)?.metadata.paymentId).toBe(payment.id);
    expect((await instalments(s.bookingId)).map((i) => i.status)).toEqual(['paid', 'scheduled']);
    // Its re-check is queued all the same, and finds nothing left to do.
    const recheck = await t.ctx.handle.db
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('name', '=', RECONCILE_PAYMENT_JOB)
      .where('dedupe_key', 'like', `${RECONCILE_PAYMENT_JOB}:${payment.id}:%`)
      .execute();
    expect(recheck).toHaveLength(1);
  });

  it('settles an instalment at once, and a retried job after an outage charges once', async () => {
    const s = await paidScheduledBooking();
    // Stripe's answer is lost: the job fails after writing our pending row.
    for (let i = 0; i < 3; i += 1) t.fake.failNext('/v1/payment_intents', 500); // and the SDK's 2 retries
    await expect(collect(s.org.clientId, s.instalmentId, 'pm_card_visa')).rejects.toThrow();
    expect(await instalmentPayment(s.instalmentId)).toMatchObject({
      status: 'pending',
      provider_ref: null,
    });
    await collect(s.org.clientId, s.instalmentId, 'pm_card_visa');
    await collect(s.org.clientId, s.instalmentId, 'pm_card_visa');
    const payment = await instalmentPayment(s.instalmentId);
    expect(payment.status).toBe('succeeded');
    expect((await instalments(s.bookingId)).map((i) => i.status)).toEqual(['paid', 'scheduled']);
    const charged = [...t.fake.objects.values()].filter(
      (o) => o.object === 'payment_intent' && o.metadata?.scheduledPaymentId === s.instalmentId,
    );
    expect(charged.map((i) => i.id)).toEqual([payment.provider_ref]);
    // The webhook that comes later changes nothing.
    expect(
      (await deliver('payment_intent.succeeded', payment.provider_ref!)).body.data.effect,
    ).toBe('none');
    const payments = await t.ctx.handle.db
      .selectFrom('payments')
      .select('id')
      .where('booking_id', '=', s.bookingId)
      .execute();
    expect(payments).toHaveLength(2);
  });
});
