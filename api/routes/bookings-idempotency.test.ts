import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { IDEMPOTENCY_KEY_REUSED } from './bookings.ts';

/*
 * Idempotency-Key on POST /api/bookings: a retry answers the first booking and is not counted
 * again; the same key with a different basket is refused, not answered with the first booking.
 */

let ctx: TestContext;
let org: Organiser;
let camp: Camp;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
});
afterAll(() => ctx.close());

const payLater = { paymentMethod: { type: 'payLater' } };
const day = (session: number, attendee: string) =>
  basket(
    camp._id,
    { ticket: camp.day, activities: [camp.sessions[session]!], attendees: [attendee] },
    payLater,
  );
const book = (parent: Parent, body: unknown, key: string) =>
  ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body,
    headers: { 'idempotency-key': key },
  });
const bookingIds = async (parent: Parent) =>
  (
    await ctx.handle.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', parent.userId)
      .execute()
  ).map((r) => r.id);

describe('Idempotency-Key', () => {
  it('a retry with the same basket answers the same booking; a different basket is a 422', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const child = parent.children[0]!;
    const first = await book(parent, day(0, child), 'checkout-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The same basket, its keys in another order.
    const { paymentMethod, activityGroups } = day(0, child) as Record<string, unknown>;
    const retry = await book(parent, { paymentMethod, activityGroups }, 'checkout-1');
    expect(retry.status).toBe(201);
    expect(retry.body.data._id).toBe(first.body.data._id);

    const other = await book(parent, day(1, child), 'checkout-1');
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(await bookingIds(parent)).toEqual([first.body.data._id]);

    // A new key is a new booking.
    const fresh = await book(parent, day(1, child), 'checkout-2');
    expect(fresh.status).toBe(201);
    expect((await bookingIds(parent)).length).toBe(2);
  });

  it('retries of one key do not count towards the unpaid-booking limit', async () => {
    const parent = await parentWithChildren(ctx, org, ['Bo']);
    const child = parent.children[0]!;
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await book(parent, day(2, child), 'flaky-network'));
    expect(answers.map((a) => a.status)).toEqual(Array(15).fill(201));
    expect(new Set(answers.map((a) => a.body.data._id)).size).toBe(1);
    const counter = await ctx.handle.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `unpaid-booking:${parent.userId}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.count)).toBe(1);
    // Nine more distinct bookings still fit in the hour: the retries used up none of it.
    for (let i = 0; i < 9; i++) {
      const res = await book(parent, day(i % 5, child), `distinct-${i}`);
      expect([201, 409, 422]).toContain(res.status);
      expect(res.status).not.toBe(429);
    }
    // And the limit itself still holds: an eleventh distinct booking waits.
    const eleventh = await book(parent, day(4, child), 'distinct-10');
    expect(eleventh.status).toBe(429);
  });

  it('keys are per customer: another customer may use the same key', async () => {
    const a = await parentWithChildren(ctx, org, ['Cy']);
    const b = await parentWithChildren(ctx, org, ['Di']);
    const first = await book(a, day(3, a.children[0]!), 'shared-key');
    const second = await book(b, day(3, b.children[0]!), 'shared-key');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data._id).not.toBe(first.body.data._id);
  });

  it("a hold's key: a retry answers the same hold and is counted once; another basket is a 422", async () => {
    const parent = await parentWithChildren(ctx, org, ['Eve']);
    const child = parent.children[0]!;
    const items = { ticket: camp.day, activities: [camp.sessions[0]!], attendees: [child] };
    const hold = (session: number, key: string) =>
      ctx.request('POST', '/api/bookings/holds', {
        token: parent.token,
        body: basket(camp._id, { ...items, activities: [camp.sessions[session]!] }),
        headers: { 'idempotency-key': key },
      });
    const first = await hold(0, 'hold-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await hold(0, 'hold-1');
    expect(again.status).toBe(201);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect((await hold(1, 'hold-1')).status).toBe(422);
    // The hold's key cannot be replayed as a booking either.
    expect((await book(parent, day(0, child), 'hold-1')).status).toBe(422);
    const counter = await ctx.handle.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `unpaid-booking:${parent.userId}`)
      .executeTakeFirstOrThrow();
    expect(Number(counter.count)).toBe(1);
  });
});

describe('discount-code guesses per address', () => {
  it('fresh accounts from one address share 30 wrong codes per window', async () => {
    const statuses: number[] = [];
    for (let p = 0; p < 4; p++) {
      const parent = await parentWithChildren(ctx, org, [`Guesser${p}`]);
      for (let i = 0; i < 8; i++) {
        const res = await ctx.request('POST', '/api/bookings/quote', {
          token: parent.token,
          body: basket(
            camp._id,
            { ticket: camp.day, activities: [camp.sessions[4]!], attendees: parent.children },
            { discountCode: `NOPE${p}X${i}` },
          ),
        });
        statuses.push(res.status);
      }
    }
    // Each account is under its own 10; the address is not.
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
