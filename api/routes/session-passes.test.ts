import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPassCredits } from '../services/bookings/load.ts';
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
const group = async (token: string, name: string) =>
  (
    await ctx.request('POST', '/api/activity-groups', {
      token,
      body: { name, ...BOOKABLE, addOns: [] },
    })
  ).body.data._id as string;

const tenCredits = {
  creditAmount: '10',
  price: '45.50',
  expiresAfter: { amount: '3', unit: 'months' },
};

describe('session passes', () => {
  it('creates a pass with its activities and purchase options: 201, prices in minor units', async () => {
    const { token } = await signUpOrganiser(ctx);
    const football = await group(token, 'Football');
    const res = await ctx.request('POST', '/api/session-passes', {
      token,
      body: {
        name: 'Football pass',
        activityGroups: [football],
        purchaseOptions: [tenCredits, { creditAmount: 1, price: '5' }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      _id: expect.any(String),
      name: 'Football pass',
      activityGroups: [football],
      enabled: true,
      purchaseOptions: [
        {
          creditAmount: 1,
          price: 500,
          expiresAfter: { amount: null, unit: 'days' },
          enabled: true,
        },
        { creditAmount: 10, price: 4550, expiresAfter: { amount: 3, unit: 'months' } },
      ],
    });
    const list = await ctx.request('GET', '/api/session-passes', { token });
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Football pass']);
  });

  it('answers with the spec messages and writes nothing', async () => {
    const { token } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/session-passes', {
      token,
      body: {
        name: '',
        purchaseOptions: [{ creditAmount: '0', price: '-1', expiresAfter: { amount: '0' } }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: 'Required',
      'purchaseOptions.0.creditAmount': 'Amount cannot be less than 1.',
      'purchaseOptions.0.price': 'Price cannot be negative',
      'purchaseOptions.0.expiresAfter.amount':
        'Amount cannot be less than 1, however it can be left blank.',
    });
    expect((await ctx.request('GET', '/api/session-passes', { token })).body.data).toEqual([]);
  });

  it("refuses an activity already in another pass ('Another pass already applied')", async () => {
    const { token } = await signUpOrganiser(ctx);
    const swim = await group(token, 'Swimming');
    const first = await ctx.request('POST', '/api/session-passes', {
      token,
      body: { name: 'Swim pass', activityGroups: [swim], purchaseOptions: [tenCredits] },
    });
    const second = await ctx.request('POST', '/api/session-passes', {
      token,
      body: { name: 'Other', activityGroups: [swim] },
    });
    expect(second.status).toBe(400);
    expect(second.body.errors.activityGroups).toBe('Another pass already applied');
    // Saving the pass that holds the activity is not "another pass".
    const again = await ctx.request('PUT', `/api/session-passes/${first.body.data._id}`, {
      token,
      body: { name: 'Swim pass', activityGroups: [swim], purchaseOptions: [] },
    });
    expect(again.status).toBe(200);
  });

  it('lets only one of two racing saves take an activity', async () => {
    const { token } = await signUpOrganiser(ctx);
    const gym = await group(token, 'Gymnastics');
    const results = await Promise.all(
      ['One', 'Two'].map((name) =>
        ctx.request('POST', '/api/session-passes', {
          token,
          body: { name, activityGroups: [gym] },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)?.body.errors.activityGroups).toBe(
      'Another pass already applied',
    );
  });

  it('updates options in place, creates temp_ ones, drops missing ones', async () => {
    const { token } = await signUpOrganiser(ctx);
    const created = (
      await ctx.request('POST', '/api/session-passes', {
        token,
        body: { name: 'Pass', purchaseOptions: [tenCredits, { creditAmount: 2, price: 9 }] },
      })
    ).body.data;
    const [two, ten] = created.purchaseOptions;
    const res = await ctx.request('PUT', `/api/session-passes/${created._id}`, {
      token,
      body: {
        name: 'Renamed',
        enabled: false,
        purchaseOptions: [
          { _id: ten._id, creditAmount: 10, price: '40', enabled: false },
          { _id: 'temp_new', creditAmount: 20, price: '70' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', enabled: false });
    expect(
      res.body.data.purchaseOptions.map((o: { _id: string; price: number; enabled: boolean }) => [
        o._id === ten._id,
        o.price,
        o.enabled,
      ]),
    ).toEqual([
      [true, 4000, false],
      [false, 7000, true],
    ]);
    expect(res.body.data.purchaseOptions.some((o: { _id: string }) => o._id === two._id)).toBe(
      false,
    );
  });

  it('shows customers enabled passes with their enabled options only', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const tennis = await group(token, 'Tennis');
    await ctx.request('POST', '/api/session-passes', {
      token,
      body: {
        name: 'Tennis pass',
        activityGroups: [tennis],
        purchaseOptions: [tenCredits, { creditAmount: 1, price: 5, enabled: false }],
      },
    });
    await ctx.request('POST', '/api/session-passes', {
      token,
      body: { name: 'Hidden', enabled: false, purchaseOptions: [tenCredits] },
    });
    const res = await ctx.request('GET', '/api/session-passes/public', { clientId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        _id: expect.any(String),
        name: 'Tennis pass',
        activityGroups: [{ _id: tennis, name: 'Tennis' }],
        purchaseOptions: [expect.objectContaining({ creditAmount: 10, price: 4550 })],
      },
    ]);
  });

  it('grants credits the booking engine can spend, and then refuses to delete the pass', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const judo = await group(token, 'Judo');
    const pass = (
      await ctx.request('POST', '/api/session-passes', {
        token,
        body: { name: 'Judo pass', activityGroups: [judo], purchaseOptions: [tenCredits] },
      })
    ).body.data;
    const parent = await registerCustomer(ctx, clientId);
    const bad = await ctx.request('POST', `/api/session-passes/${pass._id}/credits`, {
      token,
      body: { userId: parent.user._id, credits: '0', expiresAt: '2000-01-01T00:00:00Z' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      credits: 'Credits cannot be less than 1.',
      expiresAt: 'The expiry must be in the future.',
    });
    const grant = await ctx.request('POST', `/api/session-passes/${pass._id}/credits`, {
      token,
      body: { userId: parent.user._id, credits: 4 },
    });
    expect(grant.status).toBe(201);
    expect(grant.body.data).toEqual({
      userId: parent.user._id,
      sessionPassId: pass._id,
      balance: 4,
    });
    const more = await ctx.request('POST', `/api/session-passes/${pass._id}/credits`, {
      token,
      body: { userId: parent.user._id, credits: 2, expiresAt: '2099-01-01T00:00:00Z' },
    });
    expect(more.body.data.balance).toBe(6);
    const pots = await loadPassCredits(ctx.handle.db, clientId, parent.user._id);
    expect(pots.map((p) => [p.credits, p.expiresAt, p.activityGroupIds])).toEqual(
      expect.arrayContaining([
        [4, null, [judo]],
        [2, '2099-01-01T00:00:00.000Z', [judo]],
      ]),
    );
    const del = await ctx.request('DELETE', `/api/session-passes/${pass._id}`, { token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(
      'Sorry, this session pass cannot be deleted as credits have already been issued for it. Please disable it instead.',
    );
  });

  it('deletes a pass nobody holds credits of', async () => {
    const { token } = await signUpOrganiser(ctx);
    const judo = await group(token, 'Judo');
    const pass = (
      await ctx.request('POST', '/api/session-passes', {
        token,
        body: { name: 'Judo pass', activityGroups: [judo], purchaseOptions: [tenCredits] },
      })
    ).body.data;
    expect((await ctx.request('DELETE', `/api/session-passes/${pass._id}`, { token })).status).toBe(
      200,
    );
    expect((await ctx.request('GET', '/api/session-passes', { token })).body.data).toEqual([]);
    // Its activity is free for another pass again.
    const next = await ctx.request('POST', '/api/session-passes', {
      token,
      body: { name: 'New judo pass', activityGroups: [judo] },
    });
    expect(next.status).toBe(201);
  });

  it('is per organiser and admin only', async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const pass = (
      await ctx.request('POST', '/api/session-passes', {
        token: a.token,
        body: { name: 'A pass', purchaseOptions: [tenCredits] },
      })
    ).body.data;
    const body = { name: 'Taken over', purchaseOptions: [] };
    for (const [method, path, payload] of [
      ['GET', `/api/session-passes/${pass._id}`, undefined],
      ['PUT', `/api/session-passes/${pass._id}`, body],
      ['DELETE', `/api/session-passes/${pass._id}`, undefined],
      ['POST', `/api/session-passes/${pass._id}/credits`, { userId: 'x', credits: 1 }],
    ] as const) {
      expect((await ctx.request(method, path, { token: b.token, body: payload })).status).toBe(404);
    }
    expect((await ctx.request('GET', '/api/session-passes', { token: b.token })).body.data).toEqual(
      [],
    );
    expect(
      (await ctx.request('GET', '/api/session-passes/public', { clientId: b.clientId })).body.data,
    ).toEqual([]);
    // Another tenant's activity, another pass's option, another tenant's customer: refused.
    const theirs = await group(b.token, 'Theirs');
    const foreignGroup = await ctx.request('POST', '/api/session-passes', {
      token: a.token,
      body: { name: 'X', activityGroups: [theirs] },
    });
    expect(foreignGroup.status).toBe(400);
    const other = (
      await ctx.request('POST', '/api/session-passes', {
        token: b.token,
        body: { name: 'B pass', purchaseOptions: [tenCredits] },
      })
    ).body.data;
    const stolenOption = await ctx.request('PUT', `/api/session-passes/${pass._id}`, {
      token: a.token,
      body: {
        name: 'A pass',
        purchaseOptions: [{ ...tenCredits, _id: other.purchaseOptions[0]._id }],
      },
    });
    expect(stolenOption.status).toBe(400);
    const theirParent = await registerCustomer(ctx, b.clientId);
    const foreignUser = await ctx.request('POST', `/api/session-passes/${pass._id}/credits`, {
      token: a.token,
      body: { userId: theirParent.user._id, credits: 1 },
    });
    expect(foreignUser.status).toBe(400);
    const customer = await registerCustomer(ctx, a.clientId);
    expect(
      (await ctx.request('GET', '/api/session-passes', { token: customer.token })).status,
    ).toBe(403);
    expect(
      (
        await ctx.request('POST', '/api/session-passes', {
          token: customer.token,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);
    expect((await ctx.request('GET', '/api/session-passes')).status).toBe(401);
  });
});
