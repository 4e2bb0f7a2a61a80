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

const code = {
  name: 'Spring',
  type: 'Code',
  code: 'SPRING5',
  codeUsage: 'AllActivities',
  unit: 'FixedAmount',
  fixedAmount: '5',
};
const group = async (token: string, name: string) =>
  (
    await ctx.request('POST', '/api/activity-groups', {
      token,
      body: { name, enabled: false, activities: [], tickets: [], addOns: [] },
    })
  ).body.data._id as string;

describe('discount rules', () => {
  it('creates a code rule: 201 with data._id, amounts in minor units', async () => {
    const { token } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/discount-rules', { token, body: code });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      _id: expect.any(String),
      code: 'SPRING5',
      fixedAmount: 500,
      timesUsed: 0,
      enabled: true,
    });
  });

  it('answers with the spec messages', async () => {
    const { token } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/discount-rules', {
      token,
      body: { ...code, code: 'NO SPACES!', fixedAmount: '-1' },
    });
    expect(res.body.errors).toMatchObject({
      code: 'Code can only contain letters and numbers.',
      fixedAmount: 'Amount cannot be less than 0.',
    });
  });

  it('stores multi-purchase conditions and refuses a second rule of that type for an activity', async () => {
    const { token } = await signUpOrganiser(ctx);
    const football = await group(token, 'Football');
    const multi = {
      name: 'Book more, save more',
      type: 'MultiPurchase',
      multiPurchaseType: 'Session',
      sessionsOption: 'SameActivity',
      activityGroups: [football],
      multiSessionConditions: [
        { minimumSessions: '3', unit: 'Percentage', percentage: '10' },
        { minimumSessions: '6', unit: 'Percentage', percentage: '20' },
      ],
    };
    const first = await ctx.request('POST', '/api/discount-rules', { token, body: multi });
    expect(first.status).toBe(201);
    expect(
      first.body.data.multiSessionConditions.map(
        (c: { minimumSessions: number; percentage: number }) => [c.minimumSessions, c.percentage],
      ),
    ).toEqual([
      [3, 10],
      [6, 20],
    ]);
    const second = await ctx.request('POST', '/api/discount-rules', {
      token,
      body: { ...multi, name: 'Other' },
    });
    expect(second.body.errors.activityGroups).toBe('Another rule already applied');
    const none = await ctx.request('POST', '/api/discount-rules', {
      token,
      body: { ...multi, name: 'Empty', activityGroups: [], multiSessionConditions: [] },
    });
    expect(Object.values(none.body.errors)).toContain('At least one condition should be added.');
  });

  it('keeps codes unique per organiser, ignoring case', async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    await ctx.request('POST', '/api/discount-rules', { token: a.token, body: code });
    const clash = await ctx.request('POST', '/api/discount-rules', {
      token: a.token,
      body: { ...code, code: 'spring5' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.errors.code).toBe('This code is already used by another discount.');
    expect(
      (await ctx.request('POST', '/api/discount-rules', { token: b.token, body: code })).status,
    ).toBe(201);
  });

  it('locks used rules and refuses to delete them', async () => {
    const { token } = await signUpOrganiser(ctx);
    const rule = (await ctx.request('POST', '/api/discount-rules', { token, body: code })).body
      .data;
    await ctx.handle.db
      .updateTable('discount_rules')
      .set({ times_used: 2 })
      .where('id', '=', rule._id)
      .execute();
    const retype = await ctx.request('PUT', `/api/discount-rules/${rule._id}`, {
      token,
      body: { ...code, type: 'MultiAttendee' },
    });
    expect(retype.status).toBe(400);
    const del = await ctx.request('DELETE', `/api/discount-rules/${rule._id}`, { token });
    expect(del.status).toBe(409);
    const disable = await ctx.request('PUT', `/api/discount-rules/${rule._id}`, {
      token,
      body: { ...code, enabled: false },
    });
    expect(disable.body.data).toMatchObject({ enabled: false, timesUsed: 2 });
  });

  it('is per organiser and admin only', async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const rule = (await ctx.request('POST', '/api/discount-rules', { token: a.token, body: code }))
      .body.data;
    expect(
      (await ctx.request('PUT', `/api/discount-rules/${rule._id}`, { token: b.token, body: code }))
        .status,
    ).toBe(404);
    expect((await ctx.request('GET', '/api/discount-rules', { token: b.token })).body.data).toEqual(
      [],
    );
    const customer = await registerCustomer(ctx, a.clientId);
    expect(
      (await ctx.request('GET', '/api/discount-rules', { token: customer.token })).status,
    ).toBe(403);
    const other = await group(b.token, 'Theirs');
    const foreign = await ctx.request('POST', '/api/discount-rules', {
      token: a.token,
      body: { ...code, code: 'X1', codeUsage: 'SelectedActivities', activityGroups: [other] },
    });
    expect(foreign.status).toBe(400);
  });
});
