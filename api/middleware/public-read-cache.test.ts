import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowPayLater,
  basket,
  bookDayPayLater,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, registerCustomer, type TestContext } from '../test/harness.ts';

/*
 * The anonymous public reads are answered from memory for a moment (PUBLIC_READ_CACHE_MS): what a
 * parent sees is never older than that, a write this process answers shows at once, and a
 * signed-in organiser never gets a kept copy.
 */
const TTL_MS = 400;
let ctx: TestContext;
let org: Organiser;
let other: Organiser;
let camp: Camp;

beforeAll(async () => {
  ctx = await createTestContext({ publicReadCacheMs: TTL_MS });
  org = await premiumOrganiser(ctx);
  other = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org, { placeLimit: 5 });
});
afterAll(() => ctx.close());

const renameDirectly = (name: string) =>
  ctx.handle.db.updateTable('activity_groups').set({ name }).where('id', '=', camp._id).execute();
const publicGroup = () =>
  ctx.request('GET', `/api/activity-groups/${camp._id}/public`, { clientId: org.clientId });
const firstDayPlacesLeft = (res: Awaited<ReturnType<typeof publicGroup>>) =>
  res.body.data.activities.find((a: { _id: string }) => a._id === camp.sessions[0]).placesLeft;
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('public reads kept in memory', () => {
  it('answer a repeat read from memory for at most the set time', async () => {
    await renameDirectly('Summer Camp');
    expect((await publicGroup()).body.data.name).toBe('Summer Camp');
    // A change nothing in this process announced (another process, a job) waits out the copy.
    await renameDirectly('Sunny Camp');
    expect((await publicGroup()).body.data.name).toBe('Summer Camp');
    await wait(TTL_MS + 100);
    expect((await publicGroup()).body.data.name).toBe('Sunny Camp');
  });

  it('show a booking at once: the write drops its organiser’s kept copies', async () => {
    await allowPayLater(ctx, org);
    const parent = await parentWithChildren(ctx, org);
    await wait(TTL_MS + 100);
    const before = firstDayPlacesLeft(await publicGroup());
    const booked = await bookDayPayLater(ctx, org, parent, camp, camp.sessions[0]!);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(firstDayPlacesLeft(await publicGroup())).toBe(before - 1);
  });

  it('stay kept while parents sign in and price their baskets', async () => {
    const parent = await parentWithChildren(ctx, org);
    const account = await registerCustomer(ctx, org.clientId);
    await wait(TTL_MS + 100);
    await renameDirectly('Kept Camp');
    expect((await publicGroup()).body.data.name).toBe('Kept Camp');
    await renameDirectly('Renamed Camp');
    const signedIn = await ctx.request('POST', '/api/auth/login', {
      clientId: org.clientId,
      body: { email: account.email, password: 'parent-pass' },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const quoted = await ctx.request('POST', '/api/bookings/quote', {
      token: parent.token,
      clientId: org.clientId,
      body: basket(camp._id, { ticket: camp.week, attendees: [parent.children[0]!] }),
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect((await publicGroup()).body.data.name).toBe('Kept Camp');
  });

  it('never keep a signed-in organiser’s read', async () => {
    const read = () => ctx.request('GET', '/api/activity-groups/full-list', { token: org.token });
    await read();
    await renameDirectly('Camp for the admin');
    const names = (await read()).body.data.map((g: { name: string }) => g.name);
    expect(names).toContain('Camp for the admin');
  });

  it('keep each organiser’s copy apart', async () => {
    await ctx.request('PUT', '/api/client', { token: other.token, body: { name: 'Other Club' } });
    const mine = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    const theirs = await ctx.request('GET', '/api/client', { clientId: other.clientId });
    expect(mine.body.data._id).toBe(org.clientId);
    expect(theirs.body.data._id).toBe(other.clientId);
  });

  it('still answer 304 to the kept copy’s ETag', async () => {
    const first = await publicGroup();
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await ctx.request('GET', `/api/activity-groups/${camp._id}/public`, {
      clientId: org.clientId,
      headers: { 'if-none-match': tag },
    });
    expect(again.status).toBe(304);
  });
});
