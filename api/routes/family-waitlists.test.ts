import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { offerDeadline } from '../../engine/offer-deadline.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Waitlists for families (issue 16, docs/rules/family.md): siblings join together, the places
 * that free up are offered in queue order and to a family together, a child no longer eligible
 * is passed over, and the join form checks school years as booking does.
 */

let ctx: TestContext;
let org: Organiser;
beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
});
afterAll(() => ctx.close());

interface Club {
  _id: string;
  ticket: string;
}

/**
 * A free two-week club with a whole-term waitlist for Year 6 children (the fixtures' children,
 * born 1 January 2020, are in Year 6 in March 2031), one place a week, already full.
 */
async function fullClub(): Promise<Club> {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: 'Chess Club',
      waitlistType: 'AllSessions',
      activities: ['2031-03-02', '2031-03-09'].map((date, i) => ({
        _id: `temp_${i}`,
        date,
        startTime: '16:00',
        endTime: '17:00',
        placeLimit: 1,
      })),
      tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '0' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const club = { _id: res.body.data._id as string, ticket: res.body.data.tickets[0]._id as string };
  await ctx.handle.db
    .updateTable('activity_groups')
    .set({ school_year_min: 6, school_year_max: 6, block_out_of_range: 1 })
    .where('id', '=', club._id)
    .execute();
  const filler = await parentWithChildren(ctx, org, ['Zed']);
  expect((await book(filler, club, filler.children[0]!)).status).toBe(201);
  return club;
}

const book = (parent: Parent, club: Club, attendee: string) =>
  ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(club._id, { ticket: club.ticket, attendees: [attendee] }),
  });

/** The organiser makes `places` places a week, as when families drop out. */
const setPlaces = (club: Club, places: number) =>
  ctx.handle.db
    .updateTable('activities')
    .set({ place_limit: places })
    .where('activity_group_id', '=', club._id)
    .execute();

const joinTogether = (parent: Parent, club: Club, attendees = parent.children) =>
  ctx.request('POST', '/api/waitlists/family', {
    token: parent.token,
    body: { activityGroup: club._id, attendees },
  });

const offerPlaces = (club: Club) =>
  ctx.request('POST', '/api/waitlists/offer-places', {
    token: org.token,
    body: { activityGroup: club._id },
  });

describe('family waitlists', () => {
  it('siblings who joined together are offered places together, in queue order', async () => {
    const club = await fullClub();
    const family = await parentWithChildren(ctx, org, ['Ann', 'Ben']);
    const joined = await joinTogether(family, club);
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.data).toHaveLength(2);
    const familyId = joined.body.data[0].familyId;
    expect(familyId).toBeTruthy();
    expect(joined.body.data[1].familyId).toBe(familyId);
    const later = await parentWithChildren(ctx, org, ['Cy']);
    const cy = await ctx.request('POST', '/api/waitlists', {
      token: later.token,
      body: { activityGroup: club._id, attendee: later.children[0] },
    });
    expect(cy.status, JSON.stringify(cy.body)).toBe(201);

    // One place frees up: the family is first, so one of them is offered it; Cy waits.
    await setPlaces(club, 2);
    const before = Date.now();
    const one = await offerPlaces(club);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({ placesFree: 1, skipped: [] });
    expect(one.body.data.offered).toHaveLength(1);
    // A second place: the other sibling joins the offer, still ahead of Cy.
    await setPlaces(club, 3);
    const two = await offerPlaces(club);
    expect(two.body.data.offered).toHaveLength(1);
    const entries = (await ctx.request('GET', '/api/waitlists', { token: family.token })).body.data;
    expect(entries.map((e: { status: string }) => e.status)).toEqual(['Ready', 'Ready']);
    // The offer never runs out at night on the organiser's clock.
    const expires = Date.parse(entries[0].offerExpiresAt);
    const due = offerDeadline(before, before + 48 * 3_600_000, 'Europe/London');
    expect(expires).toBeGreaterThanOrEqual(due - 1000);
    expect(expires).toBeLessThanOrEqual(due + 60_000);
    const cyNow = (await ctx.request('GET', '/api/waitlists', { token: later.token })).body.data;
    expect(cyNow[0].status).toBe('Waiting');

    // The parent accepts for Ben only and takes Ann off the list: her place goes to Cy.
    const ben = family.children[1]!;
    expect((await book(family, club, ben)).status).toBe(201);
    const ann = entries.find(
      (e: { attendee: { _id: string } }) => e.attendee._id === family.children[0],
    );
    const declined = await ctx.request('POST', `/api/waitlists/${ann._id}/cancel`, {
      token: family.token,
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const third = await offerPlaces(club);
    expect(third.body.data.offered).toEqual([cy.body.data[0]._id]);
  });

  it('both places at once make one family offer', async () => {
    const club = await fullClub();
    const family = await parentWithChildren(ctx, org, ['Dot', 'Eli']);
    const joined = await joinTogether(family, club);
    await setPlaces(club, 3);
    const offered = await offerPlaces(club);
    const ids = joined.body.data.map((e: { _id: string }) => e._id).sort();
    expect([...offered.body.data.offered].sort()).toEqual(ids);
    expect(offered.body.data.families.map((f: string[]) => [...f].sort())).toEqual([ids]);
  });

  it('passes over a child no longer in the school years and offers the next', async () => {
    const club = await fullClub();
    const first = await parentWithChildren(ctx, org, ['Fay']);
    const second = await parentWithChildren(ctx, org, ['Gus']);
    for (const p of [first, second])
      expect(
        (
          await ctx.request('POST', '/api/waitlists', {
            token: p.token,
            body: { activityGroup: club._id, attendee: p.children[0] },
          })
        ).status,
      ).toBe(201);
    // Fay's date of birth is corrected: she is in Year 5, outside the club's Year 6.
    await ctx.handle.db
      .updateTable('field_data')
      .set({ value: JSON.stringify('2021-01-01') })
      .where('owner_id', '=', first.children[0]!)
      .where('field_id', '=', org.fieldIds.dateOfBirth!)
      .execute();
    await setPlaces(club, 2);
    const offered = await offerPlaces(club);
    expect(offered.body.data.skipped).toEqual([
      { id: expect.any(String), reason: 'outsideAgeRange' },
    ]);
    const gus = (await ctx.request('GET', '/api/waitlists', { token: second.token })).body.data;
    expect(offered.body.data.offered).toEqual([gus[0]._id]);
    expect(gus[0].status).toBe('Ready');
  });

  it('passes over a child who has since been booked on every session', async () => {
    const club = await fullClub();
    const first = await parentWithChildren(ctx, org, ['Lou']);
    const second = await parentWithChildren(ctx, org, ['Max']);
    for (const p of [first, second])
      expect(
        (
          await ctx.request('POST', '/api/waitlists', {
            token: p.token,
            body: { activityGroup: club._id, attendee: p.children[0] },
          })
        ).status,
      ).toBe(201);
    // A place comes free and Lou's parent books it straight away, before any offer.
    await setPlaces(club, 2);
    expect((await book(first, club, first.children[0]!)).status).toBe(201);
    await setPlaces(club, 3);
    const offered = await offerPlaces(club);
    expect(offered.body.data.skipped).toEqual([
      { id: expect.any(String), reason: 'alreadyBooked' },
    ]);
    const max = (await ctx.request('GET', '/api/waitlists', { token: second.token })).body.data;
    expect(offered.body.data.offered).toEqual([max[0]._id]);
  });

  it('the join form refuses a child outside the school years with the spec message', async () => {
    const club = await fullClub();
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ school_year_min: 3, school_year_max: 4 })
      .where('id', '=', club._id)
      .execute();
    const family = await parentWithChildren(ctx, org, ['Hal', 'Ivy']);
    const view = await ctx.request(
      'GET',
      `/api/waitlists/join-view?activityGroup=${club._id}&attendee=${family.children[0]}`,
      { token: family.token },
    );
    expect(view.body.data).toMatchObject({ error: messages.ageRangeBlocked, canJoin: false });
    const alone = await ctx.request('POST', '/api/waitlists', {
      token: family.token,
      body: { activityGroup: club._id, attendee: family.children[0] },
    });
    expect(alone).toMatchObject({ status: 422, body: { message: messages.ageRangeBlocked } });
    const together = await joinTogether(family, club);
    expect(together).toMatchObject({ status: 422, body: { message: messages.ageRangeBlocked } });
    const written = await ctx.handle.db
      .selectFrom('waitlist_entries')
      .select('id')
      .where('activity_group_id', '=', club._id)
      .execute();
    expect(written).toEqual([]);
  });

  it("a parent cannot put another family's child on their waitlist; one child is not a family", async () => {
    const club = await fullClub();
    const mine = await parentWithChildren(ctx, org, ['Jo']);
    const theirs = await parentWithChildren(ctx, org, ['Kit']);
    const res = await joinTogether(mine, club, [mine.children[0]!, theirs.children[0]!]);
    expect(res.status).toBe(404);
    const single = await joinTogether(mine, club, [mine.children[0]!]);
    expect(single).toMatchObject({
      status: 422,
      body: { message: messages.familyWaitlistNeedsTwo },
    });
    const asParent = await ctx.request('POST', '/api/waitlists/offer-places', {
      token: mine.token,
      body: { activityGroup: club._id },
    });
    expect(asParent.status).toBe(403);
  });
});
