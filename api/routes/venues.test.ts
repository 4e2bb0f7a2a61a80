import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
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

describe('venues', () => {
  it("creates a venue ('Create venue' modal): 201 with data._id, then lists it", async () => {
    const { token } = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/venues', {
      token,
      body: {
        name: 'Town Hall',
        address: { address1: '1 High St', city: 'Bath', postalCode: 'BA1 1AA' },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data._id).toMatch(/^[0-9a-f]{24}$/);
    const list = await ctx.request('GET', '/api/venues', { token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: 'Town Hall',
        address: expect.objectContaining({ city: 'Bath' }),
      }),
    ]);
  });

  it('requires a name and checks US ZIP codes and AU postcodes by client country', async () => {
    const gb = await signUpOrganiser(ctx);
    expect(
      (await ctx.request('POST', '/api/venues', { token: gb.token, body: { name: '' } })).body
        .errors,
    ).toEqual({
      name: 'Required',
    });
    const us = await signUpOrganiser(ctx, {
      country: 'US',
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    const zip = await ctx.request('POST', '/api/venues', {
      token: us.token,
      body: { name: 'Gym', address: { postalCode: '1234' } },
    });
    expect(zip.body.errors['address.postalCode']).toBe('Please enter a valid ZIP code');
    const zipOk = await ctx.request('POST', '/api/venues', {
      token: us.token,
      body: { name: 'Gym', address: { postalCode: '12345-6789', state: 'NY' } },
    });
    expect(zipOk.status).toBe(201);
    const au = await signUpOrganiser(ctx, {
      country: 'AU',
      currency: 'AUD',
      timeZone: 'Australia/Sydney',
    });
    const postcode = await ctx.request('POST', '/api/venues', {
      token: au.token,
      body: { name: 'Pool', address: { postalCode: '20000' } },
    });
    expect(postcode.body.errors['address.postalCode']).toBe('Please enter a valid Postal code');
    // The state lists apply to US and AU only; elsewhere the state is free text.
    const state = await ctx.request('POST', '/api/venues', {
      token: au.token,
      body: { name: 'Pool', address: { postalCode: '2000', state: 'NY' } },
    });
    expect(state.body.errors).toEqual({ 'address.state': messages.unknownOption });
    const usState = await ctx.request('POST', '/api/venues', {
      token: us.token,
      body: { name: 'Gym', address: { state: 'NSW' } },
    });
    expect(usState.body.errors).toEqual({ 'address.state': messages.unknownOption });
    const gbCounty = await ctx.request('POST', '/api/venues', {
      token: gb.token,
      body: { name: 'Hall', address: { state: 'Somerset', postalCode: 'BA1 1AA' } },
    });
    expect(gbCounty.status).toBe(201);
  });

  it('edits a venue, and refuses to delete one an activity uses', async () => {
    const { token } = await signUpOrganiser(ctx);
    const venue = (await ctx.request('POST', '/api/venues', { token, body: { name: 'Old name' } }))
      .body.data;
    const edited = await ctx.request('PUT', `/api/venues/${venue._id}`, {
      token,
      body: { name: 'New name' },
    });
    expect(edited.body.data.name).toBe('New name');
    await ctx.request('POST', '/api/activity-groups', {
      token,
      body: {
        name: 'Yoga',
        venue: venue._id,
        enabled: false,
        activities: [],
        tickets: [],
        addOns: [],
      },
    });
    const del = await ctx.request('DELETE', `/api/venues/${venue._id}`, { token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(messages.venueInUse);
    expect((await ctx.request('GET', `/api/venues/${venue._id}`, { token })).status).toBe(200);
    const unused = (await ctx.request('POST', '/api/venues', { token, body: { name: 'Spare' } }))
      .body.data;
    expect((await ctx.request('DELETE', `/api/venues/${unused._id}`, { token })).status).toBe(200);
    expect((await ctx.request('GET', `/api/venues/${unused._id}`, { token })).status).toBe(404);
  });

  it('refuses to delete a venue a home page tab lists', async () => {
    const { token, clientId } = await signUpOrganiser(ctx);
    const venue = (await ctx.request('POST', '/api/venues', { token, body: { name: 'Pavilion' } }))
      .body.data;
    const now = nowIso();
    await ctx.handle.db
      .insertInto('home_tabs')
      .values({
        id: newId(),
        client_id: clientId,
        name: 'Pavilion',
        path: 'pavilion',
        type: 'venue',
        field_id: null,
        value: JSON.stringify([venue._id]),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const del = await ctx.request('DELETE', `/api/venues/${venue._id}`, { token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(messages.venueInUse);
  });

  it("keeps venues per organiser: another's id answers 404, customers cannot write", async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const venue = (
      await ctx.request('POST', '/api/venues', { token: a.token, body: { name: 'Mine' } })
    ).body.data;
    expect(
      (
        await ctx.request('PUT', `/api/venues/${venue._id}`, {
          token: b.token,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request('DELETE', `/api/venues/${venue._id}`, { token: b.token })).status,
    ).toBe(404);
    expect((await ctx.request('GET', `/api/venues/${venue._id}`, { token: b.token })).status).toBe(
      404,
    );
    expect((await ctx.request('GET', '/api/venues', { token: b.token })).body.data).toEqual([]);
    const customer = await registerCustomer(ctx, a.clientId);
    expect(
      (await ctx.request('POST', '/api/venues', { token: customer.token, body: { name: 'X' } }))
        .status,
    ).toBe(403);
  });
});
