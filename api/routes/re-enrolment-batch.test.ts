import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RE_ENROLMENT_BATCH_MAX,
  reEnrolmentBatchMessages,
  reEnrolmentMessages,
} from '../../engine/re-enrolment.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Rolling several activities over at once (docs/rules/re-enrolment.md, "Several at once"): one
 * priority window, each activity its own date and name, each opened or refused on its own with
 * the reason. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('re-enrolment: several activities at once', () => {
  let ctx: TestContext;
  let org: Organiser;
  let other: Organiser;
  let parent: Parent;
  let swim: string;
  let judo: string;
  let empty: string;
  let foreign: string;

  const group = async (o: Organiser, name: string, date: string) => {
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: o.token,
      body: {
        name,
        enabled: true,
        waitlistType: 'SingleSession',
        activities: [{ _id: 'temp_a', date, startTime: '09:00', endTime: '09:45', placeLimit: 5 }],
        tickets: [{ _id: 'temp_t', type: 'all', name: 'Whole term', price: '30' }],
        addOns: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as { _id: string; tickets: { _id: string }[] };
  };
  const book = async (g: { _id: string; tickets: { _id: string }[] }) => {
    const booked = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        g._id,
        { ticket: g.tickets[0]!._id, attendees: parent.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  };
  const batch = (token: string, body: unknown) =>
    ctx.request('POST', '/api/re-enrolments/batch', { token, body });

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await premiumOrganiser(ctx);
    other = await premiumOrganiser(ctx);
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    parent = await parentWithChildren(ctx, org, ['Ada']);
    const s = await group(org, 'Swim Autumn 2031', '2031-10-04');
    const j = await group(org, 'Judo Autumn 2031', '2031-10-06');
    swim = s._id;
    judo = j._id;
    empty = (await group(org, 'Chess Autumn 2031', '2031-10-07'))._id;
    foreign = (await group(other, 'Their Swim', '2031-10-04'))._id;
    await book(s);
    await book(j);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('opens each booked activity with its own date and name, and says why the others were not', async () => {
    const res = await batch(org.token, {
      windowDays: 5,
      activities: [
        { activityGroup: swim, startDate: '2032-01-10', name: 'Swim Spring 2032' },
        { activityGroup: empty, startDate: '2032-01-13', name: 'Chess Spring 2032' },
        { activityGroup: foreign, startDate: '2032-01-10', name: 'Not mine' },
        { activityGroup: judo, startDate: '2032-01-12', name: 'Judo Spring 2032' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const outcomes = res.body.data as {
      activityGroup: string;
      status: string;
      message?: string;
      reEnrolment?: { _id: string; targetGroup: { _id: string; name: string }; offered: number };
    }[];
    expect(
      outcomes.map((o) => [o.activityGroup, o.status, o.message ?? o.reEnrolment?.offered]),
    ).toEqual([
      [swim, 'opened', 1],
      [empty, 'refused', reEnrolmentMessages.nobodyBooked],
      [foreign, 'refused', reEnrolmentBatchMessages.notFound],
      [judo, 'opened', 1],
    ]);

    // Each copy starts on its own date, carries its own name, and shares the one window.
    for (const [source, date, name] of [
      [swim, '2032-01-10', 'Swim Spring 2032'],
      [judo, '2032-01-12', 'Judo Spring 2032'],
    ] as const) {
      const funnel = await ctx.request('GET', `/api/re-enrolments?activityGroup=${source}`, {
        token: org.token,
      });
      expect(funnel.body.data.targetGroup.name).toBe(name);
      expect(funnel.body.data.windowDays).toBe(5);
      expect(funnel.body.data.funnel.waiting).toBe(1);
      const copy = await ctx.request(
        'GET',
        `/api/activity-groups/${funnel.body.data.targetGroup._id}`,
        { token: org.token },
      );
      expect(copy.body.data.activities.map((s: { date: string }) => s.date)).toEqual([date]);
      expect(copy.body.data.enabled).toBe(true);
    }

    // The other organiser's activity was not touched, nor copied.
    const theirs = await ctx.request('GET', `/api/re-enrolments?activityGroup=${foreign}`, {
      token: other.token,
    });
    expect(theirs.body.data).toBeNull();

    // A second batch with an activity already rolled over refuses that one only.
    const again = await batch(org.token, {
      windowDays: 7,
      activities: [{ activityGroup: swim, startDate: '2032-01-10', name: 'Swim again' }],
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual([
      { activityGroup: swim, status: 'refused', message: reEnrolmentMessages.alreadyRolledOver },
    ]);
  });

  it('takes only organisers and at most 50 distinct activities', async () => {
    const item = (i: number) => ({
      activityGroup: `${empty}${i}`,
      startDate: '2032-01-10',
      name: `Class ${i}`,
    });
    const parentTry = await batch(parent.token, { windowDays: 7, activities: [item(1)] });
    expect(parentTry.status).toBe(403);
    const tooMany = await batch(org.token, {
      windowDays: 7,
      activities: Array.from({ length: RE_ENROLMENT_BATCH_MAX + 1 }, (_, i) => item(i)),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(reEnrolmentBatchMessages.size);
    const twice = await batch(org.token, { windowDays: 7, activities: [item(1), item(1)] });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(reEnrolmentBatchMessages.twice);
    const badWindow = await batch(org.token, { windowDays: 31, activities: [item(1)] });
    expect(badWindow.status).toBe(400);
  });
});
