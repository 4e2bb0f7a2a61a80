import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
let org: { clientId: string; token: string };
let fields: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
  const medical = await ctx.request('POST', '/api/fields', {
    token: org.token,
    body: { title: 'Medical notes', type: 'text', usage: 'attendee', required: true },
  });
  const coach = await ctx.request('POST', '/api/fields', {
    token: org.token,
    body: { title: 'Coach notes', type: 'text', usage: 'attendee', adminOnly: true },
  });
  expect([medical.status, coach.status]).toEqual([201, 201]);
  const list = await ctx.request('GET', '/api/fields?usage=attendee&includeAdminOnly=true', {
    token: org.token,
  });
  fields = Object.fromEntries(
    list.body.data.map((f: { _id: string; internalKey: string | null; title: string }) => [
      f.internalKey ?? f.title,
      f._id,
    ]),
  );
});
afterAll(() => ctx.close());

const child = (overrides: Record<string, unknown> = {}) => ({
  fieldData: Object.entries({
    [fields.firstName]: 'Mia',
    [fields.lastName]: 'Parent',
    [fields.dateOfBirth]: '2019-05-04',
    [fields['Medical notes']]: 'None',
    ...overrides,
  }).map(([field, value]) => ({ field, value })),
});

describe('a parent’s attendees', () => {
  it('creates, lists and updates the parent’s own child', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const created = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: child(),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Mia Parent', dateOfBirth: '2019-05-04' });
    const id = created.body.data._id;

    const updated = await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: parent.token,
      body: child({ [fields.firstName]: 'Amelia' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe('Amelia Parent');

    const list = await ctx.request('GET', '/api/user/attendees', { token: parent.token });
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual(['Amelia Parent']);
    const me = await ctx.request('GET', '/api/users/me', { token: parent.token });
    expect(me.body.data.attendees).toEqual([id]);
  });

  it('refuses a missing required field with the form’s message and writes nothing', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const res = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: child({ [fields['Medical notes']]: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please complete this required field');
    const list = await ctx.request('GET', '/api/user/attendees', { token: parent.token });
    expect(list.body.data).toEqual([]);
  });

  it('never lets a parent write an admin-only field, and keeps the organiser’s answer', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const refused = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: child({ [fields['Coach notes']]: 'sneaky' }),
    });
    expect(refused.status).toBe(400);

    const created = await ctx.request('POST', '/api/attendees', {
      token: org.token,
      body: { userId: parent.user._id, ...child({ [fields['Coach notes']]: 'Needs a buddy' }) },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const parentView = await ctx.request('GET', '/api/user/attendees', { token: parent.token });
    expect(parentView.body.data[0].fieldData[fields['Coach notes']]).toBeUndefined();

    await ctx.request('PUT', `/api/user/attendees/${id}`, {
      token: parent.token,
      body: child({ [fields.firstName]: 'Mila' }),
    });
    const adminView = await ctx.request('GET', `/api/attendees?userId=${parent.user._id}`, {
      token: org.token,
    });
    expect(adminView.body.data[0]).toMatchObject({ name: 'Mila Parent' });
    expect(adminView.body.data[0].fieldData[fields['Coach notes']]).toBe('Needs a buddy');
  });

  it('answers 404 for another parent’s child and another organiser’s users', async () => {
    const owner = await registerCustomer(ctx, org.clientId);
    const other = await registerCustomer(ctx, org.clientId);
    const created = await ctx.request('POST', '/api/user/attendees', {
      token: owner.token,
      body: child(),
    });
    const res = await ctx.request('PUT', `/api/user/attendees/${created.body.data._id}`, {
      token: other.token,
      body: child({ [fields.firstName]: 'Hijack' }),
    });
    expect(res.status).toBe(404);

    const rival = await signUpOrganiser(ctx);
    const cross = await ctx.request('GET', `/api/attendees/${created.body.data._id}`, {
      token: rival.token,
    });
    expect(cross.status).toBe(404);
    const crossCreate = await ctx.request('POST', '/api/attendees', {
      token: rival.token,
      body: { userId: owner.user._id, fieldData: [] },
    });
    expect(crossCreate.status).toBe(404);
  });

  it('keeps the admin routes for admins and asks for a user', async () => {
    const parent = await registerCustomer(ctx, org.clientId);
    const asParent = await ctx.request('GET', '/api/attendees', { token: parent.token });
    expect(asParent.status).toBe(403);
    const noUser = await ctx.request('POST', '/api/attendees', {
      token: org.token,
      body: child(),
    });
    expect(noUser.status).toBe(400);
    expect(noUser.body.message).toBe('No user set');
    const anonymous = await ctx.request('GET', '/api/user/attendees', { clientId: org.clientId });
    expect(anonymous.status).toBe(401);
  });
});
