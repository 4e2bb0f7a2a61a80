import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { readCounter } from '../db/repositories/rate-limits.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  createCamp,
  manyParents,
  type Organiser,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * The hourly count of unpaid bookings is written in the booking's own transaction (one commit
 * per booking, docs/decisions.md), and a refused attempt still counts: ten refusals, then the
 * eleventh attempt waits for the next hour even though nothing was ever booked.
 */
let ctx: TestContext;
let org: Organiser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
}, 60_000);
afterAll(() => ctx.close());

const payLater = { paymentMethod: { type: 'payLater' } };

describe('the unpaid-bookings count', () => {
  it('commits with the booking, and counts refused attempts too', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 1, name: 'One place camp' });
    const session = camp.sessions[0]!;
    const [first, second] = await manyParents(ctx, org.clientId, 2);
    const book = (p: typeof first) =>
      ctx.request('POST', '/api/bookings', {
        token: p!.token,
        body: basket(
          camp._id,
          { ticket: camp.day, activities: [session], attendees: p!.children },
          payLater,
        ),
      });

    const booked = await book(first);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await readCounter(ctx.handle.db, `unpaid-booking:${first!.userId}`))?.count).toBe(1);

    for (let i = 0; i < 10; i++) expect((await book(second)).status).toBe(409);
    expect((await readCounter(ctx.handle.db, `unpaid-booking:${second!.userId}`))?.count).toBe(10);
    const limited = await book(second);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.tooManyUnpaidBookings);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readCounter(ctx.handle.db, `unpaid-booking:${second!.userId}`))?.count).toBe(11);
  }, 60_000);
});
