import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basket,
  createCamp,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { PRIVATE_READ, PUBLIC_READ } from './caching.ts';

/*
 * What a browser or CDN in front of the API may keep: the widget's public reads briefly, with a
 * validator; the booking steps never.
 */
let ctx: TestContext;
let org: Awaited<ReturnType<typeof premiumOrganiser>>;
let camp: Awaited<ReturnType<typeof createCamp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
});
afterAll(() => ctx.close());

const publicReads = () => [
  '/api/activity-groups/full-list',
  '/api/activity-groups/listing?limit=10',
  `/api/activity-groups/${camp._id}/public`,
  '/api/client',
];

describe('public reads', () => {
  it('are cacheable for a few seconds, served stale while revalidated, keyed on the organiser', async () => {
    for (const path of publicReads()) {
      const res = await ctx.request('GET', path, { clientId: org.clientId });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(PUBLIC_READ);
      expect(res.headers.get('cache-control'), path).toMatch(/stale-while-revalidate=\d+/);
      expect(res.headers.get('vary'), path).toMatch(/X-Client-Id/i);
      expect(res.headers.get('etag'), path).toMatch(/^"[^"]+"$/);
    }
  });

  it('answer 304 with no body to a matching If-None-Match, and 200 once the data changed', async () => {
    const path = `/api/activity-groups/${camp._id}/public`;
    const first = await ctx.request('GET', path, { clientId: org.clientId });
    const tag = first.headers.get('etag') ?? '';
    const again = await ctx.request('GET', path, {
      clientId: org.clientId,
      headers: { 'if-none-match': tag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe(PUBLIC_READ);

    // The organiser renames the camp: the old tag no longer matches.
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ name: 'Autumn Camp' })
      .where('id', '=', camp._id)
      .execute();
    const changed = await ctx.request('GET', path, {
      clientId: org.clientId,
      headers: { 'if-none-match': tag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(changed.body.data.name).toBe('Autumn Camp');
  });

  it('are private and revalidated every time for a signed-in admin', async () => {
    const res = await ctx.request('GET', '/api/activity-groups/full-list', { token: org.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PRIVATE_READ);
    const again = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: org.token,
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('an organiser settings write is not marked cacheable', async () => {
    const res = await ctx.request('PUT', '/api/client', { token: org.token, body: {} });
    expect(res.headers.get('cache-control')).not.toBe(PUBLIC_READ);
  });
});

describe('booking steps', () => {
  it('quote, hold and book are never stored by any cache', async () => {
    const parent = await parentWithChildren(ctx, org);
    const body = basket(camp._id, { ticket: camp.week, attendees: [parent.children[0]!] });
    for (const path of ['/api/bookings/quote', '/api/bookings/holds', '/api/bookings']) {
      const res = await ctx.request('POST', path, {
        token: parent.token,
        clientId: org.clientId,
        body,
      });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('etag'), path).toBeNull();
    }
    const mine = await ctx.request('GET', '/api/bookings/mine', {
      token: parent.token,
      clientId: org.clientId,
    });
    expect(mine.headers.get('cache-control')).toBe('no-store');
  });
});
