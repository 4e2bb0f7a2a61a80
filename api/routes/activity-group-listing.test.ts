import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createCamp, premiumOrganiser } from './bookings.fixtures.ts';

/*
 * GET /api/activity-groups/listing: the widget's listing a page at a time (issue 18). Pages are
 * cut after the filters, in the organiser's order, and carry each group's next sessions only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Org = Awaited<ReturnType<typeof premiumOrganiser>>;
interface Page {
  data: { _id: string; name: string; activities: { date: string }[]; sessionsTotal: number }[];
  meta: { next: string | null; total: number; limit: number; bySchoolYear: boolean };
}

const term = (dates: string[]) => ({
  activities: dates.map((date) => ({ date, startTime: '09:00', endTime: '10:00' })),
  tickets: [{ type: 'single', name: 'Day', price: '10' }],
  addOns: [],
});

async function group(org: Org, name: string, extra: Record<string, unknown> = {}) {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: { name, ...term(['2031-03-02']), ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

const listing = (org: Org, query: Record<string, string | number> = {}) =>
  ctx.request(
    'GET',
    `/api/activity-groups/listing?${new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    )}`,
    { clientId: org.clientId },
  );

/** Every page, following `next`, as the widget does while the parent scrolls. */
async function allPages(org: Org, query: Record<string, string | number>) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await listing(org, cursor ? { ...query, cursor } : query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    cursor = res.body.meta.next;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('GET /api/activity-groups/listing', () => {
  it('pages the published groups in the order of the full list, each group once', async () => {
    const org = await premiumOrganiser(ctx);
    for (const name of ['A', 'B', 'C', 'D', 'E']) await group(org, name);
    await group(org, 'Draft', { enabled: false });
    const full = await ctx.request('GET', '/api/activity-groups/full-list', {
      clientId: org.clientId,
    });
    const order = full.body.data.map((g: { name: string }) => g.name);
    expect(order).toHaveLength(5);

    const pages = await allPages(org, { limit: 2 });
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.meta.total)).toEqual([5, 5, 5]);
    // Nothing limits by school year here: the widget leaves its year filter out.
    expect(pages[0]?.meta.bySchoolYear).toBe(false);
    expect(pages.at(-1)?.meta.next).toBeNull();
    expect(pages.flatMap((p) => p.data.map((g) => g.name))).toEqual(order);
    // Exactly one page's worth: no empty last page to fetch.
    const exact = await allPages(org, { limit: 5 });
    expect(exact).toHaveLength(1);
    expect(exact[0]?.meta.next).toBeNull();
  });

  it('refuses a page size over the maximum, and a cursor it never gave, with a 400', async () => {
    const org = await premiumOrganiser(ctx);
    await group(org, 'A');
    const big = await listing(org, { limit: 51 });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('limit must be at most 50.');
    expect((await listing(org, { limit: 50 })).status).toBe(200);
    expect((await listing(org, { limit: 0 })).status).toBe(400);
    expect((await listing(org, { limit: 'ten' })).status).toBe(400);
    const forged = await listing(org, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('The cursor is not one this listing gave.');
    expect((await listing(org, { sessions: 21 })).status).toBe(400);
    expect((await listing(org, { unknown: 1 })).status).toBe(400);
  });

  it('filters by school year before paging, so every page but the last is full', async () => {
    const org = await premiumOrganiser(ctx);
    const young = ['Y1', 'Y2', 'Y3', 'Y4', 'Y5'];
    for (const [i, name] of young.entries()) {
      await group(org, name, { schoolYears: { min: 1, max: 2 } });
      // Older groups between the matching ones: paging first would give short pages.
      await group(org, `Older ${i}`, { schoolYears: { min: 7, max: 9 } });
    }
    const pages = await allPages(org, { limit: 2, schoolYear: 2 });
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.data.map((g) => g.name))).toEqual(young);
    expect(pages[0]?.meta.total).toBe(5);
    expect(pages[0]?.meta.bySchoolYear).toBe(true);
    const older = await listing(org, { schoolYear: 8, limit: 50 });
    expect(older.body.data.map((g: { name: string }) => g.name)).toEqual([
      'Older 0',
      'Older 1',
      'Older 2',
      'Older 3',
      'Older 4',
    ]);
  });

  it("filters by a home tab's field before paging; an unknown tab is a 404", async () => {
    const org = await premiumOrganiser(ctx);
    const sport = (
      await ctx.request('POST', '/api/fields', {
        token: org.token,
        body: {
          title: 'Sport',
          type: 'selectList',
          usage: 'activity',
          // An admin-only answer still places a group on its tab (as the full list does).
          adminOnly: true,
          fieldOptions: [{ name: 'Football' }, { name: 'Swimming' }],
        },
      })
    ).body.data;
    const [football, swimming] = sport.fieldOptions.map((o: { _id: string }) => o._id);
    for (let i = 0; i < 3; i++) {
      await group(org, `Swim ${i}`, { fieldData: { [sport._id]: swimming } });
      await group(org, `Football ${i}`, { fieldData: { [sport._id]: football } });
    }
    const tab = await ctx.request('POST', '/api/home-tabs', {
      token: org.token,
      body: {
        name: 'Football',
        path: 'football',
        type: 'fieldOption',
        field: sport._id,
        value: [football],
      },
    });
    expect(tab.status, JSON.stringify(tab.body)).toBe(201);
    const pages = await allPages(org, { tab: 'football', limit: 2 });
    expect(pages.flatMap((p) => p.data.map((g) => g.name))).toEqual([
      'Football 0',
      'Football 1',
      'Football 2',
    ]);
    expect(pages.map((p) => p.data.length)).toEqual([2, 1]);
    expect((await listing(org, { tab: 'nope' })).status).toBe(404);
  });

  it('lists the next sessions of each group and counts all upcoming ones', async () => {
    const org = await premiumOrganiser(ctx);
    const id = await group(
      org,
      'Term',
      term(['2020-01-06', '2031-01-05', '2031-01-12', '2031-01-19', '2031-01-26', '2031-02-02']),
    );
    const page = await listing(org);
    const card = page.body.data[0];
    expect(card._id).toBe(id);
    expect(card.activities.map((s: { date: string }) => s.date)).toEqual([
      '2031-01-05',
      '2031-01-12',
      '2031-01-19',
    ]);
    expect(card.sessionsTotal).toBe(5);
    const wider = await listing(org, { sessions: 10 });
    expect(wider.body.data[0].activities).toHaveLength(5);
    // The group's own page still has every upcoming session.
    const detail = await ctx.request('GET', `/api/activity-groups/${id}/public`, {
      clientId: org.clientId,
    });
    expect(detail.body.data.activities).toHaveLength(5);
  });

  it("keeps a whole-term ticket's first full session on the card, beyond the next three", async () => {
    const org = await premiumOrganiser(ctx);
    const camp = await createCamp(ctx, org);
    const last = camp.sessions[4]!;
    // The Friday has no place left (as if booked up; set directly, the count is not the point).
    await ctx.handle.db
      .updateTable('activities')
      .set({ place_limit: 0 })
      .where('id', '=', last)
      .execute();
    const card = (await listing(org)).body.data[0];
    const week = card.tickets.find((t: { _id: string }) => t._id === camp.week);
    expect(week.fullSessions).toEqual([last]);
    // The next three, then the full Friday the card names as the reason the week is unavailable.
    expect(card.activities.map((s: { _id: string }) => s._id)).toEqual([
      ...camp.sessions.slice(0, 3),
      last,
    ]);
    expect(card.activities.at(-1).placesLeft).toBe(0);
    expect(card.sessionsTotal).toBe(5);
  });

  it("shows only the named organiser's groups, and a signed-in organiser their own", async () => {
    const mine = await premiumOrganiser(ctx);
    const theirs = await premiumOrganiser(ctx);
    await group(mine, 'Mine');
    await group(theirs, 'Theirs');
    const pub = await listing(mine);
    expect(pub.body.data.map((g: { name: string }) => g.name)).toEqual(['Mine']);
    const signedIn = await ctx.request('GET', '/api/activity-groups/listing', {
      token: theirs.token,
      clientId: mine.clientId,
    });
    expect(signedIn.body.data.map((g: { name: string }) => g.name)).toEqual(['Theirs']);
    // A cursor from one organiser's listing names no group of another's.
    const two = await group(mine, 'Mine 2');
    const first = await listing(mine, { limit: 1 });
    expect(first.body.meta.next).toBeTruthy();
    const elsewhere = await listing(theirs, { cursor: first.body.meta.next });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data.map((g: { _id: string }) => g._id)).not.toContain(two);
  });
});
