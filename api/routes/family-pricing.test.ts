import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Family pricing across checkouts (issue 16, docs/rules/family.md): a sibling discount counts a
 * brother or sister booked in an earlier checkout; the quote and the booking agree; what was
 * charged is never re-priced; another family's child is never a sibling.
 */

let ctx: TestContext;
let org: Organiser;
let camp: Camp;
let voucher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  const rule = await ctx.request('POST', '/api/discount-rules', {
    token: org.token,
    body: {
      name: 'Siblings save 10%',
      type: 'MultiAttendee',
      sessionsOption: 'SameActivity',
      activityGroups: [camp._id],
      unit: 'PercentageAdditionalAttendee',
      percentageAdditionalAttendee: '10',
    },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
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

const week = (attendees: string[]) => basket(camp._id, { ticket: camp.week, attendees });
const byVoucher = () => ({
  paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher },
});

async function book(parent: Parent, attendee: string) {
  const res = await ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: { ...week([attendee]), ...byVoucher() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const paid = await ctx.request('POST', `/api/bookings/${res.body.data._id}/mark-paid`, {
    token: org.token,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data;
}

const quote = async (parent: Parent, attendee: string) =>
  (
    await ctx.request('POST', '/api/bookings/quote', {
      token: parent.token,
      body: week([attendee]),
    })
  ).body.data;

describe('sibling discount across checkouts', () => {
  it('the second checkout gets the discount, quoted and booked alike, and the booking shows it', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ada', 'Ben']);
    const [ada, ben] = parent.children as [string, string];
    expect((await quote(parent, ben)).total).toBe(10000);
    const first = await book(parent, ada);
    expect(first).toMatchObject({ total: 10000, amountPaid: 10000 });

    const quoted = await quote(parent, ben);
    expect(quoted.discounts).toEqual([
      expect.objectContaining({
        ruleName: 'Siblings save 10%',
        reason: 'Ben Lovelace: a brother or sister is already booked',
        amount: 1000,
      }),
    ]);
    expect(quoted.total).toBe(9000);

    const second = await book(parent, ben);
    expect(second).toMatchObject({ total: 9000, amountPaid: 9000 });
    const shown = await ctx.request('GET', `/api/bookings/${second._id}`, { token: parent.token });
    expect(JSON.stringify(shown.body.data)).toContain(
      'Ben Lovelace: a brother or sister is already booked',
    );
    const item = await ctx.handle.db
      .selectFrom('booking_items')
      .select(['price', 'discount'])
      .where('booking_id', '=', second._id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ price: 10000, discount: 1000 });
  });

  it("cancelling the first sibling's booking does not re-price the second one", async () => {
    const parent = await parentWithChildren(ctx, org, ['Cy', 'Di']);
    const [cy, di] = parent.children as [string, string];
    const first = await book(parent, cy);
    const second = await book(parent, di);
    expect(second.total).toBe(9000);
    const places = first.items.flatMap((i: { places: { _id: string }[] }) =>
      i.places.map((p) => p._id),
    );
    const cancelled = await ctx.request('POST', `/api/bookings/${first._id}/cancel`, {
      token: org.token,
      body: { places, refundMethod: null },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await ctx.request('GET', `/api/bookings/${second._id}`, { token: parent.token });
    expect(after.body.data).toMatchObject({ total: 9000, amountPaid: 9000 });
    // Di is still booked, so Cy booking again is the sibling now.
    expect((await quote(parent, cy)).total).toBe(9000);
    const item = await ctx.handle.db
      .selectFrom('booking_items')
      .select('discount')
      .where('booking_id', '=', second._id)
      .executeTakeFirstOrThrow();
    expect(item.discount).toBe(1000);
  });

  it("another customer's child is never a sibling", async () => {
    const one = await parentWithChildren(ctx, org, ['Eve']);
    const other = await parentWithChildren(ctx, org, ['Fay']);
    await book(one, one.children[0]!);
    const quoted = await quote(other, other.children[0]!);
    expect(quoted.discounts).toEqual([]);
    expect(quoted.total).toBe(10000);
  });
});
