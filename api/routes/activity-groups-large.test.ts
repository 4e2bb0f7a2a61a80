import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  allowPayLater,
  bookDayPayLater,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * A large catalogue is listed a step of groups at a time (api/services/activity-groups.ts), the
 * event loop free between steps: the list must be the same as if built at once, every group with
 * its own sessions and places left, in the organiser's order.
 */
const GROUPS = 120;
let ctx: TestContext;
let org: Organiser;
const camps: Camp[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await allowPayLater(ctx, org);
  for (let i = 0; i < GROUPS; i++)
    camps.push(
      await createCamp(ctx, org, { name: `Camp ${String(i).padStart(3, '0')}`, placeLimit: 3 }),
    );
}, 120_000);
afterAll(() => ctx.close());

describe('a catalogue of more groups than one step', () => {
  it('lists every group once, in order, each with its own sessions and places left', async () => {
    const late = camps[GROUPS - 5]!;
    const parent = await parentWithChildren(ctx, org);
    const booked = await bookDayPayLater(ctx, org, parent, late, late.sessions[2]!);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const res = await ctx.request('GET', '/api/activity-groups/full-list', {
      clientId: org.clientId,
    });
    expect(res.status).toBe(200);
    const listed: {
      _id: string;
      name: string;
      activities: { _id: string; placesLeft: number }[];
    }[] = res.body.data;
    expect(listed.map((g) => g._id)).toEqual(camps.map((c) => c._id));
    for (const [i, group] of listed.entries())
      expect(
        group.activities.map((a) => a._id),
        group.name,
      ).toEqual(camps[i]!.sessions);
    const places = listed.find((g) => g._id === late._id)!.activities.map((a) => a.placesLeft);
    expect(places).toEqual([3, 3, 2, 3, 3]);
  });
});
