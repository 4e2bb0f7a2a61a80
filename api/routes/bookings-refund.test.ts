import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference, messages } from '../../engine/index.ts';
import { manualRefundMessages } from '../../engine/refunds/manual.ts';
import { newId } from '../db/ids.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from '../payments/testing.ts';
import { signUpOrganiser } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * The organiser's manual refund (docs/rules/refunds.md): any amount up to what the booking
 * received less what went back, to the card (the real SDK against the local Stripe server) or as
 * account credit, with a reason; shown on the booking, in the parent's My bookings and in the
 * payments export. Bad input is refused with nothing written.
 */

let t: StripeTestContext;
let org: Organiser;
let camp: Camp;
let voucher: string;

beforeAll(async () => {
  t = await startStripeTest();
  org = await premiumOrganiser(t.ctx);
  await connectStripe(t, org.token, org.clientId);
  camp = await createCamp(t.ctx, org);
  voucher = newId();
  const now = new Date().toISOString();
  await t.ctx.handle.db
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
afterAll(() => t.close());

/** A booking of two camp days paid by card through checkout and Stripe's webhook: 50.00. */
async function paidByCard() {
  const parent = await parentWithChildren(t.ctx, org);
  const created = await t.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      camp._id,
      { ticket: camp.day, activities: camp.sessions.slice(0, 2), attendees: parent.children },
      { paymentMethod: { type: 'card' } },
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const bookingId = created.body.data._id as string;
  const checkout = await t.request('POST', `/api/stripe/bookings/${bookingId}/payment-intent`, {
    token: parent.token,
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const intentId = (checkout.body.data.clientSecret as string).split('_secret_')[0]!;
  t.fake.succeedPaymentIntent(intentId);
  for (const event of t.fake.events.filter(
    (e) => (e.data.object as { id?: string }).id === intentId,
  )) {
    const { body, headers } = t.fake.signedDelivery(event);
    expect((await t.raw('/api/stripe/webhook', body, headers)).status).toBe(200);
  }
  const paid = await t.request('GET', `/api/bookings/${bookingId}`, { token: org.token });
  expect(paid.body.data).toMatchObject({ status: 'confirmed', amountPaid: 5000 });
  return { parent, bookingId, intentId };
}

/** A voucher booking the organiser marked paid: 25.00, no card to refund to. */
async function paidByVoucher() {
  const parent = await parentWithChildren(t.ctx, org);
  const created = await t.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      camp._id,
      { ticket: camp.day, activities: [camp.sessions[2]!], attendees: parent.children },
      { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const bookingId = created.body.data._id as string;
  const marked = await t.request('POST', `/api/bookings/${bookingId}/mark-paid`, {
    token: org.token,
  });
  expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  return { parent, bookingId };
}

const refund = (bookingId: string, body: unknown, token = org.token) =>
  t.request('POST', `/api/bookings/${bookingId}/refund`, { token, body });

const refundRows = (bookingId: string) =>
  t.ctx.handle.db
    .selectFrom('refunds')
    .select(['amount', 'method', 'status', 'reason', 'created_by_admin_id'])
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .execute();

const creditRows = (userId: string) =>
  t.ctx.handle.db
    .selectFrom('account_credit_ledger')
    .select(['amount', 'source', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();

describe('manual refund', () => {
  it('refunds part of a card payment to the card, then the rest as credit, and no more', async () => {
    const { parent, bookingId, intentId } = await paidByCard();
    const options = await t.request('GET', `/api/bookings/${bookingId}/refund-options`, {
      token: org.token,
    });
    expect(options.body.data).toEqual({
      max: 5000,
      currency: 'GBP',
      methods: [
        { method: 'stripe', max: 5000 },
        { method: 'accountCredit', max: 5000 },
      ],
    });

    const toCard = await refund(bookingId, {
      amount: 1500,
      method: 'stripe',
      reason: 'Coach ill, session cut short',
    });
    expect(toCard.status, JSON.stringify(toCard.body)).toBe(201);
    expect(toCard.body.data.statement).toMatchObject({ paid: 5000, refunded: 1500 });
    expect(toCard.body.data.statement.refunds).toEqual([
      {
        amount: 1500,
        method: 'stripe',
        status: 'succeeded',
        at: expect.any(String),
        reason: 'Coach ill, session cut short',
      },
    ]);
    // Stripe was asked once, for that amount, on the booking's payment.
    const charge = [...t.fake.objects.values()].find(
      (o) => o.object === 'charge' && o.payment_intent === intentId,
    );
    expect(charge?.amount_refunded).toBe(1500);

    const credit = await refund(bookingId, {
      amount: 3500,
      method: 'accountCredit',
      reason: 'Goodwill',
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    expect(credit.body.data.statement.refunded).toBe(5000);
    expect(await creditRows(parent.userId)).toEqual([
      { amount: 3500, source: 'refund', expires_at: null },
    ]);
    const admin = await t.request('GET', '/api/users/me', { token: org.token });
    expect(await refundRows(bookingId)).toEqual([
      {
        amount: 1500,
        method: 'stripe',
        status: 'succeeded',
        reason: 'Coach ill, session cut short',
        created_by_admin_id: admin.body.data._id,
      },
      {
        amount: 3500,
        method: 'accountCredit',
        status: 'succeeded',
        reason: 'Goodwill',
        created_by_admin_id: admin.body.data._id,
      },
    ]);

    const more = await refund(bookingId, { amount: 1, method: 'accountCredit', reason: 'x' });
    expect(more.status).toBe(422);
    expect(more.body.errors).toEqual({ amount: manualRefundMessages.nothingToRefund });
    const after = await t.request('GET', `/api/bookings/${bookingId}/refund-options`, {
      token: org.token,
    });
    expect(after.body.data).toMatchObject({ max: 0, methods: [] });

    // The parent sees both refunds in My bookings.
    const mine = await t.request('GET', '/api/bookings/mine', { token: parent.token });
    const booking = mine.body.data.find((b: { _id: string }) => b._id === bookingId);
    expect(booking.statement.refunded).toBe(5000);
    expect(booking.statement.refunds.map((r: { amount: number }) => r.amount)).toEqual([
      1500, 3500,
    ]);
  });

  it('lists the refunds in the payments export, as negative lines', async () => {
    const { bookingId } = await paidByVoucher();
    expect(
      (await refund(bookingId, { amount: 700, method: 'accountCredit', reason: 'Late start' }))
        .status,
    ).toBe(201);
    const csv = await t.request('GET', '/api/exports/payments.csv', { token: org.token });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).split(/\r?\n/);
    expect(lines[0]).toContain('Provider reference,Reason,Stripe fee');
    const ref = bookingReference(bookingId);
    expect(lines.filter((l) => l.includes(`,${ref},`)).map((l) => l.split(',').slice(1))).toEqual([
      [
        'Payment',
        'succeeded',
        '25',
        'GBP',
        'childcareVoucher',
        expect.any(String),
        expect.any(String),
        ref,
        '',
        '',
        // No Stripe fee on a voucher payment.
        '',
      ],
      [
        'Refund',
        'succeeded',
        '-7',
        'GBP',
        'accountCredit',
        expect.any(String),
        expect.any(String),
        ref,
        '',
        'Late start',
        '',
      ],
    ]);
  });

  it('refuses more than is left, a method not open, and no reason, writing nothing', async () => {
    const { parent, bookingId } = await paidByVoucher();
    const cases: [unknown, number, Record<string, string>][] = [
      [
        { amount: 2501, method: 'accountCredit', reason: 'Too much' },
        422,
        { amount: 'You can refund at most £25.00 on this booking.' },
      ],
      // A voucher payment cannot go back to a card.
      [
        { amount: 100, method: 'stripe', reason: 'To card' },
        422,
        { method: manualRefundMessages.methodUnavailable },
      ],
      [
        { amount: 100, method: 'accountCredit', reason: '  ' },
        400,
        { reason: manualRefundMessages.reasonRequired },
      ],
      [
        { amount: 100, method: 'accountCredit' },
        400,
        { reason: manualRefundMessages.reasonRequired },
      ],
      [
        { amount: 0, method: 'accountCredit', reason: 'x' },
        400,
        { amount: manualRefundMessages.amountPositive },
      ],
      [
        { amount: -5, method: 'accountCredit', reason: 'x' },
        400,
        { amount: manualRefundMessages.amountPositive },
      ],
      [
        { amount: 1.5, method: 'accountCredit', reason: 'x' },
        400,
        { amount: messages.wholeNumber },
      ],
      [{ amount: 100, method: 'cash', reason: 'x' }, 400, { method: messages.chooseRefundMethod }],
      [
        { amount: 100, method: 'accountCredit', reason: 'x'.repeat(2001) },
        400,
        { reason: messages.tooLong(2000) },
      ],
    ];
    for (const [body, status, errors] of cases) {
      const res = await refund(bookingId, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors, JSON.stringify(body)).toMatchObject(errors);
    }
    expect(await refundRows(bookingId)).toEqual([]);
    expect(await creditRows(parent.userId)).toEqual([]);
  });

  it('an unpaid booking has nothing to refund', async () => {
    const parent = await parentWithChildren(t.ctx, org);
    const created = await t.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[3]!], attendees: parent.children },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
      ),
    });
    const bookingId = created.body.data._id as string;
    const res = await refund(bookingId, { amount: 100, method: 'accountCredit', reason: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(manualRefundMessages.nothingToRefund);
    expect(await refundRows(bookingId)).toEqual([]);
  });

  it('is for the booking organiser’s admins only', async () => {
    const { parent, bookingId } = await paidByVoucher();
    const other = await signUpOrganiser(t.ctx);
    const body = { amount: 100, method: 'accountCredit', reason: 'x' };
    expect((await refund(bookingId, body, other.token)).status).toBe(404);
    expect(
      (
        await t.request('GET', `/api/bookings/${bookingId}/refund-options`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect((await refund(bookingId, body, parent.token)).status).toBe(403);
    expect((await t.request('POST', `/api/bookings/${bookingId}/refund`, { body })).status).toBe(
      401,
    );
    expect(await refundRows(bookingId)).toEqual([]);
  });
});
