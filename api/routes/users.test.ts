import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
let org: { clientId: string; token: string };
let other: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
  other = await signUpOrganiser(ctx);
  for (const name of ['Zoe Zebra', 'Anna Apple', 'Bob Percent_Sign', 'Cara Crane']) {
    await registerCustomer(ctx, org.clientId, name);
  }
  await registerCustomer(ctx, other.clientId, 'Anna Elsewhere');
});
afterAll(() => ctx.close());

const list = (query: string, token = org.token) =>
  ctx.request('GET', `/api/users${query}`, { token });
const names = (body: { data: { fullName: string }[] }) => body.data.map((u) => u.fullName);
const filters = (value: object) => `filters=${encodeURIComponent(JSON.stringify(value))}`;

describe('GET /api/users (the Customers screen)', () => {
  it('pages the client’s customers by name, with the total of every match', async () => {
    const first = await list(`?page=1&limit=2&${filters({ role: 'customer' })}`);
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['Anna Apple', 'Bob Percent_Sign']);
    expect(first.body.meta).toEqual({ page: 1, limit: 2, total: 4 });
    const second = await list(`?page=2&limit=2&${filters({ role: 'customer' })}`);
    expect(names(second.body)).toEqual(['Cara Crane', 'Zoe Zebra']);
  });

  it('never shows another client’s users', async () => {
    const all = await list('?limit=100');
    expect(names(all.body)).not.toContain('Anna Elsewhere');
    expect(names(all.body)).toContain('Olive Owner');
    const theirs = await list(`?${filters({ search: 'anna' })}`, other.token);
    expect(names(theirs.body)).toEqual(['Anna Elsewhere']);
  });

  it('searches name and email case-insensitively, wildcards taken literally', async () => {
    expect(names((await list(`?${filters({ search: 'ANNA' })}`)).body)).toEqual(['Anna Apple']);
    expect(names((await list(`?${filters({ search: '@home.test' })}`)).body)).toHaveLength(4);
    expect(names((await list(`?${filters({ search: 't_s' })}`)).body)).toEqual([
      'Bob Percent_Sign',
    ]);
    expect((await list(`?${filters({ search: '%' })}`)).body.data).toEqual([]);
  });

  it('lists each customer’s attendees', async () => {
    const parent = await registerCustomer(ctx, org.clientId, 'Dana Dove');
    const fields = await ctx.request('GET', '/api/fields?usage=attendee', { token: org.token });
    const id = (key: string) =>
      fields.body.data.find((f: { internalKey: string }) => f.internalKey === key)._id;
    const created = await ctx.request('POST', '/api/attendees', {
      token: org.token,
      body: {
        userId: parent.user._id,
        fieldData: [
          { field: id('firstName'), value: 'Ivy' },
          { field: id('lastName'), value: 'Dove' },
          { field: id('dateOfBirth'), value: '2018-02-03' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const res = await list(`?${filters({ search: 'dana' })}`);
    expect(res.body.data).toMatchObject([
      { fullName: 'Dana Dove', attendees: [created.body.data._id] },
    ]);
  });

  it('is for admins only, and refuses bad paging', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    expect((await list('', parent.token)).status).toBe(403);
    expect((await ctx.request('GET', '/api/users')).status).toBe(401);
    expect((await list('?limit=0')).status).toBe(400);
    expect((await list('?filters=nope')).status).toBe(400);
    expect((await list(`?${filters({ role: 'owner' })}`)).status).toBe(400);
  });
});
