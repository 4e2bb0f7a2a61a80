import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A published group needs an enabled session and ticket (issue 11, item 10). */
const BOOKABLE = {
  activities: [{ date: '2031-03-02', startTime: '09:00', endTime: '10:00' }],
  tickets: [{ type: 'all', name: 'Term', price: '10' }],
};

async function clubWithSports() {
  const org = await signUpOrganiser(ctx);
  const sport = (
    await ctx.request('POST', '/api/fields', {
      token: org.token,
      body: {
        title: 'Sport',
        type: 'selectList',
        usage: 'activity',
        fieldOptions: [{ name: 'Football' }, { name: 'Swimming' }],
      },
    })
  ).body.data;
  const [football, swimming] = sport.fieldOptions.map((o: { _id: string }) => o._id);
  const group = (name: string, option: string) =>
    ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: { name, fieldData: { [sport._id]: option }, ...BOOKABLE, addOns: [] },
    });
  await group('Junior Football', football);
  await group('Little Dippers', swimming);
  return { ...org, sport, football, swimming };
}

const tab = (
  club: Awaited<ReturnType<typeof clubWithSports>>,
  overrides: Record<string, unknown> = {},
) => ({
  name: 'Football',
  path: 'football',
  type: 'fieldOption',
  field: club.sport._id,
  value: [club.football],
  ...overrides,
});

describe('home tabs', () => {
  it("lists a tab's groups in the public view at its path", async () => {
    const club = await clubWithSports();
    const created = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club),
    });
    expect(created.status).toBe(201);
    const listing = await ctx.request(
      'GET',
      `/api/activity-groups/full-list?filters=${encodeURIComponent(JSON.stringify({ tab: 'football' }))}`,
      { clientId: club.clientId },
    );
    expect(listing.body.data.map((g: { name: string }) => g.name)).toEqual(['Junior Football']);
    const tabs = await ctx.request('GET', '/api/home-tabs', { clientId: club.clientId });
    expect(tabs.body.data.map((t: { path: string }) => t.path)).toEqual(['football']);
    const unknown = await ctx.request(
      'GET',
      `/api/activity-groups/full-list?filters=${encodeURIComponent('{"tab":"nope"}')}`,
      {
        clientId: club.clientId,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it('checks the path: pattern and uniqueness, with the spec messages', async () => {
    const club = await clubWithSports();
    const bad = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club, { path: 'Foot ball' }),
    });
    expect(bad.body.errors.path).toBe('Path is invalid');
    const first = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club),
    });
    const again = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club, { name: 'Soccer' }),
    });
    expect(again.body.errors.path).toBe('Path has already been used for another tab.');
    // A body naming the existing tab does not make its path "its own": only the URL says which tab.
    const posing = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: { ...tab(club, { name: 'Soccer' }), _id: first.body.data._id },
    });
    expect(posing.status).toBe(400);
    expect(posing.body.errors.path).toBe('Path has already been used for another tab.');
    const second = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club, { name: 'Soccer', path: 'soccer' }),
    });
    const renamed = await ctx.request('PUT', `/api/home-tabs/${second.body.data._id}`, {
      token: club.token,
      body: { ...tab(club, { name: 'Soccer' }), _id: first.body.data._id },
    });
    expect(renamed.body.errors.path).toBe('Path has already been used for another tab.');
    const kept = await ctx.request('PUT', `/api/home-tabs/${first.body.data._id}`, {
      token: club.token,
      body: tab(club, { name: 'Football club' }),
    });
    expect(kept.status).toBe(200);
    const none = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club, { path: 'x', value: [] }),
    });
    expect(none.body.errors.value).toBe('At least one option should be selected.');
  });

  it('refuses a field that cannot filter and options of another field', async () => {
    const club = await clubWithSports();
    const notes = (
      await ctx.request('POST', '/api/fields', {
        token: club.token,
        body: { title: 'Notes', type: 'text', usage: 'activity' },
      })
    ).body.data;
    const wrongField = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club, { field: notes._id }),
    });
    expect(wrongField.status).toBe(400);
    const wrongValue = await ctx.request('POST', '/api/home-tabs', {
      token: club.token,
      body: tab(club, { value: ['elsewhere'] }),
    });
    expect(wrongValue.status).toBe(400);
  });

  it('keeps a disabled tab from the public but not from the admin, and blocks disabling its option', async () => {
    const club = await clubWithSports();
    const created = (
      await ctx.request('POST', '/api/home-tabs', {
        token: club.token,
        body: tab(club, { enabled: false }),
      })
    ).body.data;
    expect(
      (await ctx.request('GET', '/api/home-tabs', { clientId: club.clientId })).body.data,
    ).toEqual([]);
    expect(
      (await ctx.request('GET', '/api/home-tabs', { token: club.token })).body.data,
    ).toHaveLength(1);
    const fieldOptions = club.sport.fieldOptions.map((o: { _id: string; name: string }) => ({
      ...o,
      enabled: o._id !== club.football,
    }));
    const disable = await ctx.request('PUT', `/api/fields/${club.sport._id}`, {
      token: club.token,
      body: { title: 'Sport', type: 'selectList', usage: 'activity', fieldOptions },
    });
    expect(disable.status).toBe(409);
    expect(
      (await ctx.request('DELETE', `/api/home-tabs/${created._id}`, { token: club.token })).status,
    ).toBe(200);
  });

  it('hides answers to admin-only activity fields from the public view', async () => {
    const org = await signUpOrganiser(ctx);
    const secret = (
      await ctx.request('POST', '/api/fields', {
        token: org.token,
        body: { title: 'Coach pay band', type: 'text', usage: 'activity', adminOnly: true },
      })
    ).body.data;
    const group = (
      await ctx.request('POST', '/api/activity-groups', {
        token: org.token,
        body: {
          name: 'Chess',
          fieldData: { [secret._id]: 'B2' },
          ...BOOKABLE,
          addOns: [],
        },
      })
    ).body.data;
    expect(group.fieldData).toEqual({ [secret._id]: 'B2' });
    const pub = await ctx.request('GET', `/api/activity-groups/${group._id}/public`, {
      clientId: org.clientId,
    });
    expect(pub.body.data.fieldData).toEqual({});
  });

  it('is managed by admins of the client only', async () => {
    const club = await clubWithSports();
    const other = await signUpOrganiser(ctx);
    const created = (
      await ctx.request('POST', '/api/home-tabs', { token: club.token, body: tab(club) })
    ).body.data;
    expect(
      (await ctx.request('DELETE', `/api/home-tabs/${created._id}`, { token: other.token })).status,
    ).toBe(404);
    const customer = await registerCustomer(ctx, club.clientId);
    expect(
      (
        await ctx.request('POST', '/api/home-tabs', {
          token: customer.token,
          body: tab(club, { path: 'x' }),
        })
      ).status,
    ).toBe(403);
  });
});
