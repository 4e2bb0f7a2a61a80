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
 * Activities limited by UK school year (docs/rules/school-years.md): saved and read back, shown
 * to parents, and enforced on booking like the age range. The fixture's children are born on
 * 1 January 2020, so they are in Year 6 during the camp (July 2031).
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

async function limitTo(schoolYears: unknown, blockOutOfRange = true) {
  const saved = await ctx.request('GET', `/api/activity-groups/${camp._id}`, { token: org.token });
  const group = saved.body.data;
  return ctx.request('PUT', `/api/activity-groups/${camp._id}`, {
    token: org.token,
    body: {
      name: group.name,
      schoolYears,
      blockOutOfRange,
      activities: group.activities.map((s: Record<string, unknown>) => ({
        _id: s._id,
        date: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        placeLimit: s.placeLimit ?? '',
      })),
      tickets: group.tickets.map((t: Record<string, unknown>) => ({
        _id: t._id,
        type: t.type,
        name: t.name,
        price: String(Number(t.price) / 100),
      })),
      addOns: [],
    },
  });
}

const dayFor = (child: string) =>
  basket(
    camp._id,
    { ticket: camp.day, activities: [camp.sessions[0]!], attendees: [child] },
    { paymentMethod: { type: 'payLater' } },
  );

describe('school years on an activity', () => {
  it('saves the years and shows them on the public listing', async () => {
    const saved = await limitTo({ min: 3, max: 6 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listing = await ctx.request('GET', '/api/activity-groups/full-list', {
      clientId: org.clientId,
    });
    const group = listing.body.data.find((g: { _id: string }) => g._id === camp._id);
    expect(group.schoolYears).toEqual({ min: 3, max: 6 });
  });

  it('refuses a first year after the last, writing nothing', async () => {
    await limitTo({ min: 3, max: 6 });
    const refused = await limitTo({ min: 6, max: 3 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['schoolYears.max']).toBe(
      'The first school year cannot be after the last.',
    );
    const saved = await ctx.request('GET', `/api/activity-groups/${camp._id}`, {
      token: org.token,
    });
    expect(saved.body.data.schoolYears).toEqual({ min: 3, max: 6 });
  });

  it('books a Year 6 child into Years 3–6', async () => {
    await limitTo({ min: 3, max: 6 });
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const booked = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: dayFor(parent.children[0]!),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });

  it('refuses a Year 6 child an activity for Years 1–4 that blocks others, and takes no place', async () => {
    await limitTo({ min: 1, max: 4 });
    const parent = await parentWithChildren(ctx, org, ['Grace']);
    const before = await countTakenPlaces(ctx, camp.sessions[0]!);
    const refused = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: dayFor(parent.children[0]!),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(messages.ageRangeBlockedBooking);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(before);
  });
});
