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

const form = {
  name: 'Riverside Swim School',
  country: 'IE',
  currency: 'EUR',
  timeZone: 'Europe/Dublin',
  dateFormat: 'dd/MM/yyyy',
  holdMinutes: '20',
  allowPayLater: true,
  formTemplate: 'Seamless',
  buttonDisplay: 'full width',
};

describe('organisation settings', () => {
  it('saves the form and the widget reads the new settings', async () => {
    const org = await signUpOrganiser(ctx);
    const saved = await ctx.request('PUT', '/api/client', { token: org.token, body: form });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Riverside Swim School',
      currency: 'EUR',
      holdMinutes: 20,
      allowPayLater: true,
      formTemplate: 'Seamless',
    });
    const widget = await ctx.request('GET', '/api/client', { clientId: org.clientId });
    expect(widget.body.data).toMatchObject({
      timeZone: 'Europe/Dublin',
      buttonDisplay: 'full width',
    });
  });

  it('refuses bad input with the form’s message and changes nothing', async () => {
    const org = await signUpOrganiser(ctx);
    const before = await ctx.request('GET', '/api/client', { token: org.token });
    const res = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...form, holdMinutes: '600' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.holdMinutes).toBe('Enter a whole number of minutes from 5 to 60.');
    const planGrab = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...form, planLevel: 30 },
    });
    expect(planGrab.status).toBe(400);
    const after = await ctx.request('GET', '/api/client', { token: org.token });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('saves an organiser in Cyprus (any ISO country) and refuses a code that is no country', async () => {
    const org = await signUpOrganiser(ctx);
    const saved = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...form, country: 'cy', timeZone: 'Asia/Nicosia' },
    });
    expect(saved.status).toBe(200);
    const read = await ctx.request('GET', '/api/client', { token: org.token });
    expect(read.body.data).toMatchObject({ country: 'CY', timeZone: 'Asia/Nicosia' });

    const bad = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...form, country: 'ZZ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.country).toBe('Please choose a country.');
    const after = await ctx.request('GET', '/api/client', { token: org.token });
    expect(after.body.data).toEqual(read.body.data);
  });

  it('locks the currency once an activity exists', async () => {
    const org = await signUpOrganiser(ctx);
    const group = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: { name: 'Tots', enabled: false, activities: [], tickets: [], addOns: [] },
    });
    expect(group.status).toBe(201);
    const res = await ctx.request('PUT', '/api/client', { token: org.token, body: form });
    expect(res.status).toBe(400);
    expect(res.body.errors.currency).toBe(
      'The currency cannot be changed once you have created an activity: every price is stored in it.',
    );
    const same = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...form, currency: 'GBP' },
    });
    expect(same.status).toBe(200);
  });

  it('is for the organiser’s admins only, on their own client', async () => {
    const org = await signUpOrganiser(ctx);
    const parent = await registerCustomer(ctx, org.clientId);
    const asParent = await ctx.request('PUT', '/api/client', { token: parent.token, body: form });
    expect(asParent.status).toBe(403);
    const rival = await signUpOrganiser(ctx);
    await ctx.request('PUT', '/api/client', {
      token: rival.token,
      clientId: org.clientId,
      body: { ...form, name: 'Hijacked' },
    });
    const mine = await ctx.request('GET', '/api/client', { token: org.token });
    expect(mine.body.data.name).not.toBe('Hijacked');
  });
});
