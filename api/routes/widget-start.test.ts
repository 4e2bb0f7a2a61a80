import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';

/*
 * GET /api/widget-start (issue 18): /embed.js asks for it while the widget script loads, so the
 * listing paints without waiting for two more reads. It must answer exactly what those two reads
 * answer, from a plain GET (clientId in the query, no custom header).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function group(token: string, name: string) {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token,
    body: {
      name,
      activities: [{ date: '2031-03-02', startTime: '09:00', endTime: '10:00' }],
      tickets: [{ type: 'single', name: 'Day', price: '10' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

describe('GET /api/widget-start', () => {
  it("answers the organiser's settings and the listing's first page, as the two reads do", async () => {
    const org = await signUpOrganiser(ctx);
    for (let i = 1; i <= 12; i++) await group(org.token, `Group ${String(i).padStart(2, '0')}`);

    const start = await ctx.request('GET', `/api/widget-start?clientId=${org.clientId}`);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const settings = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    const listing = await ctx.request('GET', '/api/activity-groups/listing?limit=10', {
      clientId: org.clientId,
    });
    expect(start.body.data.client).toEqual(settings.body.data);
    expect(start.body.data.listing).toEqual(listing.body);
    // The first page only: the widget asks for the next one as the parent scrolls.
    expect(start.body.data.listing.data).toHaveLength(10);
    expect(start.body.data.listing.meta.next).toBeTruthy();
    // A public read a CDN may keep briefly, like the two it stands for.
    expect(start.headers.get('cache-control')).toContain('public');
  });

  it("shows one organiser's groups only, and refuses an unknown organiser, tab or parameter", async () => {
    const mine = await signUpOrganiser(ctx);
    const other = await signUpOrganiser(ctx);
    await group(mine.token, 'Mine');
    await group(other.token, 'Theirs');
    const start = await ctx.request('GET', `/api/widget-start?clientId=${mine.clientId}`);
    expect(start.body.data.listing.data.map((g: { name: string }) => g.name)).toEqual(['Mine']);

    expect((await ctx.request('GET', '/api/widget-start')).status).toBe(400);
    const unknown = '0123456789abcdef01234567';
    expect((await ctx.request('GET', `/api/widget-start?clientId=${unknown}`)).status).toBe(404);
    const tab = `/api/widget-start?clientId=${mine.clientId}&tab=nowhere`;
    expect((await ctx.request('GET', tab)).status).toBe(404);
    const extra = `/api/widget-start?clientId=${mine.clientId}&limit=500`;
    expect((await ctx.request('GET', extra)).status).toBe(400);
  });
});
