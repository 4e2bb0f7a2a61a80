import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCivilDate, messages, todayIn } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { signUpOrganiser } from '../test/harness.ts';
import { paymentJobHandlers } from './jobs.ts';
import { refundToCard } from './refunds.ts';
import { collectInstalment, planScheduledPayments } from './schedules.ts';
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
    await collectInstalment(t.ctx.handle.db, stripeClient(t.settings), {
      clientId: s.org.clientId,
      scheduledPaymentId: row.id,
      paymentMethod: 'pm_card_chargeDeclined',
    });
    const [declined] = await instalments(s.bookingId);
    expect(declined).toMatchObject({ status: 'failed', last_error: 'Your card was declined.' });
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
});
