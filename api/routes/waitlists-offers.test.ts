import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityGroupFormValues } from '../../engine/index.ts';
import { offerDeadline } from '../../engine/offer-deadline.ts';
import { bookingJobHandlers } from '../jobs/handlers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

let ctx: TestContext;
let org: Organiser;
beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
});
afterAll(() => ctx.close());

/**
 * A free one-place session with a waitlist (bookings need no payment), already full: only a
 * full session can be waitlisted.
 */
async function onePlaceClass() {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: 'Tiny Tennis',
      waitlistType: 'SingleSession',
      activities: [
        { _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00', placeLimit: 1 },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '0' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const group = await ctx.request('GET', `/api/activity-groups/${res.body.data._id}`, {
    token: org.token,
  });
  const data = group.body.data;
  const made = {
    _id: data._id as string,
    session: data.activities[0]._id as string,
    ticket: data.tickets[0]._id as string,
  };
  const filler = await parentWithChildren(ctx, org, ['Zed']);
  expect((await book(filler, made)).status).toBe(201);
  return made;
}

/** The organiser adds a second place, as when a family drops out. */
async function addPlace(group: { _id: string }) {
  const saved = await ctx.request('GET', `/api/activity-groups/${group._id}`, { token: org.token });
  const values = activityGroupFormValues(saved.body.data);
  const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
    token: org.token,
    body: { ...values, activities: values.activities!.map((s) => ({ ...s, placeLimit: 2 })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Places left on the widget's activity page. */
const placesLeft = async (group: { _id: string }) =>
  (await ctx.request('GET', `/api/activity-groups/${group._id}/public`, { token: org.token })).body
    .data.activities[0].placesLeft;

async function join(parent: Parent, group: { _id: string; session: string }) {
  const res = await ctx.request('POST', '/api/waitlists', {
    token: parent.token,
    body: { activityGroup: group._id, attendee: parent.children[0], activities: [group.session] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0]._id as string;
}

const book = (parent: Parent, group: { _id: string; session: string; ticket: string }) =>
  ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(group._id, {
      ticket: group.ticket,
      activities: [group.session],
      attendees: [parent.children[0]],
    }),
  });

const setStatus = (id: string, body: unknown, token = org.token) =>
  ctx.request('PUT', `/api/waitlists/${id}/status`, { token, body });

describe('waitlist offers', () => {
  it('offers the kept place to a waiting child, who books it; the entry becomes Used', async () => {
    const group = await onePlaceClass();
    const waiting = await parentWithChildren(ctx, org, ['Ada']);
    const other = await parentWithChildren(ctx, org, ['Bob']);
    const entry = await join(waiting, group);
    expect((await book(other, group)).status).toBe(409);

    // A place frees up. Waiting keeps no place: only the organiser's offer does.
    await addPlace(group);
    expect(await placesLeft(group)).toBe(1);

    const before = Date.now();
    const offered = await setStatus(entry, { status: 'Ready' });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data.status).toBe('Ready');
    const expires = Date.parse(offered.body.data.offerExpiresAt);
    // 48 hours, unless that lands in the organiser's night (engine offerDeadline).
    const due = (from: number) => offerDeadline(from, from + 48 * 3_600_000, 'Europe/London');
    expect(expires).toBeGreaterThanOrEqual(due(before) - 1000);
    expect(expires).toBeLessThanOrEqual(due(before) + 60_000);

    expect(await placesLeft(group)).toBe(0);
    expect((await book(other, group)).status).toBe(409);
    const booked = await book(waiting, group);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const mine = await ctx.request('GET', '/api/waitlists', { token: waiting.token });
    expect(mine.body.data[0]).toMatchObject({ _id: entry, status: 'Used', offerExpiresAt: null });

    // Used is final but for archiving.
    const again = await setStatus(entry, { status: 'Ready' });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('A waitlist entry cannot move from Used to Ready.');
    expect((await setStatus(entry, { status: 'Archived' })).body.data.status).toBe('Archived');
  });

  it('keeps an offer for the hours asked (1–168) and expires it, releasing the place', async () => {
    const group = await onePlaceClass();
    const waiting = await parentWithChildren(ctx, org, ['Cy']);
    const other = await parentWithChildren(ctx, org, ['Di']);
    const entry = await join(waiting, group);

    for (const offerHours of [0, 169]) {
      const bad = await setStatus(entry, { status: 'Ready', offerHours });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('An offer must last between 1 and 168 hours.');
    }
    const stillWaiting = await ctx.request('GET', '/api/waitlists', { token: waiting.token });
    expect(stillWaiting.body.data[0].status).toBe('Waiting');
    await addPlace(group);

    const offered = await setStatus(entry, { status: 'Ready', offerHours: 2 });
    const expires = Date.parse(offered.body.data.offerExpiresAt);
    // 2 hours, moved past the night when the test runs late in the London evening.
    const now = Date.now();
    const due = offerDeadline(now, now + 2 * 3_600_000, 'Europe/London');
    expect(Math.abs(expires - due)).toBeLessThan(60_000);

    // Not due yet: the job leaves the offer alone.
    await runDueJobs(ctx.handle.db, bookingJobHandlers(), new Date(expires - 60_000));
    expect(
      (await ctx.request('GET', '/api/waitlists', { token: waiting.token })).body.data[0].status,
    ).toBe('Ready');
    expect((await book(other, group)).status).toBe(409);

    await runDueJobs(ctx.handle.db, bookingJobHandlers(), new Date(expires + 1000));
    const lapsed = await ctx.request('GET', '/api/waitlists', { token: waiting.token });
    expect(lapsed.body.data[0]).toMatchObject({ status: 'Expired', offerExpiresAt: null });
    expect((await book(other, group)).status).toBe(201);
  });

  it('lets a parent cancel their own active entry, and no one else’s', async () => {
    const group = await onePlaceClass();
    const owner = await parentWithChildren(ctx, org, ['Ed']);
    const stranger = await parentWithChildren(ctx, org, ['Flo']);
    const entry = await join(owner, group);

    const foreign = await ctx.request('POST', `/api/waitlists/${entry}/cancel`, {
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    const cancelled = await ctx.request('POST', `/api/waitlists/${entry}/cancel`, {
      token: owner.token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('Cancelled');
    const twice = await ctx.request('POST', `/api/waitlists/${entry}/cancel`, {
      token: owner.token,
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('A waitlist entry cannot move from Cancelled to Cancelled.');
  });

  it('is for the entry’s own organiser only', async () => {
    const group = await onePlaceClass();
    const parent = await parentWithChildren(ctx, org, ['Gus']);
    const entry = await join(parent, group);

    expect((await setStatus(entry, { status: 'Ready' }, parent.token)).status).toBe(403);
    const rival = await signUpOrganiser(ctx);
    expect((await setStatus(entry, { status: 'Ready' }, rival.token)).status).toBe(404);
    expect((await setStatus('nope', { status: 'Ready' })).status).toBe(404);
    const bad = await setStatus(entry, { status: 'Used' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('A waitlist entry cannot move from Waiting to Used.');
    const listed = await ctx.request('GET', '/api/waitlists', { token: parent.token });
    expect(listed.body.data[0].status).toBe('Waiting');
  });
});
