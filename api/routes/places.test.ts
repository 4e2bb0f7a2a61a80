/*
 * Places left agree on every screen (issue 11, item 2): the listing, the activity page and
 * booking all count through one loader and one engine rule, and only a waitlist offer keeps a
 * place (on its own session, or its own group's sessions for an AllSessions offer). A child
 * merely waiting takes nothing out of sale, in their own activity or any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityGroupFormValues, messages } from '../../engine/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

let ctx: TestContext;
let org: Organiser;
/** Every group answers 'Area: Town', so the 'town' home tab lists them all. */
let area: { field: string; town: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  const field = await ctx.request('POST', '/api/fields', {
    token: org.token,
    body: {
      title: 'Area',
      type: 'selectList',
      usage: 'activity',
      fieldOptions: [{ name: 'Town' }],
    },
  });
  expect(field.status, JSON.stringify(field.body)).toBe(201);
  area = { field: field.body.data._id, town: field.body.data.fieldOptions[0]._id };
  const tab = await ctx.request('POST', '/api/home-tabs', {
    token: org.token,
    body: {
      name: 'Town',
      path: 'town',
      type: 'fieldOption',
      field: area.field,
      value: [area.town],
    },
  });
  expect(tab.status, JSON.stringify(tab.body)).toBe(201);
});
afterAll(() => ctx.close());

interface Group {
  _id: string;
  sessions: string[];
  term: string;
  day: string;
}

/** A free activity (bookings need no payment) with two places per session. */
async function createGroup(name: string, waitlistType: string, dates: string[]): Promise<Group> {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name,
      waitlistType,
      fieldData: { [area.field]: area.town },
      activities: dates.map((date, i) => ({
        _id: `temp_${i}`,
        date,
        startTime: '09:00',
        endTime: '10:00',
        placeLimit: 2,
      })),
      tickets: [
        { _id: 'temp_term', type: 'all', name: 'Whole term', price: '0' },
        { _id: 'temp_day', type: 'single', name: 'Drop-in', price: '0' },
      ],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const g = res.body.data;
  const ticket = (n: string) => g.tickets.find((t: { name: string }) => t.name === n)._id;
  return {
    _id: g._id,
    sessions: g.activities.map((a: { _id: string }) => a._id),
    term: ticket('Whole term'),
    day: ticket('Drop-in'),
  };
}

const book = (parent: Parent, group: Group, sessions: string[], children = parent.children) =>
  ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: {
      activityGroups: [
        {
          activityGroup: group._id,
          items: [{ ticket: group.day, activities: sessions, attendees: children }],
        },
      ],
    },
  });

/** Places left per session as the widget's listing, home-tab listing and activity page show them. */
async function screens(parent: Parent, groups: Group[]) {
  const pick = (list: { _id: string; activities: { _id: string; placesLeft: number }[] }[]) =>
    groups.map((g) =>
      g.sessions.map(
        (s) => list.find((x) => x._id === g._id)?.activities.find((a) => a._id === s)?.placesLeft,
      ),
    );
  const listing = await ctx.request('GET', '/api/activity-groups/full-list', {
    token: parent.token,
  });
  expect(listing.status).toBe(200);
  const detail = [];
  for (const g of groups) {
    const res = await ctx.request('GET', `/api/activity-groups/${g._id}/public`, {
      token: parent.token,
    });
    expect(res.status).toBe(200);
    detail.push(res.body.data);
  }
  const filters = encodeURIComponent(JSON.stringify({ tab: 'town' }));
  const tab = await ctx.request('GET', `/api/activity-groups/full-list?filters=${filters}`, {
    token: parent.token,
  });
  expect(tab.status).toBe(200);
  return { listing: pick(listing.body.data), detail: pick(detail), tab: pick(tab.body.data) };
}

/** Asserts every screen shows the same places left, and returns them. */
async function agreed(parent: Parent, groups: Group[]) {
  const seen = await screens(parent, groups);
  expect(seen.detail).toEqual(seen.listing);
  expect(seen.tab).toEqual(seen.listing);
  return seen.listing;
}

async function join(parent: Parent, group: Group, activities: string[] = []) {
  const res = await ctx.request('POST', '/api/waitlists', {
    token: parent.token,
    body: { activityGroup: group._id, attendee: parent.children[0], activities },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0]._id as string;
}

const offer = async (entry: string) => {
  const res = await ctx.request('PUT', `/api/waitlists/${entry}/status`, {
    token: org.token,
    body: { status: 'Ready' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** The organiser raises one session's place limit, as when a family drops out. */
async function setLimit(group: Group, session: string, placeLimit: number) {
  const saved = await ctx.request('GET', `/api/activity-groups/${group._id}`, { token: org.token });
  const values = activityGroupFormValues(saved.body.data);
  const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
    token: org.token,
    body: {
      ...values,
      activities: values.activities!.map((s) => (s._id === session ? { ...s, placeLimit } : s)),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('places left', () => {
  it('a child waiting for a whole term takes no place in any activity', async () => {
    const football = await createGroup('Football', 'AllSessions', ['2031-05-05', '2031-05-12']);
    const camp = await createGroup('Camp', '', ['2031-05-06', '2031-05-07', '2031-05-08']);
    const fillers = await parentWithChildren(ctx, org, ['Ann', 'Bob']);
    expect((await book(fillers, football, [football.sessions[0]])).status).toBe(201);
    const waiting = await parentWithChildren(ctx, org, ['Cy']);
    await join(waiting, football);

    const parent = await parentWithChildren(ctx, org, ['Di', 'Ed', 'Flo']);
    expect(await agreed(parent, [football, camp])).toEqual([
      [0, 2],
      [2, 2, 2],
    ]);
    // Booking agrees: the two places shown are two places sold, and no more.
    const wed = camp.sessions[1];
    expect((await book(parent, camp, [wed], parent.children.slice(0, 2))).status).toBe(201);
    expect((await book(parent, camp, [wed], parent.children.slice(2))).status).toBe(409);
    expect(
      (await book(parent, football, [football.sessions[1]], parent.children.slice(0, 2))).status,
    ).toBe(201);
    expect(await agreed(parent, [football, camp])).toEqual([
      [0, 0],
      [2, 0, 2],
    ]);
  });

  it('an offer keeps one place on its own session only, and booking counts it too', async () => {
    const swim = await createGroup('Swim', 'SingleSession', ['2031-06-02', '2031-06-09']);
    const camp = await createGroup('Camp', '', ['2031-06-03']);
    const fillers = await parentWithChildren(ctx, org, ['Gus', 'Hal']);
    expect((await book(fillers, swim, [swim.sessions[0]])).status).toBe(201);
    const waiting = await parentWithChildren(ctx, org, ['Ivy']);
    const entry = await join(waiting, swim, [swim.sessions[0]]);
    await setLimit(swim, swim.sessions[0], 3);

    const parent = await parentWithChildren(ctx, org, ['Jo', 'Kit', 'Lu']);
    expect(await agreed(parent, [swim, camp])).toEqual([[1, 2], [2]]);
    await offer(entry);
    expect(await agreed(parent, [swim, camp])).toEqual([[0, 2], [2]]);
    expect((await book(parent, swim, [swim.sessions[0]], parent.children.slice(0, 1))).status).toBe(
      409,
    );
    expect((await book(parent, swim, [swim.sessions[1]], parent.children.slice(0, 2))).status).toBe(
      201,
    );
    // The offered child takes the place kept for them.
    expect((await book(waiting, swim, [swim.sessions[0]])).status).toBe(201);
    expect(await agreed(parent, [swim, camp])).toEqual([[0, 0], [2]]);
  });

  it('an all-sessions offer keeps a place in each of its group’s sessions, none elsewhere', async () => {
    const football = await createGroup('Football', 'AllSessions', ['2031-09-01', '2031-09-08']);
    const camp = await createGroup('Camp', '', ['2031-09-02']);
    const fillers = await parentWithChildren(ctx, org, ['Mo', 'Ned']);
    expect((await book(fillers, football, [football.sessions[0]])).status).toBe(201);
    const waiting = await parentWithChildren(ctx, org, ['Oz']);
    const entry = await join(waiting, football);
    await setLimit(football, football.sessions[0], 3);
    await offer(entry);

    const parent = await parentWithChildren(ctx, org, ['Pam', 'Quin']);
    expect(await agreed(parent, [football, camp])).toEqual([[0, 1], [2]]);
    expect((await book(parent, football, [football.sessions[1]], parent.children)).status).toBe(
      409,
    );
    expect((await book(parent, camp, [camp.sessions[0]], parent.children)).status).toBe(201);
  });

  it('warns the admin that the waitlist holds the places only when offers fill them', async () => {
    const swim = await createGroup('Swim', 'SingleSession', ['2031-10-06']);
    const fillers = await parentWithChildren(ctx, org, ['Rae', 'Sid']);
    expect((await book(fillers, swim, swim.sessions)).status).toBe(201);
    const waiting = await parentWithChildren(ctx, org, ['Tam']);
    const entry = await join(waiting, swim, swim.sessions);
    await setLimit(swim, swim.sessions[0], 3);

    const parent = await parentWithChildren(ctx, org, ['Uma']);
    const warnings = async () => {
      const res = await ctx.request('POST', '/api/bookings/admin/quote', {
        token: org.token,
        body: {
          user: parent.userId,
          activityGroups: [
            {
              activityGroup: swim._id,
              items: [{ ticket: swim.day, activities: swim.sessions, attendees: parent.children }],
            },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.warnings[0].warnings.map((w: { message: string }) => w.message);
    };
    // A child merely waiting: the free place is on sale, nothing to warn about.
    expect(await warnings()).not.toContain(messages.warnWaitlistFillsPlaces);
    await offer(entry);
    expect(await warnings()).toContain(messages.warnWaitlistFillsPlaces);
  });
});
