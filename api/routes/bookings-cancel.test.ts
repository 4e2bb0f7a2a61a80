import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference, messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  createCancellationRule,
  type Organiser,
  offlineStripeKeys,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

let ctx: TestContext;
let org: Organiser;
let camp: Camp;
let voucher: string;

beforeAll(async () => {
  ctx = await createTestContext({ stripe: offlineStripeKeys });
  org = await premiumOrganiser(ctx);
  const single = await createCancellationRule(ctx, org, {
    sessionScope: 'singleSession',
    percentageToRefund: '100',
    fee: '1',
    expiryDays: '30',
  });
  const whole = await createCancellationRule(ctx, org, {
    sessionScope: 'allSessions',
    percentageToRefund: '50',
  });
  camp = await createCamp(ctx, org, { cancellationRules: [single, whole] });
  voucher = newId();
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('childcare_voucher_providers')
    .values({
      id: voucher,
      client_id: org.clientId,
      name: 'Vouchers',
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => ctx.close());

/** A paid booking: voucher, then marked paid by the admin. */
async function paidBooking(item: { ticket: string; activities?: string[] }, names = ['Ada']) {
  const parent = await parentWithChildren(ctx, org, names);
  const created = await ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      camp._id,
      { ...item, attendees: parent.children },
      { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await ctx.request('POST', `/api/bookings/${created.body.data._id}/mark-paid`, {
    token: org.token,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { parent, booking: paid.body.data };
}

const credit = async (token: string) =>
  (await ctx.request('GET', '/api/bookings/payment-options', { token })).body.data.accountCredit;

describe('mark paid', () => {
  it('confirms an awaiting-payment booking once, records the payment', async () => {
    const { booking } = await paidBooking({ ticket: camp.day, activities: [camp.sessions[0]!] });
    expect(booking).toMatchObject({ status: 'confirmed', amountPaid: 2500 });
    const again = await ctx.request('POST', `/api/bookings/${booking._id}/mark-paid`, {
      token: org.token,
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(messages.bookingNotAwaitingPayment);
    const payments = await ctx.handle.db
      .selectFrom('payments')
      .selectAll()
      .where('booking_id', '=', booking._id)
      .execute();
    expect(payments).toMatchObject([
      {
        provider: 'childcareVoucher',
        amount: 2500,
        status: 'succeeded',
        childcare_voucher_provider_id: voucher,
      },
    ]);
  });
});

describe('cancelling places before the booking is paid', () => {
  it('lowers what is owed, and mark-paid records only the places left', async () => {
    const parent = await parentWithChildren(ctx, org, ['Una']);
    const created = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        {
          ticket: camp.day,
          activities: [camp.sessions[3]!, camp.sessions[4]!],
          attendees: parent.children,
        },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body.data;
    expect(booking).toMatchObject({ status: 'awaiting_payment', total: 5000, amountDueNow: 5000 });
    const cancelled = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [booking.items[0].places[0]._id], refundMethod: null },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'awaiting_payment',
      total: 2500,
      amountDueNow: 2500,
    });
    const paid = await ctx.request('POST', `/api/bookings/${booking._id}/mark-paid`, {
      token: org.token,
    });
    expect(paid.body.data).toMatchObject({ status: 'confirmed', amountPaid: 2500 });
    const payments = await ctx.handle.db
      .selectFrom('payments')
      .select('amount')
      .where('booking_id', '=', booking._id)
      .execute();
    expect(payments).toEqual([{ amount: 2500 }]);
  });

  it('owes nothing once every unpaid place is cancelled', async () => {
    const parent = await parentWithChildren(ctx, org, ['Vic', 'Wes']);
    const created = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[3]!], attendees: parent.children },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
      ),
    });
    const booking = created.body.data;
    const places = booking.items.flatMap((i: { places: { _id: string }[] }) =>
      i.places.map((p) => p._id),
    );
    expect(places).toHaveLength(2);
    const cancelled = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places, refundMethod: null },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', total: 0, amountDueNow: 0 });
  });
});

describe('cancel-quote and cancel', () => {
  it('quotes a day cancellation with the rule (minus its fee) and refunds it as account credit', async () => {
    const { parent, booking } = await paidBooking({
      ticket: camp.day,
      activities: [camp.sessions[1]!, camp.sessions[2]!],
    });
    const place = booking.items[0].places[0]._id;
    const quote = await ctx.request('POST', `/api/bookings/${booking._id}/cancel-quote`, {
      token: parent.token,
      body: { places: [place] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // Half of 50.00 paid, full refund less the 1.00 fee.
    expect(quote.body.data).toMatchObject({
      amount: 2400,
      kind: 'partialRefund',
      canCancelOnline: true,
      methods: [{ method: 'accountCredit', accountCreditExpiresAt: expect.any(String) }],
    });

    const refused = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [place] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(messages.chooseRefundMethod);

    const cancelled = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [place], refundMethod: 'accountCredit' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe('confirmed');
    expect(cancelled.body.data.items[0].places.map((p: { status: string }) => p.status)).toEqual([
      'cancelled',
      'confirmed',
    ]);
    expect(await credit(parent.token)).toBe(2400);
    expect(await countTakenPlaces(ctx, camp.sessions[1]!)).toBe(0);

    const twice = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [place], refundMethod: 'accountCredit' },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(messages.placeNotCancellable);

    // The rest: the booking is cancelled, and all refunds together stay under what was paid.
    const rest = booking.items[0].places[1]._id;
    const last = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [rest], refundMethod: 'accountCredit' },
    });
    expect(last.body.data.status).toBe('cancelled');
    expect(last.body.data.items[0].status).toBe('cancelled');
    expect(await credit(parent.token)).toBe(4800);
    expect(await credit(parent.token)).toBeLessThanOrEqual(booking.amountPaid);
  });

  it('cancels a whole-week ticket as one purchase with the all-sessions rule', async () => {
    const { parent, booking } = await paidBooking({ ticket: camp.week });
    const quote = await ctx.request('POST', `/api/bookings/${booking._id}/cancel-quote`, {
      token: parent.token,
      body: { places: [booking.items[0].places[0]._id] },
    });
    expect(quote.body.data).toMatchObject({ amount: 5000, kind: 'partialRefund' });
    const res = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [booking.items[0].places[0]._id], refundMethod: 'accountCredit' },
    });
    expect(res.body.data.status).toBe('cancelled');
    expect(
      res.body.data.items[0].places.every((p: { status: string }) => p.status === 'cancelled'),
    ).toBe(true);
  });

  it('refunds nothing for an unpaid booking, and credit spent on a booking counts as paid', async () => {
    const parent = await parentWithChildren(ctx, org, ['Kit']);
    const now = new Date().toISOString();
    await ctx.handle.db
      .insertInto('account_credit_ledger')
      .values({
        id: newId(),
        client_id: org.clientId,
        user_id: parent.userId,
        amount: 2500,
        expires_at: null,
        source: 'admin',
        booking_id: null,
        refund_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const created = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[3]!], attendees: parent.children },
        { useAccountCredit: true },
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'confirmed',
      creditApplied: 2500,
      amountDueNow: 0,
      amountPaid: 2500,
    });
    expect(await credit(parent.token)).toBe(0);
    const place = created.body.data.items[0].places[0]._id;
    const res = await ctx.request('POST', `/api/bookings/${created.body.data._id}/cancel`, {
      token: parent.token,
      body: { places: [place], refundMethod: 'accountCredit' },
    });
    expect(res.status).toBe(200);
    expect(await credit(parent.token)).toBe(2400);

    const unpaid = await parentWithChildren(ctx, org, ['Lin']);
    const owed = await ctx.request('POST', '/api/bookings', {
      token: unpaid.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[3]!], attendees: unpaid.children },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
      ),
    });
    const quote = await ctx.request('POST', `/api/bookings/${owed.body.data._id}/cancel-quote`, {
      token: unpaid.token,
      body: { places: [owed.body.data.items[0].places[0]._id] },
    });
    expect(quote.body.data).toMatchObject({
      amount: 0,
      kind: 'noRefund',
      label: messages.noRefund,
    });
  });

  it('refunds once when the same cancel is sent twice at the same moment', async () => {
    const { parent, booking } = await paidBooking({
      ticket: camp.day,
      activities: [camp.sessions[2]!],
    });
    const place = booking.items[0].places[0]._id;
    const send = () =>
      ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
        token: parent.token,
        body: { places: [place], refundMethod: 'accountCredit' },
      });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    expect(await credit(parent.token)).toBe(2400);
  });

  it('is 404 for someone else’s booking, and names missing places', async () => {
    const { booking } = await paidBooking({ ticket: camp.day, activities: [camp.sessions[4]!] });
    const stranger = await parentWithChildren(ctx, org, ['Mo']);
    const res = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: stranger.token,
      body: { places: [booking.items[0].places[0]._id], refundMethod: 'accountCredit' },
    });
    expect(res.status).toBe(404);
    const empty = await ctx.request('POST', `/api/bookings/${booking._id}/cancel-quote`, {
      token: org.token,
      body: { places: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ places: messages.selectPlacesToCancel });
  });

  it('refuses a card refund while no card payment exists', async () => {
    const { parent, booking } = await paidBooking({
      ticket: camp.day,
      activities: [camp.sessions[4]!],
    });
    await ctx.handle.db
      .updateTable('cancellation_rules')
      .set({ refund_methods: JSON.stringify(['stripe', 'accountCredit']) })
      .where('client_id', '=', org.clientId)
      .execute();
    const now = new Date().toISOString();
    await ctx.handle.db
      .insertInto('connected_accounts')
      .values({
        id: newId(),
        client_id: org.clientId,
        provider: 'stripe',
        account_id: 'acct_test',
        payment_method_config_id: null,
        connected: 1,
        details_submitted: 1,
        charges_enabled: 1,
        payouts_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: parent.token,
      body: { places: [booking.items[0].places[0]._id], refundMethod: 'stripe' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.cardRefundsUnavailableYet);
    expect(await countTakenPlaces(ctx, camp.sessions[4]!)).toBeGreaterThan(0);
  });
});

describe('admin list and attendee sales', () => {
  it('pages, filters by status, group and customer, and is admin only', async () => {
    const other = await createCamp(ctx, org, { name: 'Other camp' });
    const parent = await parentWithChildren(ctx, org, ['Zed']);
    await ctx.handle.db
      .updateTable('users')
      .set({ full_name: 'Zelda Zebedee' })
      .where('id', '=', parent.userId)
      .execute();
    const created = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        other._id,
        { ticket: other.day, activities: [other.sessions[0]!], attendees: parent.children },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
      ),
    });
    const q = (filters: unknown, page = 1, limit = 2) =>
      ctx.request(
        'GET',
        `/api/bookings?page=${page}&limit=${limit}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
        { token: org.token },
      );
    const byGroup = await q({ activityGroup: other._id });
    expect(byGroup.body).toMatchObject({ meta: { page: 1, limit: 2, total: 1 } });
    expect(byGroup.body.data[0]._id).toBe(created.body.data._id);
    const bySearch = await q({ search: 'zebed' });
    expect(bySearch.body.data.map((b: { _id: string }) => b._id)).toEqual([created.body.data._id]);
    // The booking number the parent quotes with a voucher payment finds it too.
    const byNumber = await q({ search: bookingReference(created.body.data._id) });
    expect(byNumber.body.data.map((b: { _id: string }) => b._id)).toEqual([created.body.data._id]);
    const waiting = await q({ status: 'awaiting_payment' }, 1, 50);
    expect(
      waiting.body.data.every((b: { status: string }) => b.status === 'awaiting_payment'),
    ).toBe(true);
    const all = await q({}, 1, 2);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.meta.total).toBeGreaterThan(2);
    expect((await ctx.request('GET', '/api/bookings', { token: parent.token })).status).toBe(403);

    const sales = await ctx.request(
      'GET',
      `/api/bookings/attendee-sales?userId=${parent.userId}&activityGroupIds=${encodeURIComponent(JSON.stringify([other._id]))}`,
      { token: org.token },
    );
    expect(sales.body.data).toEqual([
      {
        attendee: { _id: parent.children[0], name: 'Zed Lovelace' },
        activityGroup: other._id,
        ticketSales: { [other.day]: 1 },
        activitySales: { [other.sessions[0]!]: 1 },
        addOnSales: {},
      },
    ]);
    const otherOrg = await premiumOrganiser(ctx);
    const foreign = await ctx.request(
      'GET',
      `/api/bookings/attendee-sales?userId=${parent.userId}&activityGroupIds=[]`,
      { token: otherOrg.token },
    );
    expect(foreign.status).toBe(404);
    expect(
      (
        await ctx.request('POST', `/api/bookings/${created.body.data._id}/mark-paid`, {
          token: otherOrg.token,
        })
      ).status,
    ).toBe(404);
  });
});
