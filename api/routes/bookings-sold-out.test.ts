import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityGroupFormValues, basketSchema } from '../../engine/index.ts';
import { readCounter } from '../db/repositories/rate-limits.ts';
import { createBooking } from '../services/bookings/create.ts';
import { releaseBooking } from '../services/bookings/lifecycle.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  allowPayLater,
  basket,
  bookDayPayLater,
  type Camp,
  createCamp,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Once a camp's last place has gone, the next parents who ask for it are counted before they
 * queue for the write lock (api/services/bookings/sold-out.ts). They must hear exactly what the
 * booking itself would have said, and nobody may be refused a place that is there: another day
 * of the same camp, or a place given back a moment ago.
 */
let ctx: TestContext;
let org: Organiser;
let camp: Camp;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await allowPayLater(ctx, org);
  camp = await createCamp(ctx, org, { placeLimit: 1 });
});
afterAll(() => ctx.close());

const bookDay = (parent: Parent, day: number) =>
  bookDayPayLater(ctx, org, parent, camp, camp.sessions[day]!);

describe('a sold-out camp', () => {
  it('tells the next parents what the booking would, and still books the days with room', async () => {
    const [first, second, third] = [
      await parentWithChildren(ctx, org, ['Ann']),
      await parentWithChildren(ctx, org, ['Ben']),
      await parentWithChildren(ctx, org, ['Cat']),
    ];
    expect((await bookDay(first!, 0)).status).toBe(201);
    const refused = await bookDay(second!, 0);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toHaveProperty(`sessions.${camp.sessions[0]}`);
    const again = await bookDay(third!, 0);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused.body);
    expect((await bookDay(third!, 1)).status).toBe(201);
  });

  it('books the next parent at once when the organiser adds a place', async () => {
    const [holder, waiting] = [
      await parentWithChildren(ctx, org, ['Fay']),
      await parentWithChildren(ctx, org, ['Gus']),
    ];
    const day = camp.sessions[3]!;
    expect((await bookDay(holder!, 3)).status).toBe(201);
    // Twice: the second refusal is answered from what the first read of the camp kept.
    expect((await bookDay(waiting!, 3)).status).toBe(409);
    expect((await bookDay(waiting!, 3)).status).toBe(409);
    const saved = await ctx.request('GET', `/api/activity-groups/${camp._id}`, {
      token: org.token,
    });
    const values = activityGroupFormValues(saved.body.data);
    const raised = await ctx.request('PUT', `/api/activity-groups/${camp._id}`, {
      token: org.token,
      body: {
        ...values,
        activities: values.activities!.map((s) => (s._id === day ? { ...s, placeLimit: 2 } : s)),
      },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await bookDay(waiting!, 3)).status).toBe(201);
  });

  it('counts every refused attempt against the unpaid-bookings limit, as it answers', async () => {
    const parent = await parentWithChildren(ctx, org, ['Hal']);
    // Day 0 is full from the first test: each of these is refused before its transaction.
    for (let i = 0; i < 3; i++) expect((await bookDay(parent!, 0)).status).toBe(409);
    const key = `unpaid-booking:${parent!.userId}`;
    expect((await readCounter(ctx.handle.db, key))?.count).toBe(3);
    // Written to the database a moment later, all together, and still 3 once there.
    await new Promise((done) => setTimeout(done, 100));
    const stored = await ctx.handle.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', key)
      .executeTakeFirst();
    expect(Number(stored?.count)).toBe(3);
    expect((await readCounter(ctx.handle.db, key))?.count).toBe(3);
  });

  it('keeps a place held at the payment step from the next parents, then gives it on', async () => {
    const [holder, first, second] = [
      await parentWithChildren(ctx, org, ['Ivy']),
      await parentWithChildren(ctx, org, ['Jay']),
      await parentWithChildren(ctx, org, ['Kit']),
    ];
    const day = camp.sessions[4]!;
    const held = await createBooking(ctx.handle, {
      clientId: org.clientId,
      userId: holder!.userId,
      basket: v.parse(
        basketSchema,
        basket(camp._id, { ticket: camp.day, activities: [day], attendees: holder!.children }),
      ),
      hold: true,
    });
    // No place is confirmed, so the count of confirmed places alone would let them through:
    // the hold still takes the place, first in the booking, then in the count before it.
    expect((await bookDay(first!, 4)).status).toBe(409);
    expect((await bookDay(second!, 4)).status).toBe(409);
    await releaseBooking(ctx.handle.db, org.clientId, held.bookingId, 'expired');
    expect((await bookDay(second!, 4)).status).toBe(201);
  });

  it('gives a place that was handed back to the next parent at once', async () => {
    const [holder, waiting] = [
      await parentWithChildren(ctx, org, ['Dan']),
      await parentWithChildren(ctx, org, ['Eve']),
    ];
    const booked = await bookDay(holder!, 2);
    expect(booked.status).toBe(201);
    expect((await bookDay(waiting!, 2)).status).toBe(409);
    const cancelled = await ctx.request('POST', `/api/bookings/${booked.body.data._id}/cancel`, {
      token: holder!.token,
      body: { places: [booked.body.data.items[0].places[0]._id], refundMethod: null },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await bookDay(waiting!, 2)).status).toBe(201);
  });
});
