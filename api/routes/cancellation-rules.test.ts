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

const rule = {
  name: '48 hours',
  sessionScope: 'singleSession',
  cancellationWindow: { amount: '48', unit: 'hours' },
  config: { percentageToRefund: '50.4', fee: '1.50', refundMethods: ['accountCredit'] },
};

const premium = async () => {
  const org = await signUpOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ plan_level: 20 })
    .where('id', '=', org.clientId)
    .execute();
  return org;
};

describe('cancellation rules', () => {
  it('creates a rule: percentage rounded to a whole number, fee in minor units', async () => {
    const { token } = await premium();
    const res = await ctx.request('POST', '/api/cancellation-rules', { token, body: rule });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      cancellationWindow: { amount: 48, unit: 'hours' },
      config: { percentageToRefund: 50, fee: 150, refundMethods: ['accountCredit'] },
    });
    expect((await ctx.request('GET', '/api/cancellation-rules', { token })).body.data).toHaveLength(
      1,
    );
  });

  it('answers with the spec messages', async () => {
    const { token } = await premium();
    const res = await ctx.request('POST', '/api/cancellation-rules', {
      token,
      body: {
        ...rule,
        cancellationWindow: { amount: '0', unit: 'hours' },
        config: { percentageToRefund: '101', fee: '-1' },
      },
    });
    expect(res.body.errors).toMatchObject({
      'cancellationWindow.amount': 'Amount cannot be less than 1.',
      'config.percentageToRefund': 'Percentage cannot be greater than 100.',
    });
  });

  it('offers account credit only from the Premium plan', async () => {
    const standard = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/cancellation-rules', {
      token: standard.token,
      body: rule,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors['config.refundMethods']).toMatch(/Premium/);
  });

  it('clears fee and methods when nothing is refunded', async () => {
    const { token } = await premium();
    const res = await ctx.request('POST', '/api/cancellation-rules', {
      token,
      body: {
        ...rule,
        config: { percentageToRefund: '0', fee: '5', refundMethods: ['accountCredit'] },
      },
    });
    expect(res.body.data.config).toMatchObject({
      percentageToRefund: 0,
      fee: 0,
      refundMethods: [],
    });
  });

  it('edits and deletes, per organiser, admins only', async () => {
    const a = await premium();
    const b = await premium();
    const created = (
      await ctx.request('POST', '/api/cancellation-rules', { token: a.token, body: rule })
    ).body.data;
    const edited = await ctx.request('PUT', `/api/cancellation-rules/${created._id}`, {
      token: a.token,
      body: { ...rule, name: '2 days', cancellationWindow: { amount: '2', unit: 'days' } },
    });
    expect(edited.body.data.cancellationWindow).toEqual({ amount: 2, unit: 'days' });
    expect(
      (
        await ctx.request('PUT', `/api/cancellation-rules/${created._id}`, {
          token: b.token,
          body: rule,
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request('DELETE', `/api/cancellation-rules/${created._id}`, { token: b.token }))
        .status,
    ).toBe(404);
    const customer = await registerCustomer(ctx, a.clientId);
    expect(
      (await ctx.request('GET', '/api/cancellation-rules', { token: customer.token })).status,
    ).toBe(403);
    expect(
      (await ctx.request('DELETE', `/api/cancellation-rules/${created._id}`, { token: a.token }))
        .status,
    ).toBe(200);
    expect(
      (await ctx.request('GET', '/api/cancellation-rules', { token: a.token })).body.data,
    ).toEqual([]);
  });

  it('applies to the groups that name it', async () => {
    const { token } = await premium();
    const created = (await ctx.request('POST', '/api/cancellation-rules', { token, body: rule }))
      .body.data;
    const group = await ctx.request('POST', '/api/activity-groups', {
      token,
      body: {
        name: 'Judo',
        enabled: false,
        cancellationRules: [created._id],
        activities: [],
        tickets: [],
        addOns: [],
      },
    });
    expect(group.body.data.cancellationRules).toEqual([created._id]);
    const list = await ctx.request('GET', '/api/cancellation-rules', { token });
    expect(list.body.data[0].activityGroups).toEqual([group.body.data._id]);
  });
});

describe('subscription plans', () => {
  it('lists the demo-like plans of the client only', async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const now = new Date().toISOString();
    await ctx.handle.db
      .insertInto('subscription_plans')
      .values({
        id: 'plan-a',
        client_id: a.clientId,
        name: 'Monthly',
        amount: 3600,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(
      (await ctx.request('GET', '/api/subscription-plans', { token: a.token })).body.data,
    ).toEqual([
      { _id: 'plan-a', name: 'Monthly', amount: 3600, enabled: true, usedByTicket: null },
    ]);
    expect(
      (await ctx.request('GET', '/api/subscription-plans', { token: b.token })).body.data,
    ).toEqual([]);
  });
});
