import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import { paymentJobHandlers } from '../payments/jobs.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from '../payments/testing.ts';
import { basket, type Parent, parentWithChildren, premiumOrganiser } from './bookings.fixtures.ts';

/*
 * A sibling's monthly membership (issue 16, docs/rules/family.md): with a sister's membership
 * booked in an earlier checkout, her brother's membership is quoted, booked and collected by
 * Stripe each month at the plan's price less the sibling discount.
 */

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

/** A swim club (sessions in 2031) with a £36.00 monthly membership and a 10% sibling rule. */
async function swimClub() {
  const org = await premiumOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  const plan = (
    await t.request('POST', '/api/stripe/subscription-plans', {
      token: org.token,
      body: { name: 'Swim monthly', amount: '36' },
    })
  ).body.data;
  const created = await t.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: 'Swim club',
      activities: ['2031-03-04', '2031-03-11', '2031-04-01'].map((date, i) => ({
        _id: `temp_s${i}`,
        date,
        startTime: '17:00',
        endTime: '18:00',
      })),
      tickets: [
        {
          _id: 'temp_m',
          type: 'subscription',
          name: 'Monthly membership',
          price: '36',
          subscriptionPlan: plan._id,
          allowMidMonthBookings: true,
          coverFeePerSession: '9',
        },
      ],
      addOns: [],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const group = created.body.data;
  const rule = await t.request('POST', '/api/discount-rules', {
    token: org.token,
    body: {
      name: 'Siblings save',
      type: 'MultiAttendee',
      sessionsOption: 'SameActivity',
      activityGroups: [group._id],
      unit: 'PercentageAdditionalAttendee',
      percentageAdditionalAttendee: '10',
    },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  return { org, groupId: group._id as string, ticket: group.tickets[0]._id as string, plan };
}

/** Books one child's membership by card and completes the card step; returns the booking id. */
async function bookMembership(
  club: Awaited<ReturnType<typeof swimClub>>,
  parent: Parent,
  child: string,
) {
  const res = await t.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      club.groupId,
      { ticket: club.ticket, attendees: [child] },
      { paymentMethod: { type: 'card' } },
    ),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const checkout = await t.request(
    'POST',
    `/api/stripe/bookings/${res.body.data._id}/payment-intent`,
    {
      token: parent.token,
    },
  );
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
  const setup = checkout.body.data.mode === 'setup';
  if (setup) t.fake.succeedSetupIntent(intentId);
  else t.fake.succeedPaymentIntent(intentId);
  const event = t.fake.lastEvent(
    setup ? 'setup_intent.succeeded' : 'payment_intent.succeeded',
    intentId,
  )!;
  const delivery = t.fake.signedDelivery(event);
  const delivered = await t.raw('/api/stripe/webhook', delivery.body, delivery.headers);
  expect(delivered.body.data.effect).toBe('confirmed');
  const handlers = paymentJobHandlers(t.settings);
  await runDueJobs(t.ctx.handle.db, handlers);
  await runDueJobs(t.ctx.handle.db, handlers);
  return res.body.data._id as string;
}

const monthlyAtStripe = async (bookingId: string) => {
  const row = await t.ctx.handle.db
    .selectFrom('subscriptions')
    .select('provider_subscription_id')
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return t.fake.objects.get(row.provider_subscription_id!)!.items.data[0].price.unit_amount;
};

describe("a sibling's membership", () => {
  it('is quoted, booked and collected each month at the discounted price', async () => {
    const club = await swimClub();
    const parent = await parentWithChildren(t.ctx, club.org, ['Ada', 'Ben']);
    const [ada, ben] = parent.children as [string, string];
    const first = await bookMembership(club, parent, ada);
    expect(await monthlyAtStripe(first)).toBe(3600);

    const quote = await t.request('POST', '/api/bookings/quote', {
      token: parent.token,
      body: basket(club.groupId, { ticket: club.ticket, attendees: [ben] }),
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.recurring).toEqual([
      expect.objectContaining({
        amount: 3240,
        discount: {
          ruleName: 'Siblings save',
          reason: 'Ben Lovelace: a brother or sister is already booked',
          amount: 360,
        },
      }),
    ]);

    const second = await bookMembership(club, parent, ben);
    expect(await monthlyAtStripe(second)).toBe(3240);
    const shown = await t.request('GET', `/api/bookings/${second}`, { token: parent.token });
    expect(shown.body.data.plans).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        amount: 3240,
        discount: {
          ruleName: 'Siblings save',
          reason: 'Ben Lovelace: a brother or sister is already booked',
          amount: 360,
        },
      }),
    ]);
  });
});
