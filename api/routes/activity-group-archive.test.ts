import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
let org: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
});
afterAll(() => ctx.close());

const form = (name: string) => ({
  name,
  description: '<p>Mini tennis</p>',
  enabled: true,
  activities: [{ _id: 'temp_a', date: '2030-03-02', startTime: '09:00', endTime: '10:00' }],
  tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '20' }],
});

async function createGroup(name: string) {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: form(name),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((g) => g.name);
const listPath = (filters?: object) =>
  `/api/activity-groups/full-list${filters ? `?filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`;
const adminList = (filters?: object) => ctx.request('GET', listPath(filters), { token: org.token });
const publicList = (filters?: object) =>
  ctx.request('GET', listPath(filters), { headers: { 'x-client-id': org.clientId } });
const publicGroup = (id: string) =>
  ctx.request('GET', `/api/activity-groups/${id}/public`, {
    headers: { 'x-client-id': org.clientId },
  });

describe('archiving an activity group', () => {
  it('hides it from the widget and the default list, a filter shows it, unarchive brings it back', async () => {
    const spring = await createGroup('Spring Tennis');
    await createGroup('Summer Tennis');
    expect(names(await publicList())).toContain('Spring Tennis');
    expect((await publicGroup(spring)).status).toBe(200);

    const archived = await ctx.request('POST', `/api/activity-groups/${spring}/archive`, {
      token: org.token,
      body: {},
    });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.data.archived).toBe(true);

    expect(names(await publicList())).not.toContain('Spring Tennis');
    // The widget cannot ask for archived groups the way the dashboard's filter does.
    expect(names(await publicList({ archived: true }))).toEqual([]);
    expect((await publicGroup(spring)).status).toBe(404);
    expect(names(await adminList())).toEqual(['Summer Tennis']);
    expect(names(await adminList({ archived: true }))).toEqual(['Spring Tennis']);
    // Its own page, sales and sessions are still there for the organiser.
    const own = await ctx.request('GET', `/api/activity-groups/${spring}`, { token: org.token });
    expect(own.status).toBe(200);
    expect(own.body.data.activities).toHaveLength(1);
    const sales = await ctx.request('GET', `/api/activity-groups/${spring}/sales`, {
      token: org.token,
    });
    expect(sales.status).toBe(200);

    const back = await ctx.request('POST', `/api/activity-groups/${spring}/unarchive`, {
      token: org.token,
      body: {},
    });
    expect(back.status).toBe(200);
    expect(names(await publicList())).toContain('Spring Tennis');
    expect(names(await adminList())).toEqual(['Spring Tennis', 'Summer Tennis']);
  });

  it("answers 404 for another organiser's group and is admin only", async () => {
    const id = await createGroup('Autumn Tennis');
    const other = await signUpOrganiser(ctx);
    const byOther = await ctx.request('POST', `/api/activity-groups/${id}/archive`, {
      token: other.token,
      body: {},
    });
    expect(byOther.status).toBe(404);
    const customer = await registerCustomer(ctx, org.clientId);
    const byCustomer = await ctx.request('POST', `/api/activity-groups/${id}/archive`, {
      token: customer.token,
      body: {},
    });
    expect(byCustomer.status).toBe(403);
    expect(names(await publicList())).toContain('Autumn Tennis');
  });
});
