import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringMessages } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { paymentJobHandlers } from '../payments/jobs.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from '../payments/testing.ts';
import {
  basket,
  createCamp,
  createCancellationRule,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Issue 11, items 1 and 7: a membership (subscription ticket) is never booked at £0 with no way
 * to take its monthly charge; with card payments it becomes a Stripe subscription and shows its
 * plan; cancelling it is one action; and every booking carries its money (total, paid, owed,
 * refunds with their breakdown, what each cancellation changed).
 */

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

/** An organiser with card payments and a monthly membership (sessions in 2031, £36 a month). */
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
  return { org, groupId: group._id as string, ticket: group.tickets[0]._id as string };
}

const bookingCount = async (userId: string) =>
  Number(
    (
      await t.ctx.handle.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function noCardPayments(org: Organiser) {
  await t.ctx.handle.db
    .updateTable('connected_accounts')
    .set({ charges_enabled: 0 })
    .where('client_id', '=', org.clientId)
    .execute();
}

describe('a membership needs a way to pay its monthly charge', () => {
  it('is refused with a clear 422, nothing written, when the organiser has no card payments', async () => {
    const club = await swimClub();
    await noCardPayments(club.org);
    await t.ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', club.org.clientId)
      .execute();
    const parent = await parentWithChildren(t.ctx, club.org);
    const item = { ticket: club.ticket, attendees: parent.children };
    for (const extra of [{}, { paymentMethod: { type: 'payLater' } }]) {
      const res = await t.request('POST', '/api/bookings', {
        token: parent.token,
        body: basket(club.groupId, item, extra),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors.paymentMethod).toBe(recurringMessages.membershipCardUnavailable);
    }
    // Nor can its places be held at the payment step: nothing could ever pay for them.
    const hold = await t.request('POST', '/api/bookings/holds', {
      token: parent.token,
      body: basket(club.groupId, item),
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(422);
    expect(hold.body.errors.paymentMethod).toBe(recurringMessages.membershipCardUnavailable);
    expect(await bookingCount(parent.userId)).toBe(0);
  });

  it('with card payments, is refused without the card and booked with it, and its subscription starts', async () => {
    const club = await swimClub();
    const parent = await parentWithChildren(t.ctx, club.org);
    const item = { ticket: club.ticket, attendees: parent.children };
    const without = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(club.groupId, item),
    });
    expect(without.status).toBe(422);
    expect(without.body.errors.paymentMethod).toBe(recurringMessages.membershipNeedsCard);
    expect(await bookingCount(parent.userId)).toBe(0);

    const res = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(club.groupId, item, { paymentMethod: { type: 'card' } }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    let booking = res.body.data;
    // Held for the card page, even with nothing due today: the card is kept for the months after.
    expect(booking.status).toBe('held');
    const checkout = await t.request('POST', `/api/stripe/bookings/${booking._id}/payment-intent`, {
      token: parent.token,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const secret = checkout.body.data.clientSecret as string;
    const intentId = secret.split('_secret_')[0]!;
    // £0 today (mid-month, no session left this month) saves the card; on the 1st it pays.
    expect(checkout.body.data.mode).toBe(booking.amountDueNow === 0 ? 'setup' : 'payment');
    const saved =
      checkout.body.data.mode === 'setup'
        ? t.fake.succeedSetupIntent(intentId)
        : t.fake.succeedPaymentIntent(intentId);
    const type =
      checkout.body.data.mode === 'setup' ? 'setup_intent.succeeded' : 'payment_intent.succeeded';
    const event = t.fake.lastEvent(type, intentId)!;
    const delivery = t.fake.signedDelivery(event);
    const delivered = await t.raw('/api/stripe/webhook', delivery.body, delivery.headers);
    expect(delivered.body.data.effect).toBe('confirmed');
    const handlers = paymentJobHandlers(t.settings);
    await runDueJobs(t.ctx.handle.db, handlers);
    await runDueJobs(t.ctx.handle.db, handlers);
    const rows = await t.ctx.handle.db
      .selectFrom('subscriptions')
      .select(['status', 'provider_subscription_id'])
      .where('booking_id', '=', booking._id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider_subscription_id).toMatch(/^sub_/);
    // The card on file pays the months: no e-mailed invoice.
    expect(t.fake.objects.get(rows[0]!.provider_subscription_id!)).toMatchObject({
      default_payment_method: saved.payment_method,
    });
    expect(t.fake.objects.get(rows[0]!.provider_subscription_id!)?.collection_method).not.toBe(
      'send_invoice',
    );

    // My bookings shows the plan: £36 a month from the 1st, until cancelled.
    const mine = await t.request('GET', '/api/bookings/mine', { token: parent.token });
    booking = mine.body.data.find((b: { _id: string }) => b._id === booking._id);
    expect(booking.plans).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        itemId: booking.items[0]._id,
        amount: 3600,
        nextPaymentDate: expect.stringMatching(/^\d{4}-\d{2}-01$/),
        texts: [expect.stringMatching(/^(First|Next) payment on /), 'Continues until cancelled'],
      }),
    ]);

    // Cancelling one session of it cancels the membership as one: every place, the
    // subscription here and at Stripe, one cancellation record, and no next payment.
    const cancelled = await t.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [booking.items[0].places[0]._id] },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = cancelled.body.data;
    expect(after.status).toBe('cancelled');
    expect(after.items[0].places.every((p: { status: string }) => p.status === 'cancelled')).toBe(
      true,
    );
    expect(after.plans[0]).toMatchObject({ amount: 0, nextPaymentDate: null });
    expect(after.cancellations).toHaveLength(1);
    expect(after.cancellations[0].places).toHaveLength(booking.items[0].places.length);
    await runDueJobs(t.ctx.handle.db, handlers);
    const ended = await t.ctx.handle.db
      .selectFrom('subscriptions')
      .select(['status', 'cancelled_at', 'provider_subscription_id'])
      .where('booking_id', '=', booking._id)
      .executeTakeFirstOrThrow();
    expect(ended.cancelled_at).not.toBeNull();
    expect(t.fake.objects.get(ended.provider_subscription_id!)?.status).toBe('canceled');
  });
});

describe('cancelling a membership', () => {
  it('ends it and its sessions still to come, and leaves the sessions already held as they were', async () => {
    const club = await swimClub();
    const parent = await parentWithChildren(t.ctx, club.org);
    const res = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        club.groupId,
        { ticket: club.ticket, attendees: parent.children },
        { paymentMethod: { type: 'card' } },
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const places = res.body.data.items[0].places as { _id: string; activity: { _id: string } }[];
    // Time passes: the first session has been held.
    await t.ctx.handle.db
      .updateTable('activities')
      .set({ date: '2020-01-08' })
      .where('id', '=', places[0]!.activity._id)
      .execute();
    if (res.body.data.status === 'held')
      await t.ctx.handle.db
        .updateTable('booking_places')
        .set({ status: 'confirmed' })
        .where('booking_id', '=', res.body.data._id)
        .execute();
    const cancelled = await t.request('POST', `/api/bookings/${res.body.data._id}/cancel`, {
      token: parent.token,
      body: { places: [places[1]!._id] },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = new Map(
      cancelled.body.data.items[0].places.map((p: { _id: string; status: string }) => [
        p._id,
        p.status,
      ]),
    );
    expect(after.get(places[0]!._id)).toBe('confirmed');
    expect(places.slice(1).every((p) => after.get(p._id) === 'cancelled')).toBe(true);
    expect(cancelled.body.data.cancellations[0].places).toHaveLength(places.length - 1);
  });
});

describe('user bookings carry their money', () => {
  it('total, paid, owed and how to pay for a voucher booking; refunds with their breakdown after a partial cancel', async () => {
    const org = await premiumOrganiser(t.ctx);
    const rule = await createCancellationRule(t.ctx, org, {
      sessionScope: 'singleSession',
      percentageToRefund: '50',
      fee: '2',
    });
    const camp = await createCamp(t.ctx, org, { cancellationRules: [rule] });
    const now = new Date().toISOString();
    await t.ctx.handle.db
      .insertInto('childcare_voucher_providers')
      .values({
        id: `v_${org.clientId}`,
        client_id: org.clientId,
        name: 'Kids Vouchers',
        payment_instructions: 'Pay through Kids Vouchers with reference CAMP.',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const parent = await parentWithChildren(t.ctx, org);
    const created = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, attendees: parent.children, activities: camp.sessions.slice(0, 2) },
        {
          paymentMethod: {
            type: 'childcareVoucher',
            childcareVoucherProvider: `v_${org.clientId}`,
          },
        },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data._id;
    const mine = async () =>
      (await t.request('GET', '/api/bookings/mine', { token: parent.token })).body.data.find(
        (b: { _id: string }) => b._id === id,
      );
    expect((await mine()).statement).toMatchObject({
      total: 5000,
      paid: 0,
      owed: 5000,
      refunded: 0,
      howToPay: 'Pay through Kids Vouchers with reference CAMP.',
    });

    // Cancelling one unpaid day: the total and what is owed drop, nothing is refunded.
    const first = (await mine()).items[0].places[0]._id;
    const unpaidCancel = await t.request('POST', `/api/bookings/${id}/cancel`, {
      token: parent.token,
      body: { places: [first] },
    });
    expect(unpaidCancel.status, JSON.stringify(unpaidCancel.body)).toBe(200);
    let booking = await mine();
    expect(booking.statement).toMatchObject({ total: 2500, owed: 2500, paid: 0 });
    expect(booking.cancellations).toEqual([
      expect.objectContaining({
        by: 'customer',
        totalBefore: 5000,
        totalAfter: 2500,
        owedBefore: 5000,
        owedAfter: 2500,
        refund: null,
        places: [expect.objectContaining({ date: '2031-07-01', ticket: 'Day ticket' })],
      }),
    ]);

    // Paid, then the other day cancelled: half back less the £2 fee, as account credit.
    const paid = await t.request('POST', `/api/bookings/${id}/mark-paid`, { token: org.token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    booking = await mine();
    expect(booking.statement).toMatchObject({ total: 2500, paid: 2500, owed: 0, howToPay: null });
    const second = booking.items[0].places[1]._id;
    const refundCancel = await t.request('POST', `/api/bookings/${id}/cancel`, {
      token: parent.token,
      body: { places: [second], refundMethod: 'accountCredit' },
    });
    expect(refundCancel.status, JSON.stringify(refundCancel.body)).toBe(200);
    booking = await mine();
    expect(booking.statement).toMatchObject({ paid: 2500, refunded: 1050, owed: 0 });
    expect(booking.statement.refunds).toEqual([
      expect.objectContaining({ amount: 1050, method: 'accountCredit' }),
    ]);
    expect(booking.cancellations[1].refund).toEqual({
      amount: 1050,
      kind: 'partialRefund',
      method: 'accountCredit',
      items: [{ refundable: 2500, percentage: 50, fee: 200, amount: 1050 }],
    });
  });
});

describe('payment schedules for the dialog that lists each instalment by date and amount', () => {
  it('gives an organiser their group’s schedule, nobody else’s, and a booking paid by it its instalments', async () => {
    const club = await swimClub();
    const created = await t.request('POST', '/api/activity-groups', {
      token: club.org.token,
      body: {
        name: 'Autumn term',
        activities: [
          { _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00' },
          { _id: 'temp_b', date: '2031-03-09', startTime: '09:00', endTime: '10:00' },
        ],
        tickets: [{ _id: 'temp_t', type: 'all', name: 'Whole term', price: '90' }],
        addOns: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body.data;
    const dates = ['2031-01-01', '2031-02-01'];
    const now = new Date().toISOString();
    await t.ctx.handle.db
      .insertInto('payment_schedules')
      .values({
        id: `ps_${group._id}`,
        client_id: club.org.clientId,
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
    const path = `/api/payment-schedules?activityGroup=${group._id}`;
    const mine = await t.request('GET', path, { token: club.org.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      type: 'fixed',
      schedule: dates.map((date) => ({ date, amount: 3000 })),
    });
    const other = await premiumOrganiser(t.ctx);
    expect((await t.request('GET', path, { token: other.token })).body.data).toBeNull();
    const parent = await parentWithChildren(t.ctx, club.org);
    expect((await t.request('GET', path, { token: parent.token })).status).toBe(403);

    const booked = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        group._id,
        { ticket: group.tickets[0]._id, attendees: parent.children },
        { payBySchedule: true, paymentMethod: { type: 'card' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const admin = await t.request('GET', `/api/bookings/${booked.body.data._id}`, {
      token: club.org.token,
    });
    expect(admin.body.data.plans).toEqual([
      expect.objectContaining({
        kind: 'schedule',
        itemId: null,
        amount: 3000,
        nextPaymentDate: '2031-01-01',
        texts: ['First payment on 01/01/2031', 'Final payment on 01/02/2031'],
        instalments: dates.map((date) => ({ date, amount: 3000, status: 'scheduled' })),
      }),
    ]);
    expect(admin.body.data.statement).toMatchObject({ owedLater: 6000, owedNow: 3000 });
  });
});
