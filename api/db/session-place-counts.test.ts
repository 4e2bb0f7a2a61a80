import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowPayLater,
  basket,
  type Camp,
  connectCardAccount,
  createCamp,
  type Organiser,
  offlineStripeKeys,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { confirmBookingPayment, releaseBooking } from '../services/bookings/lifecycle.ts';
import { createTestContext, type TestContext, testDialect } from '../test/harness.ts';
import * as placeCounts from './migrations/2026_12_07_0600_session_place_counts.ts';

/*
 * Capacity reads the confirmed places per session and ticket from session_place_counts, which
 * the database keeps as places change (issue 18). A count that drifted from the places would
 * sell a place twice or hide one, so every way a place changes is checked against the places
 * themselves, and against the places left a parent sees.
 */
let ctx: TestContext;
let org: Organiser;
let camp: Camp;
const LIMIT = 20;

beforeAll(async () => {
  ctx = await createTestContext({ stripe: offlineStripeKeys });
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org, { placeLimit: LIMIT });
  await allowPayLater(ctx, org);
  await connectCardAccount(ctx, org.clientId);
});
afterAll(() => ctx.close());

/** The kept counts and the confirmed places counted one by one, as `session ticket → n`. */
async function keptAndCounted() {
  const db = ctx.handle.db;
  const kept = await db
    .selectFrom('session_place_counts')
    .select(['activity_id', 'ticket_id', 'confirmed'])
    .where('client_id', '=', org.clientId)
    .execute();
  const counted = await db
    .selectFrom('booking_places')
    .select(['activity_id', 'ticket_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', org.clientId)
    .where('status', '=', 'confirmed')
    .groupBy(['activity_id', 'ticket_id'])
    .execute();
  const asMap = (rows: { activity_id: string; ticket_id: string; n: number }[]) =>
    Object.fromEntries(
      rows
        .filter((r) => Number(r.n) !== 0)
        .map((r) => [`${r.activity_id} ${r.ticket_id}`, Number(r.n)]),
    );
  return {
    kept: asMap(kept.map((r) => ({ ...r, n: r.confirmed }))),
    counted: asMap(counted),
  };
}

async function expectCountsRight() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

/** Places left on each of the camp's days, as the group page shows them to a parent. */
async function placesLeft(): Promise<number[]> {
  const res = await ctx.request('GET', `/api/activity-groups/${camp._id}/public`, {
    clientId: org.clientId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const left = new Map(
    res.body.data.activities.map((a: { _id: string; placesLeft: number }) => [a._id, a.placesLeft]),
  );
  return camp.sessions.map((s) => left.get(s) as number);
}

const book = (parent: Parent, sessions: string[], paymentMethod: { type: string }) =>
  ctx.request('POST', '/api/bookings', {
    token: parent.token,
    clientId: org.clientId,
    body: basket(
      camp._id,
      { ticket: camp.day, activities: sessions, attendees: [parent.children[0]!] },
      { paymentMethod },
    ),
  });

describe(`confirmed places kept per session (${testDialect})`, () => {
  const [d0, d1, d2] = [0, 1, 2];

  it('follow bookings, holds, payments, cancellations and releases', async () => {
    const [ann, ben, cat] = [
      await parentWithChildren(ctx, org, ['Ann']),
      await parentWithChildren(ctx, org, ['Ben']),
      await parentWithChildren(ctx, org, ['Cat']),
    ];
    // Paying later: the places are the child's at once.
    const annBooking = await book(ann, [camp.sessions[d0]!, camp.sessions[d1]!], {
      type: 'payLater',
    });
    expect(annBooking.status, JSON.stringify(annBooking.body)).toBe(201);
    await expectCountsRight();
    expect(await placesLeft()).toEqual([LIMIT - 1, LIMIT - 1, LIMIT, LIMIT, LIMIT]);

    // By card: held until paid, then confirmed; a hold counts as a place while it lasts.
    const benBooking = await book(ben, [camp.sessions[d1]!, camp.sessions[d2]!], { type: 'card' });
    expect(benBooking.status, JSON.stringify(benBooking.body)).toBe(201);
    await expectCountsRight();
    expect(await placesLeft()).toEqual([LIMIT - 1, LIMIT - 2, LIMIT - 1, LIMIT, LIMIT]);
    await confirmBookingPayment(ctx.handle.db, {
      clientId: org.clientId,
      bookingId: benBooking.body.data._id,
      provider: 'stripe',
      providerRef: 'pi_counts',
      amount: 5000,
    });
    await expectCountsRight();
    expect((await keptAndCounted()).kept[`${camp.sessions[d1]} ${camp.day}`]).toBe(2);

    // A hold given back (its time ran out, or the parent left) takes nothing.
    const catBooking = await book(cat, [camp.sessions[d2]!], { type: 'card' });
    await releaseBooking(ctx.handle.db, org.clientId, catBooking.body.data._id, 'expired');
    await expectCountsRight();
    expect(await placesLeft()).toEqual([LIMIT - 1, LIMIT - 2, LIMIT - 1, LIMIT, LIMIT]);

    // A cancelled day gives its place back, and only that day's.
    const place = annBooking.body.data.items[0].places.find(
      (p: { activity: { _id: string } }) => p.activity._id === camp.sessions[d0],
    );
    const cancelled = await ctx.request(
      'POST',
      `/api/bookings/${annBooking.body.data._id}/cancel`,
      {
        token: ann.token,
        body: { places: [place._id], refundMethod: null },
      },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expectCountsRight();
    expect(await placesLeft()).toEqual([LIMIT, LIMIT - 2, LIMIT - 1, LIMIT, LIMIT]);

    // A place row deleted outright (a clean-up, a seed) is no longer counted either.
    const benPlaces = benBooking.body.data.items[0].places as { _id: string }[];
    await ctx.handle.db.deleteFrom('booking_places').where('id', '=', benPlaces[0]!._id).execute();
    await expectCountsRight();
    expect(await placesLeft()).toEqual([LIMIT, LIMIT - 1, LIMIT - 1, LIMIT, LIMIT]);
  });

  it('are worked out again from the places when the migration runs on existing bookings', async () => {
    const before = await keptAndCounted();
    expect(Object.keys(before.counted).length).toBeGreaterThan(0);
    await placeCounts.down(ctx.handle.db);
    await placeCounts.up(ctx.handle.db);
    await expectCountsRight();
    expect((await keptAndCounted()).kept).toEqual(before.kept);
  });
});
