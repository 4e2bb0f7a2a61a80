import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/seed.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

/*
 * Issue 2's promise: a second organiser sees none of the demo club's data, a customer never sees
 * another customer, and another tenant's id answers 404 (never 403, which would confirm it exists).
 */
let ctx: TestContext;
let demoClientId: string;
let demoAdminToken: string;
let other: { clientId: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  demoClientId = (await seedDemo(ctx.handle.db)).clientId;
  const login = await ctx.request('POST', '/api/auth/login', {
    body: { email: 'admin@example.com', password: 'classwise-admin' },
  });
  demoAdminToken = login.body.data.token;
  other = await signUpOrganiser(ctx, { organisationName: 'Rival Rugby' });
});
afterAll(() => ctx.close());

describe('tenancy', () => {
  it('gives a new organiser an empty activity list, while the demo club has its three groups', async () => {
    const mine = await ctx.request('GET', '/api/activity-groups/full-list', { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const demo = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: demoAdminToken,
    });
    expect(demo.body.data.map((g: { name: string }) => g.name)).toEqual([
      'Junior Football – Spring Term',
      'Half-Term Multi-Sports Camp',
      'Little Dippers Swim Club',
    ]);
  });

  it('ignores an X-Client-Id header that names another tenant when signed in', async () => {
    const res = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: other.token,
      clientId: demoClientId,
    });
    expect(res.body.data).toEqual([]);
    const settings = await ctx.request('GET', '/api/client', {
      token: other.token,
      clientId: demoClientId,
    });
    expect(settings.body.data.name).toBe('Rival Rugby');
  });

  it("answers 404 for another tenant's activity group and user", async () => {
    const demo = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: demoAdminToken,
    });
    const groupId = demo.body.data[0]._id;
    expect(
      (await ctx.request('GET', `/api/activity-groups/${groupId}`, { token: other.token })).status,
    ).toBe(404);
    const demoAdmin = await ctx.request('GET', '/api/users/me', { token: demoAdminToken });
    const res = await ctx.request('GET', `/api/users/${demoAdmin.body.data._id}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
  });

  it("does not show the demo club's custom fields to another organiser", async () => {
    const res = await ctx.request('GET', '/api/fields?usage=attendee&includeAdminOnly=true', {
      token: other.token,
    });
    expect(res.body.data.map((f: { title: string }) => f.title)).not.toContain('Medical notes');
  });

  it('lets a customer read only themselves', async () => {
    const a = await registerCustomer(ctx, demoClientId, 'Ann');
    const b = await registerCustomer(ctx, demoClientId, 'Ben');
    expect((await ctx.request('GET', `/api/users/${a.user._id}`, { token: a.token })).status).toBe(
      200,
    );
    expect((await ctx.request('GET', `/api/users/${b.user._id}`, { token: a.token })).status).toBe(
      404,
    );
  });

  it('lets an admin read a customer of their own client', async () => {
    const a = await registerCustomer(ctx, demoClientId, 'Cara');
    const res = await ctx.request('GET', `/api/users/${a.user._id}`, { token: demoAdminToken });
    expect(res.body.data).toMatchObject({ fullName: 'Cara', role: 'customer' });
  });
});

describe('roles', () => {
  it('refuses the admin view of a group to a customer (403) and to a stranger (401)', async () => {
    const demo = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: demoAdminToken,
    });
    const groupId = demo.body.data[0]._id;
    const customer = await registerCustomer(ctx, demoClientId);
    expect(
      (await ctx.request('GET', `/api/activity-groups/${groupId}`, { token: customer.token }))
        .status,
    ).toBe(403);
    expect((await ctx.request('GET', `/api/activity-groups/${groupId}`)).status).toBe(401);
  });

  it('never gives admin-only fields to a customer, even when asked', async () => {
    const customer = await registerCustomer(ctx, demoClientId);
    const res = await ctx.request(
      'GET',
      '/api/fields?usage=attendee&includeAdminOnly=true&includeDisabled=true',
      { token: customer.token },
    );
    const titles = res.body.data.map((f: { title: string }) => f.title);
    expect(titles).toContain('Medical notes');
    expect(titles).not.toContain('Coach notes');
    const admin = await ctx.request('GET', '/api/fields?usage=attendee&includeAdminOnly=true', {
      token: demoAdminToken,
    });
    const coach = admin.body.data.find((f: { title: string }) => f.title === 'Coach notes');
    expect(coach).toMatchObject({ adminOnly: true });
  });
});

describe('the public widget view', () => {
  it('lists published groups for an anonymous caller who names the client', async () => {
    const res = await ctx.request('GET', '/api/activity-groups/full-list', {
      clientId: demoClientId,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const football = res.body.data[0];
    expect(football.tickets.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual(
      [
        ['Full term', 8000],
        ['Pay as you go', 950],
      ],
    );
    expect(football.activities.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown client and 400 when none is named', async () => {
    expect(
      (await ctx.request('GET', '/api/activity-groups/full-list', { clientId: 'nope' })).status,
    ).toBe(404);
    const none = await ctx.request('GET', '/api/activity-groups/full-list');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Missing X-Client-Id header.');
  });

  it('hides a disabled group from the public but not from the admin', async () => {
    const demo = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: demoAdminToken,
    });
    const groupId = demo.body.data[2]._id;
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ enabled: 0 })
      .where('id', '=', groupId)
      .execute();
    const pub = await ctx.request('GET', '/api/activity-groups/full-list', {
      clientId: demoClientId,
    });
    expect(pub.body.data.map((g: { _id: string }) => g._id)).not.toContain(groupId);
    expect(
      (
        await ctx.request('GET', `/api/activity-groups/${groupId}/public`, {
          clientId: demoClientId,
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request('GET', `/api/activity-groups/${groupId}`, { token: demoAdminToken }))
        .status,
    ).toBe(200);
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ enabled: 1 })
      .where('id', '=', groupId)
      .execute();
  });
});

describe('wire format and headers', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.request('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  it('answers a malformed JSON body with a 400, not a 500', async () => {
    const res = await ctx.request('POST', '/api/auth/login', { body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body must be JSON.');
  });

  it('allows any origin without credentials for the widget, and forbids framing the dashboard', async () => {
    const preflight = await ctx.app.request('/api/client', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://organiser.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-client-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'idempotency-key',
    );
    // The widget reads the refusal's message from another origin: errors carry CORS too, and
    // the Retry-After of a busy answer is readable.
    const refused = await ctx.app.request('/api/bookings/mine', {
      headers: { origin: 'https://organiser.example' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toBe('Retry-After');
    const admin = await ctx.app.request('/admin/');
    expect(admin.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('seed', () => {
  it('is idempotent: seeding twice keeps one demo club', async () => {
    const again = await seedDemo(ctx.handle.db);
    expect(again).toEqual({ clientId: demoClientId, created: false });
    const clubs = await ctx.handle.db
      .selectFrom('clients')
      .select('id')
      .where('name', '=', 'Demo Sports Club')
      .execute();
    expect(clubs).toHaveLength(1);
  });

  it('gives the demo parent two attendees', async () => {
    const login = await ctx.request('POST', '/api/auth/login', {
      clientId: demoClientId,
      body: { email: 'parent@example.com', password: 'classwise-parent' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.attendees).toHaveLength(2);
  });
});

describe('demo home tabs', () => {
  it("lists the demo club's tabs and each tab's activities", async () => {
    const tabs = await ctx.request('GET', '/api/home-tabs', { clientId: demoClientId });
    expect(tabs.body.data.map((t: { path: string }) => t.path)).toEqual([
      'football',
      'swimming',
      'holiday-camps',
    ]);
    const camps = await ctx.request(
      'GET',
      `/api/activity-groups/full-list?filters=${encodeURIComponent('{"tab":"holiday-camps"}')}`,
      { clientId: demoClientId },
    );
    expect(camps.body.data.map((g: { name: string }) => g.name)).toEqual([
      'Half-Term Multi-Sports Camp',
    ]);
  });
});
