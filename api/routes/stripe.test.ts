import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { STRIPE_NOT_CONFIGURED } from '../payments/stripe.ts';
import { connectStripe, type StripeTestContext, startStripeTest } from '../payments/testing.ts';
import { registerCustomer, signUpOrganiser } from '../test/harness.ts';

/*
 * The organiser's Stripe settings against the local Stripe test server, through the real SDK:
 * connect, the badge, disconnect and its guard, and the payment method toggles per country.
 */

let t: StripeTestContext;
beforeAll(async () => {
  t = await startStripeTest();
});
afterAll(() => t.close());

const accountRequests = () =>
  t.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');

describe('without Stripe keys (the demo)', () => {
  it('explains how to connect and creates nothing', async () => {
    const org = await signUpOrganiser(t.ctx);
    // t.ctx.request goes through an app without Stripe settings.
    const account = await t.ctx.request('GET', '/api/stripe/connected-account', {
      token: org.token,
    });
    expect(account.body.data).toMatchObject({ configured: false, status: 'Disconnected' });
    const onboard = await t.ctx.request('GET', '/api/payment-methods/stripe-onboard', {
      token: org.token,
    });
    expect(onboard.status).toBe(503);
    expect(onboard.body.message).toBe(STRIPE_NOT_CONFIGURED);
    const webhook = await t.ctx.request('POST', '/api/stripe/webhook', { body: {} });
    expect(webhook.status).toBe(503);
  });
});

describe('connecting a Stripe account (stripe-onboard)', () => {
  it('creates one connected account, links to onboarding, and the badge follows Stripe', async () => {
    const org = await signUpOrganiser(t.ctx);
    const before = accountRequests().length;
    const first = await t.request('GET', '/api/payment-methods/stripe-onboard', {
      token: org.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.accountLinkURL).toMatch(
      new RegExp(`^${t.fake.url}/connect/onboarding/acct_`),
    );
    const pending = await t.request('GET', '/api/stripe/connected-account', { token: org.token });
    expect(pending.body.data).toMatchObject({ configured: true, status: 'Pending' });
    const accountId = pending.body.data.accountId as string;
    expect(t.fake.objects.get(accountId)).toMatchObject({ country: 'GB', type: 'standard' });

    // A second click reuses the account: a fresh link, no second Stripe account.
    const again = await t.request(
      'GET',
      `/api/payment-methods/stripe-onboard?accountId=${accountId}`,
      {
        token: org.token,
      },
    );
    expect(again.status).toBe(200);
    expect(accountRequests().length).toBe(before + 1);
    expect(accountRequests().at(-1)?.idempotencyKey).toBe(`connected-account:${org.clientId}`);
    // Each click is a new link (a link works once and expires): the SDK's own key per request,
    // which its retries reuse, never one derived from our row (see docs/decisions.md).
    const keys = t.fake.requests
      .filter((r) => r.path === '/v1/account_links')
      .slice(-2)
      .map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys.every((k) => k?.startsWith('stripe-node-retry-'))).toBe(true);

    t.fake.completeOnboarding(accountId);
    const connected = await t.request('GET', '/api/stripe/connected-account', { token: org.token });
    expect(connected.body.data).toMatchObject({
      status: 'Connected',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  });

  it('is Pending while payouts are not enabled', async () => {
    const org = await signUpOrganiser(t.ctx);
    const row = await connectStripe(t, org.token, org.clientId);
    t.fake.completeOnboarding(row.account_id, { payouts_enabled: false });
    const res = await t.request('GET', '/api/stripe/connected-account', { token: org.token });
    expect(res.body.data.status).toBe('Pending');
  });

  it("refuses another organiser's account id and non-admins", async () => {
    const a = await signUpOrganiser(t.ctx);
    const b = await signUpOrganiser(t.ctx);
    const rowA = await connectStripe(t, a.token, a.clientId);
    const stolen = await t.request(
      'GET',
      `/api/payment-methods/stripe-onboard?accountId=${rowA.account_id}`,
      { token: b.token },
    );
    expect(stolen.status).toBe(404);
    expect((await t.request('GET', '/api/payment-methods/stripe-onboard')).status).toBe(401);
    const parent = await registerCustomer(t.ctx, a.clientId);
    expect(
      (await t.request('GET', '/api/payment-methods/stripe-onboard', { token: parent.token }))
        .status,
    ).toBe(403);
  });

  it('answers Stripe’s own message when Stripe fails, and saves nothing', async () => {
    const org = await signUpOrganiser(t.ctx);
    t.fake.failNext('/v1/accounts', 500, 'Stripe is down (test)');
    t.fake.failNext('/v1/accounts', 500, 'Stripe is down (test)');
    t.fake.failNext('/v1/accounts', 500, 'Stripe is down (test)');
    const res = await t.request('GET', '/api/payment-methods/stripe-onboard', { token: org.token });
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('Stripe is down (test)');
    const rows = await t.ctx.handle.db
      .selectFrom('connected_accounts')
      .select('id')
      .where('client_id', '=', org.clientId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('update-connected-account-status (Connect / Disconnect dialog)', () => {
  it('disconnects and reconnects, reading data.success', async () => {
    const org = await signUpOrganiser(t.ctx);
    const row = await connectStripe(t, org.token, org.clientId);
    const body = { accountId: row.account_id, paymentMethodId: row.id };
    const off = await t.request('POST', '/api/stripe/update-connected-account-status', {
      token: org.token,
      body: { ...body, connected: false },
    });
    expect(off.body.data).toEqual({ success: true });
    expect(
      (await t.request('GET', '/api/stripe/connected-account', { token: org.token })).body.data
        .status,
    ).toBe('Disconnected');
    const on = await t.request('POST', '/api/stripe/update-connected-account-status', {
      token: org.token,
      body: { ...body, connected: true },
    });
    expect(on.body.data).toEqual({ success: true });
    expect(
      (await t.request('GET', '/api/stripe/connected-account', { token: org.token })).body.data
        .status,
    ).toBe('Connected');
  });

  it('refuses to disconnect while a subscription plan uses the account', async () => {
    const org = await signUpOrganiser(t.ctx);
    const row = await connectStripe(t, org.token, org.clientId);
    const now = nowIso();
    await t.ctx.handle.db
      .insertInto('subscription_plans')
      .values({
        id: newId(),
        client_id: org.clientId,
        name: 'Monthly',
        amount: 3000,
        provider_product_id: null,
        provider_price_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await t.request('POST', '/api/stripe/update-connected-account-status', {
      token: org.token,
      body: { accountId: row.account_id, paymentMethodId: row.id, connected: false },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.connectedAccountUsedBySubscriptions);
    expect(
      (await t.request('GET', '/api/stripe/connected-account', { token: org.token })).body.data
        .status,
    ).toBe('Connected');
  });

  it('validates the body and the ids', async () => {
    const org = await signUpOrganiser(t.ctx);
    const row = await connectStripe(t, org.token, org.clientId);
    const bad = await t.request('POST', '/api/stripe/update-connected-account-status', {
      token: org.token,
      body: { accountId: row.account_id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ paymentMethodId: 'Required', connected: 'Required' });
    const wrong = await t.request('POST', '/api/stripe/update-connected-account-status', {
      token: org.token,
      body: { accountId: 'acct_other', paymentMethodId: row.id, connected: false },
    });
    expect(wrong.status).toBe(404);
  });
});

describe('payment method configurations: turning each Stripe payment method on or off', () => {
  it('lists the methods, turns Klarna on in GB, and keeps card always on', async () => {
    const org = await signUpOrganiser(t.ctx);
    await connectStripe(t, org.token, org.clientId);
    const res = await t.request('GET', '/api/stripe/payment-method-configurations', {
      token: org.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toMatch(/^pmc_/);
    expect(res.body.data.card.display_preference.value).toBe('on');
    expect(res.body.data.klarna.display_preference.value).toBe('off');
    const configId = res.body.data.id as string;

    const on = await t.request('PUT', '/api/stripe/payment-method-configurations', {
      token: org.token,
      body: { paymentMethodConfigId: configId, paymentMethod: 'klarna', enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.data.klarna.display_preference.value).toBe('on');
    const reread = await t.request('GET', '/api/stripe/payment-method-configurations', {
      token: org.token,
    });
    expect(reread.body.data.klarna.display_preference.value).toBe('on');

    const card = await t.request('PUT', '/api/stripe/payment-method-configurations', {
      token: org.token,
      body: { paymentMethodConfigId: configId, paymentMethod: 'card', enabled: false },
    });
    expect(card.status).toBe(400);
    // Read again after the refused PUT: card is still on, here and at Stripe.
    const after = await t.request('GET', '/api/stripe/payment-method-configurations', {
      token: org.token,
    });
    expect(after.body.data.card.display_preference.value).toBe('on');
    expect(after.body.data.klarna.display_preference.value).toBe('on');
    expect(t.fake.objects.get(configId)?.card.display_preference.value).toBe('on');
  });

  it('refuses Revolut Pay outside its countries', async () => {
    const us = await signUpOrganiser(t.ctx, {
      country: 'US',
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    await connectStripe(t, us.token, us.clientId);
    const config = await t.request('GET', '/api/stripe/payment-method-configurations', {
      token: us.token,
    });
    const revolut = await t.request('PUT', '/api/stripe/payment-method-configurations', {
      token: us.token,
      body: {
        paymentMethodConfigId: config.body.data.id,
        paymentMethod: 'revolut_pay',
        enabled: true,
      },
    });
    expect(revolut.status).toBe(400);
    expect(t.fake.objects.get(config.body.data.id)?.revolut_pay.display_preference.value).toBe(
      'off',
    );
    const klarna = await t.request('PUT', '/api/stripe/payment-method-configurations', {
      token: us.token,
      body: { paymentMethodConfigId: config.body.data.id, paymentMethod: 'klarna', enabled: true },
    });
    expect(klarna.status).toBe(200);
  });

  it("cannot change another organiser's configuration", async () => {
    const a = await signUpOrganiser(t.ctx);
    const b = await signUpOrganiser(t.ctx);
    await connectStripe(t, a.token, a.clientId);
    await connectStripe(t, b.token, b.clientId);
    const configA = await t.request('GET', '/api/stripe/payment-method-configurations', {
      token: a.token,
    });
    const res = await t.request('PUT', '/api/stripe/payment-method-configurations', {
      token: b.token,
      body: { paymentMethodConfigId: configA.body.data.id, paymentMethod: 'link', enabled: true },
    });
    expect(res.status).toBe(404);
  });

  it('needs a connected account first', async () => {
    const org = await signUpOrganiser(t.ctx);
    const res = await t.request('GET', '/api/stripe/payment-method-configurations', {
      token: org.token,
    });
    expect(res.status).toBe(409);
  });
});

describe('subscription plans', () => {
  it('creates a monthly Stripe price on the organiser’s account, renames, disables, deletes', async () => {
    const org = await signUpOrganiser(t.ctx);
    const row = await connectStripe(t, org.token, org.clientId);
    const bad = await t.request('POST', '/api/stripe/subscription-plans', {
      token: org.token,
      body: { name: '', amount: '0.5' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: messages.nameRequired, amount: messages.amountMin1 });

    const created = await t.request('POST', '/api/stripe/subscription-plans', {
      token: org.token,
      body: { name: 'Monthly club', amount: '30' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Monthly club', amount: 3000, enabled: true });
    const price = t.fake.objects.get(created.body.data.providerPriceId)!;
    expect(price).toMatchObject({
      unit_amount: 3000,
      currency: 'gbp',
      recurring: { interval: 'month' },
      active: true,
    });
    const priceCall = t.fake.requests.find(
      (r) => r.path === '/v1/prices' && r.account === row.account_id,
    );
    expect(priceCall?.idempotencyKey).toBe(`plan-price:${created.body.data._id}`);
    // The ticket dialog's list shows it.
    const listed = await t.request('GET', '/api/subscription-plans', { token: org.token });
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(['Monthly club']);

    const id = created.body.data._id;
    const renamed = await t.request('PUT', `/api/stripe/subscription-plans/${id}`, {
      token: org.token,
      body: { name: 'Monthly members', enabled: false },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Monthly members', enabled: false });
    expect(t.fake.objects.get(price.product)?.name).toBe('Monthly members');

    const removed = await t.request('DELETE', `/api/stripe/subscription-plans/${id}`, {
      token: org.token,
    });
    expect(removed.body.data).toEqual({ success: true });
    expect(t.fake.objects.get(price.id)?.active).toBe(false);
  });

  it('refuses to delete a plan a ticket uses, and needs a connected account', async () => {
    const org = await signUpOrganiser(t.ctx);
    const none = await t.request('POST', '/api/stripe/subscription-plans', {
      token: org.token,
      body: { name: 'Monthly', amount: '30' },
    });
    expect(none.status).toBe(409);
    await connectStripe(t, org.token, org.clientId);
    const plan = (
      await t.request('POST', '/api/stripe/subscription-plans', {
        token: org.token,
        body: { name: 'Monthly', amount: '30' },
      })
    ).body.data;
    const group = await t.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name: 'Club',
        activities: [{ _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00' }],
        tickets: [
          {
            _id: 'temp_t',
            type: 'subscription',
            name: 'Monthly',
            price: '30',
            subscriptionPlan: plan._id,
          },
        ],
        addOns: [],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const refused = await t.request('DELETE', `/api/stripe/subscription-plans/${plan._id}`, {
      token: org.token,
    });
    expect(refused.status).toBe(409);
    // Another organiser cannot see or touch it.
    const other = await signUpOrganiser(t.ctx);
    const foreign = await t.request('PUT', `/api/stripe/subscription-plans/${plan._id}`, {
      token: other.token,
      body: { enabled: false },
    });
    expect(foreign.status).toBe(404);
  });
});
