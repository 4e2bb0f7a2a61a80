import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { paymentJobHandlers } from '../payments/jobs.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from '../payments/testing.ts';
import { loadOverview } from '../services/overview.ts';
import {
  basket,
  createCancellationRule,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * The overview's money and places on the card path, through the real bookings API and the real
 * Stripe SDK against the local test server: a held place fills a session only until its hold
 * expires; card payments are takings, card refunds come off them, account-credit refunds do not
 * (that money stays with the organiser).
 */

let t: StripeTestContext;
let org: Organiser;
let group: { _id: string; tomorrow: string; nextWeek: string; ticket: string };
const today = todayIn(Date.now(), 'Europe/London');

beforeAll(async () => {
  t = await startStripeTest();
  org = await premiumOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  const rule = await createCancellationRule(t.ctx, org, {
    sessionScope: 'singleSession',
    percentageToRefund: '100',
    fee: '1',
  });
  await t.ctx.handle.db
    .updateTable('cancellation_rules')
    .set({ refund_methods: JSON.stringify(['stripe', 'accountCredit']) })
    .where('id', '=', rule)
    .execute();
  const res = await t.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: 'Climbing Club',
      cancellationRules: [rule],
      activities: [
        {
          _id: 'temp_a',
          date: addDays(today, 1),
          startTime: '17:00',
          endTime: '18:00',
          placeLimit: 1,
        },
        // Five days ahead: outside the rule's 48-hour window, so places may be cancelled.
        {
          _id: 'temp_b',
          date: addDays(today, 5),
          startTime: '17:00',
          endTime: '18:00',
          placeLimit: 6,
        },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Session', price: '25' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const g = res.body.data;
  const at = (date: string) => g.activities.find((a: { date: string }) => a.date === date)._id;
  group = {
    _id: g._id,
    tomorrow: at(addDays(today, 1)),
    nextWeek: at(addDays(today, 5)),
    ticket: g.tickets[0]._id,
  };
});
afterAll(() => t.close());

const overview = async () => {
  const res = await t.request('GET', '/api/overview', { token: org.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

async function cardBooking(session: string, names: string[]) {
  const parent = await parentWithChildren(t.ctx, org, names);
  const created = await t.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      group._id,
      { ticket: group.ticket, activities: [session], attendees: parent.children },
      { paymentMethod: { type: 'card' } },
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.data.status).toBe('held');
  return { parent, booking: created.body.data };
}

describe('GET /api/overview on the card path', () => {
  it('counts a held place against the session only until its hold expires', async () => {
    await cardBooking(group.tomorrow, ['Ada']);
    const held = (await overview()).sessions.find((s: { _id: string }) => s._id === group.tomorrow);
    expect(held).toMatchObject({ placeLimit: 1, booked: 1, full: true });

    // The client's hold is 15 minutes: a little later the place is free again, job run or not.
    const later = await loadOverview(t.ctx.handle.db, org.clientId, Date.now() + 16 * 60_000);
    expect(later.sessions.find((s) => s._id === group.tomorrow)).toMatchObject({
      booked: 0,
      full: false,
    });
    // Nothing was paid: a card booking only held is no takings.
    expect(later.takings.paid).toBe(0);
  });

  it('takes card payments in and card refunds out, but not account-credit refunds', async () => {
    const { parent, booking } = await cardBooking(group.nextWeek, ['Ada', 'Alan']);
    expect(booking.amountDueNow).toBe(5000);
    const checkout = await t.request('POST', `/api/stripe/bookings/${booking._id}/payment-intent`, {
      token: parent.token,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
    const pending = await overview();
    expect(pending.takings.paid).toBe(0);

    t.fake.succeedPaymentIntent(intentId);
    for (const event of t.fake.events.filter(
      (e) => (e.data.object as { id?: string }).id === intentId,
    )) {
      const { body, headers } = t.fake.signedDelivery(event);
      expect((await t.raw('/api/stripe/webhook', body, headers)).status).toBe(200);
    }
    const paid = await overview();
    expect(paid.takings).toMatchObject({ paid: 5000, refunded: 0 });
    expect(paid.sessions.find((s: { _id: string }) => s._id === group.nextWeek)).toMatchObject({
      booked: 2,
      full: false,
    });

    const confirmed = await t.request('GET', `/api/bookings/${booking._id}`, {
      token: parent.token,
    });
    const [toCard, toCredit] = confirmed.body.data.items.map(
      (item: { places: { _id: string }[] }) => item.places[0]!._id,
    );
    for (const [place, refundMethod] of [
      [toCard, 'stripe'],
      [toCredit, 'accountCredit'],
    ]) {
      const cancelled = await t.request('POST', `/api/bookings/${booking._id}/cancel`, {
        token: parent.token,
        body: { places: [place], refundMethod },
      });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    }
    await runDueJobs(t.ctx.handle.db, paymentJobHandlers(t.settings));

    // £25 back to the card less the rule's £1 fee; the credit refund leaves the takings alone.
    const data = await overview();
    expect(data.takings).toMatchObject({ paid: 5000, refunded: 2400 });
    expect(data.takings.days.at(-1)).toEqual({ date: today, paid: 5000, refunded: 2400 });
    expect(data.sessions.find((s: { _id: string }) => s._id === group.nextWeek)).toMatchObject({
      booked: 0,
    });
  });
});
