import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

let ctx: TestContext;
let org: Organiser;
let camp: Camp;
let parent: Parent;
let otherOrg: Organiser;
let stranger: Parent;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org, { placeLimit: 2 });
  parent = await parentWithChildren(ctx, org, ['Ada', 'Alan']);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  otherOrg = await premiumOrganiser(ctx);
  stranger = await parentWithChildren(ctx, otherOrg, ['Eve']);
});
afterAll(() => ctx.close());

const post = (path: string, token: string, body: unknown) =>
  ctx.request('POST', path, { token, body });

const dayBasket = (session: number, attendees: string[], extra: Record<string, unknown> = {}) =>
  basket(camp._id, { ticket: camp.day, activities: [camp.sessions[session]!], attendees }, extra);

describe('POST /api/bookings/admin', () => {
  it("books for the customer through the customer's path: engine price, pay later, the admin recorded", async () => {
    const res = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      ...dayBasket(0, [parent.children[0]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'awaiting_payment',
      total: 2500,
      amountDueNow: 2500,
      paymentMethod: { type: 'payLater' },
      user: { _id: parent.userId },
    });
    expect(res.body.data.items[0].attendee.name).toBe('Ada Lovelace');
    const row = await ctx.handle.db
      .selectFrom('bookings')
      .select('created_by_admin_id')
      .where('id', '=', res.body.data._id)
      .executeTakeFirstOrThrow();
    const admin = await ctx.handle.db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('client_id', '=', org.clientId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.created_by_admin_id).toBe(admin.id);
    expect(res.body.data.createdByAdmin).toEqual({ _id: admin.id, fullName: admin.full_name });
    // The parent sees it in "My bookings".
    const mine = await ctx.request('GET', '/api/bookings/mine', { token: parent.token });
    expect(mine.body.data.map((b: { _id: string }) => b._id)).toContain(res.body.data._id);
  });

  it('refuses a card: an admin never charges one, and nothing is written', async () => {
    const before = await countTakenPlaces(ctx, camp.sessions[1]!);
    const res = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      ...dayBasket(1, [parent.children[0]!], { paymentMethod: { type: 'card' } }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.paymentMethod).toBe(messages.adminCardNotAllowed);
    expect(await countTakenPlaces(ctx, camp.sessions[1]!)).toBe(before);
  });

  it('is for admins only: a customer gets 403 on both calls', async () => {
    const body = { user: parent.userId, ...dayBasket(1, [parent.children[0]!]) };
    expect((await post('/api/bookings/admin', parent.token, body)).status).toBe(403);
    expect((await post('/api/bookings/admin/quote', parent.token, body)).status).toBe(403);
  });

  it("answers 404 for another organiser's customer or attendee, and writes nothing", async () => {
    const before = await countTakenPlaces(ctx, camp.sessions[2]!);
    const otherUser = await post('/api/bookings/admin', org.token, {
      user: stranger.userId,
      ...dayBasket(2, [stranger.children[0]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(otherUser.status).toBe(404);
    const otherChild = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      ...dayBasket(2, [stranger.children[0]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(otherChild.status).toBe(404);
    const quote = await post('/api/bookings/admin/quote', org.token, {
      user: parent.userId,
      ...dayBasket(2, [stranger.children[0]!]),
    });
    expect(quote.status).toBe(404);
    expect(await countTakenPlaces(ctx, camp.sessions[2]!)).toBe(before);
  });

  it("validates the body with the engine's messages", async () => {
    const res = await post('/api/bookings/admin', org.token, { user: parent.userId });
    expect(res.status).toBe(400);
    expect(res.body.errors.activityGroups).toBe(messages.selectActivity);
  });
});

describe('POST /api/bookings/admin/quote and a full session', () => {
  it("shows the engine's warnings; a full session is a warning an admin may book past", async () => {
    // Age range 7 to 9 years: the children (born 2020) are 11 in July 2031.
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ min_age_months: 84, max_age_months: 108 })
      .where('id', '=', camp._id)
      .execute();
    const other = await parentWithChildren(ctx, org, ['Grace']);
    const fill = await post('/api/bookings/admin', org.token, {
      user: other.userId,
      ...dayBasket(3, [other.children[0]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(fill.status, JSON.stringify(fill.body)).toBe(201);
    // One place left for Ada: out of the age range, and Ada already has a day ticket.
    const open = await post('/api/bookings/admin/quote', org.token, {
      user: parent.userId,
      ...dayBasket(3, [parent.children[0]!]),
    });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data.total).toBe(2500);
    expect(open.body.data.problems).toEqual([]);
    expect(open.body.data.warnings[0].warnings.map((w: { message: string }) => w.message)).toEqual([
      messages.ageRangeNotice,
      messages.warnAlreadyBookedWithTicket,
    ]);
    // The admin may book despite those warnings.
    const booked = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      ...dayBasket(3, [parent.children[0]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // Now the session is full: for the admin that is a warning, not a problem
    // (docs/rules/forms-and-messages.md), and the organiser who has seen it may still add the
    // child. A customer is refused the same place.
    const full = await post('/api/bookings/admin/quote', org.token, {
      user: parent.userId,
      ...dayBasket(3, [parent.children[1]!]),
    });
    expect(full.body.data.warnings[0].warnings.map((w: { code: string }) => w.code)).toContain(
      'placeLimitReached',
    );
    expect(full.body.data.problems).toEqual([]);
    const customer = await post('/api/bookings', parent.token, {
      ...dayBasket(3, [parent.children[1]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(customer.status).toBe(409);
    expect(customer.body.message).toBe(messages.sessionFullNamed(['Fri 04/07/2031, 9am–3pm']));
    // Past the limit only once the admin confirms it (issue 11, item 8): never silently.
    const unconfirmed = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      ...dayBasket(3, [parent.children[1]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(unconfirmed.status).toBe(409);
    expect(await countTakenPlaces(ctx, camp.sessions[3]!)).toBe(2);
    const overbooked = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      allowOverCapacity: true,
      ...dayBasket(3, [parent.children[1]!], { paymentMethod: { type: 'payLater' } }),
    });
    expect(overbooked.status, JSON.stringify(overbooked.body)).toBe(201);
    expect(await countTakenPlaces(ctx, camp.sessions[3]!)).toBe(3);
    // The widget then shows no places left, never a negative count.
    const publicGroup = await ctx.request('GET', `/api/activity-groups/${camp._id}/public`, {
      clientId: org.clientId,
    });
    const session = publicGroup.body.data.activities.find(
      (s: { _id: string }) => s._id === camp.sessions[3],
    );
    expect(session.placesLeft).toBe(0);
  });
});
