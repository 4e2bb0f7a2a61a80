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

/*
 * The offline payment methods of the payments settings screen: childcare voucher providers and
 * childcare funding provider accounts (docs/rules/screens.md dialogs,
 * docs/rules/forms-and-messages.md rules, docs/rules/forms-and-messages.md delete guard).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('childcare voucher providers', () => {
  it('adds, edits, disables and lists providers', async () => {
    const org = await signUpOrganiser(ctx);
    const created = await ctx.request('POST', '/api/childcare-voucher-providers', {
      token: org.token,
      body: { name: ' Edenred ', paymentInstructions: 'Pay to Classwise Ltd, ref your name' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Edenred', enabled: true });
    const id = created.body.data._id as string;
    const edited = await ctx.request('PUT', `/api/childcare-voucher-providers/${id}`, {
      token: org.token,
      body: { name: 'Edenred Childcare', paymentInstructions: 'New', enabled: false },
    });
    expect(edited.body.data).toEqual({
      _id: id,
      name: 'Edenred Childcare',
      paymentInstructions: 'New',
      enabled: false,
    });
    const list = await ctx.request('GET', '/api/childcare-voucher-providers', { token: org.token });
    expect(list.body.data).toEqual([edited.body.data]);
  });

  it("requires a name with the dialog's message and writes nothing", async () => {
    const org = await signUpOrganiser(ctx);
    const res = await ctx.request('POST', '/api/childcare-voucher-providers', {
      token: org.token,
      body: { name: '  ', paymentInstructions: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: messages.voucherProviderName });
    const list = await ctx.request('GET', '/api/childcare-voucher-providers', { token: org.token });
    expect(list.body.data).toEqual([]);
  });

  it('deletes an unused provider but refuses one a payment used', async () => {
    const org = await signUpOrganiser(ctx);
    const make = async (name: string) =>
      (
        await ctx.request('POST', '/api/childcare-voucher-providers', {
          token: org.token,
          body: { name },
        })
      ).body.data._id as string;
    const unused = await make('Unused');
    const used = await make('Used');
    const parent = await registerCustomer(ctx, org.clientId);
    const now = nowIso();
    await ctx.handle.db
      .insertInto('payments')
      .values({
        id: newId(),
        client_id: org.clientId,
        booking_id: null,
        user_id: parent.user._id,
        provider: 'childcare_voucher',
        provider_ref: null,
        childcare_voucher_provider_id: used,
        amount: 1500,
        currency: 'GBP',
        status: 'succeeded',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const ok = await ctx.request('DELETE', `/api/childcare-voucher-providers/${unused}`, {
      token: org.token,
    });
    expect(ok.body.data).toEqual({ success: true });
    const refused = await ctx.request('DELETE', `/api/childcare-voucher-providers/${used}`, {
      token: org.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.voucherProviderUsed);
    const list = await ctx.request('GET', '/api/childcare-voucher-providers', { token: org.token });
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Used']);
  });

  it("keeps each organiser's providers to itself and needs an admin", async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const id = (
      await ctx.request('POST', '/api/childcare-voucher-providers', {
        token: a.token,
        body: { name: 'Mine' },
      })
    ).body.data._id;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Theirs' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await ctx.request(method, `/api/childcare-voucher-providers/${id}`, {
        token: b.token,
        body,
      });
      expect(res.status, method).toBe(404);
    }
    expect((await ctx.request('GET', '/api/childcare-voucher-providers')).status).toBe(401);
    const parent = await registerCustomer(ctx, a.clientId);
    expect(
      (await ctx.request('GET', '/api/childcare-voucher-providers', { token: parent.token }))
        .status,
    ).toBe(403);
  });
});

describe('childcare funding provider accounts', () => {
  const add = (token: string, body: unknown) =>
    ctx.request('POST', '/api/childcare-funding-accounts', { token, body });

  it("adds ('Add a Provider account'), edits and removes accounts", async () => {
    const org = await signUpOrganiser(ctx);
    const created = await add(org.token, {
      name: 'Tax-Free Childcare',
      regReference: 'EY123456',
      postcode: 'BA1 1AA',
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    // Saving a record unchanged is not a clash with itself.
    const same = await ctx.request('PUT', `/api/childcare-funding-accounts/${id}`, {
      token: org.token,
      body: { name: 'tax-free childcare', regReference: 'EY123456', postcode: 'BA2 2BB' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual({
      _id: id,
      name: 'tax-free childcare',
      regReference: 'EY123456',
      postcode: 'BA2 2BB',
    });
    const removed = await ctx.request('DELETE', `/api/childcare-funding-accounts/${id}`, {
      token: org.token,
    });
    expect(removed.body.data).toEqual({ success: true });
    const list = await ctx.request('GET', '/api/childcare-funding-accounts', { token: org.token });
    expect(list.body.data).toEqual([]);
  });

  it("answers the dialog's messages: required, unique ignoring case, under 50 characters", async () => {
    const org = await signUpOrganiser(ctx);
    const empty = await add(org.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      name: messages.nameRequired,
      regReference: messages.regReferenceRequired,
      postcode: messages.postcodeRequired,
    });
    await add(org.token, { name: 'Council Funding', regReference: 'R1', postcode: 'X1' });
    const clash = await add(org.token, {
      name: 'COUNCIL FUNDING',
      regReference: 'R1',
      postcode: 'X1',
    });
    expect(clash.body.errors).toEqual({
      name: messages.nameExists,
      regReference: messages.regReferenceExists,
    });
    const long = await add(org.token, { name: 'x'.repeat(50), regReference: 'R2', postcode: 'X' });
    expect(long.body.errors).toEqual({ name: messages.nameTooLong });
    const list = await ctx.request('GET', '/api/childcare-funding-accounts', { token: org.token });
    expect(list.body.data).toHaveLength(1);
    // Another organiser may use the same name and reference.
    const other = await signUpOrganiser(ctx);
    expect(
      (await add(other.token, { name: 'Council Funding', regReference: 'R1', postcode: 'X1' }))
        .status,
    ).toBe(201);
  });

  it('keeps names and references unique under concurrent saves (the database decides)', async () => {
    const org = await signUpOrganiser(ctx);
    // Ten dialogs saving at once: the same name in different cases, the same reference.
    const names = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        add(org.token, {
          name: i % 2 ? 'Tax-Free Childcare' : 'TAX-FREE childcare',
          regReference: `N${i}`,
          postcode: 'P1',
        }),
      ),
    );
    const refs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        add(org.token, { name: `Provider ${i}`, regReference: 'SAME-REF', postcode: 'P1' }),
      ),
    );
    for (const [results, field, message] of [
      [names, 'name', messages.nameExists],
      [refs, 'regReference', messages.regReferenceExists],
    ] as const) {
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      for (const refused of results.filter((r) => r.status !== 201)) {
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({ message, errors: { [field]: message } });
      }
    }
    const list = await ctx.request('GET', '/api/childcare-funding-accounts', { token: org.token });
    expect(list.body.data).toHaveLength(2);
    // The rule is the database's own: a write that skips the service's check is refused too.
    const now = nowIso();
    const row = { client_id: org.clientId, postcode: 'P', created_at: now, updated_at: now };
    await expect(
      ctx.handle.db
        .insertInto('childcare_funding_accounts')
        .values({ ...row, id: newId(), name: 'tax-free CHILDCARE', reg_reference: 'Z1' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      ctx.handle.db
        .insertInto('childcare_funding_accounts')
        .values({ ...row, id: newId(), name: 'Another', reg_reference: 'SAME-REF' })
        .execute(),
    ).rejects.toThrow();
  });

  it("cannot touch another organiser's account", async () => {
    const a = await signUpOrganiser(ctx);
    const b = await signUpOrganiser(ctx);
    const id = (await add(a.token, { name: 'A', regReference: 'R', postcode: 'P' })).body.data._id;
    const put = await ctx.request('PUT', `/api/childcare-funding-accounts/${id}`, {
      token: b.token,
      body: { name: 'B', regReference: 'R', postcode: 'P' },
    });
    expect(put.status).toBe(404);
    const del = await ctx.request('DELETE', `/api/childcare-funding-accounts/${id}`, {
      token: b.token,
    });
    expect(del.status).toBe(404);
  });
});
