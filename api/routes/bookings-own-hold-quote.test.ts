import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Back from the payment step sends the hold's release without waiting, and the basket quotes
 * again at once: the parent's own unplaced hold must not make their own basket a problem
 * (already booked, or the session full), while everyone else still sees the place taken.
 */

let ctx: TestContext;
let org: Organiser;
let camp: Camp;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  // One place: the parent's own hold would make the session full for them too.
  camp = await createCamp(ctx, org, { placeLimit: 1 });
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
});
afterAll(() => ctx.close());

const day = (children: string[]) =>
  basket(camp._id, { ticket: camp.day, activities: [camp.sessions[0]!], attendees: children });
const post = (path: string, token: string, body: unknown) =>
  ctx.request('POST', path, { token, body });
const tuesday = 'Tue 01/07/2031, 9am–3pm';

describe("a parent's own hold and their own quote", () => {
  it('quotes the held basket again without a problem, while another parent sees the place taken', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const held = await post('/api/bookings/holds', parent.token, day(parent.children));
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(1);

    // Before the release arrives: the parent's own re-quote is clean.
    const again = await post('/api/bookings/quote', parent.token, day(parent.children));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.problems).toEqual([]);

    // Another parent still sees one place fewer: none left.
    const other = await parentWithChildren(ctx, org, ['Bo']);
    const theirs = await post('/api/bookings/quote', other.token, day(other.children));
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.problems).toEqual([
      { lineKey: 0, message: `Sorry, there are no places left for this session: ${tuesday}.` },
    ]);
    // And an admin booking the same child on the parent's behalf sees the child's place.
    const admin = await post('/api/bookings/admin/quote', org.token, {
      user: parent.userId,
      ...day(parent.children),
    });
    expect(admin.status).toBe(200);
    expect(admin.body.data.problems).toEqual([
      { lineKey: 0, message: messages.alreadyBookedOnSession },
    ]);

    // 'Continue to payment' again takes a new hold that replaces the old one: one place taken.
    const next = await post('/api/bookings/holds', parent.token, day(parent.children));
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.data._id).not.toBe(held.body.data._id);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(1);
    const old = await ctx.request('GET', `/api/bookings/${held.body.data._id}`, {
      token: parent.token,
    });
    expect(old.body.data.status).toBe('expired');
    // The late release of the old hold leaves the new one alone.
    const late = await ctx.request('DELETE', `/api/bookings/${held.body.data._id}/hold`, {
      token: parent.token,
    });
    expect(late.status).toBe(204);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(1);
  });

  it("still counts the parent's own placed booking as already booked", async () => {
    const parent = await parentWithChildren(ctx, org, ['Cy']);
    const session = camp.sessions[1]!;
    const body = basket(camp._id, {
      ticket: camp.day,
      activities: [session],
      attendees: parent.children,
    });
    const booked = await post('/api/bookings', parent.token, {
      ...body,
      paymentMethod: { type: 'payLater' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const again = await post('/api/bookings/quote', parent.token, body);
    expect(again.body.data.problems).toContainEqual({
      lineKey: 0,
      message: messages.alreadyBookedOnSession,
    });
  });
});
