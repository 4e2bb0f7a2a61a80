import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { newCustomerMessages } from '../../engine/schemas/new-customer.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * A phone booking for a new family (docs/rules/phone-bookings.md): the organiser adds the parent
 * (name, e-mail, the user fields such as a phone), then the child with the 'Create attendee'
 * dialog's call, then books. The parent has no password until 'Forgot password'. An e-mail the
 * organiser already has is refused; bad input writes nothing; other organisers see nothing.
 */

let ctx: TestContext;
let org: Organiser;
let camp: Camp;
let phoneField: string;
let noteField: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  const field = async (body: Record<string, unknown>) => {
    const res = await ctx.request('POST', '/api/fields', { token: org.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data._id as string;
  };
  phoneField = await field({ title: 'Phone', type: 'phone', usage: 'user', required: true });
  noteField = await field({ title: 'Office notes', type: 'text', usage: 'user', adminOnly: true });
});
afterAll(() => ctx.close());

const add = (body: unknown, token = org.token) =>
  ctx.request('POST', '/api/bookings/admin/customers', { token, body });

const countUsers = async (clientId = org.clientId) =>
  Number(
    (
      await ctx.handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const countAnswers = async () =>
  Number(
    (
      await ctx.handle.db
        .selectFrom('field_data')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('client_id', '=', org.clientId)
        .where('owner_type', '=', 'user')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a phone booking for a new family', () => {
  let userId = '';

  it('adds the parent with their phone, without a password', async () => {
    const res = await add({
      fullName: '  Dana Hill ',
      email: 'Dana.Hill@Home.test',
      fieldData: [
        { field: phoneField, value: '07700 900123' },
        { field: noteField, value: 'Called on Monday' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      fullName: 'Dana Hill',
      email: 'dana.hill@home.test',
      role: 'customer',
      attendees: [],
    });
    userId = res.body.data._id;
    // The Customers search finds the family by the phone number given on the call.
    const found = await ctx.request(
      'GET',
      `/api/users?filters=${encodeURIComponent(JSON.stringify({ search: '07700900123' }))}`,
      { token: org.token },
    );
    expect(found.body.data.map((u: { _id: string }) => u._id)).toEqual([userId]);
    // No password works until the parent sets one.
    for (const password of ['', 'password', '!no-password-set']) {
      const login = await ctx.request('POST', '/api/auth/login', {
        clientId: org.clientId,
        body: { email: 'dana.hill@home.test', password },
      });
      expect(login.status).toBeGreaterThanOrEqual(400);
      expect(login.status).toBeLessThan(500);
    }
  });

  it("lets the parent claim the account with 'Forgot password'", async () => {
    const res = await ctx.request('POST', '/api/auth/forgot-password', {
      clientId: org.clientId,
      body: { email: 'dana.hill@home.test' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The reset e-mail goes to the new parent, as to any customer.
    const mail = await ctx.handle.db
      .selectFrom('messages')
      .select(['kind', 'recipient_email'])
      .where('client_id', '=', org.clientId)
      .where('user_id', '=', userId)
      .execute();
    expect(mail).toEqual([{ kind: 'password-reset', recipient_email: 'dana.hill@home.test' }]);
  });

  it('adds the child (201) and books them for the parent', async () => {
    const child = await ctx.request('POST', '/api/attendees', {
      token: org.token,
      body: {
        userId,
        fieldData: [
          { field: org.fieldIds.firstName, value: 'Sol' },
          { field: org.fieldIds.lastName, value: 'Hill' },
          { field: org.fieldIds.dateOfBirth, value: '2019-05-04' },
        ],
      },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    const booked = await ctx.request('POST', '/api/bookings/admin', {
      token: org.token,
      body: {
        user: userId,
        ...basket(camp._id, {
          ticket: camp.day,
          activities: [camp.sessions[0]!],
          attendees: [child.body.data._id],
        }),
        paymentMethod: { type: 'payLater' },
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toMatchObject({
      status: 'awaiting_payment',
      user: { _id: userId, fullName: 'Dana Hill' },
    });
    expect(booked.body.data.items[0].attendee.name).toBe('Sol Hill');
  });

  it('refuses an e-mail the organiser already has, whatever its case, writing nothing', async () => {
    const existing = await parentWithChildren(ctx, org);
    const me = await ctx.request('GET', '/api/users/me', { token: existing.token });
    const before = await countUsers();
    for (const email of [me.body.data.email, 'DANA.HILL@home.test']) {
      const res = await add({
        fullName: 'Someone Else',
        email,
        fieldData: [{ field: phoneField, value: '07700 900999' }],
      });
      expect(res.status).toBe(409);
      expect(res.body.errors).toEqual({ email: newCustomerMessages.emailExists });
    }
    expect(await countUsers()).toBe(before);
  });

  it('refuses bad input with the form messages, writing nothing', async () => {
    const users = await countUsers();
    const answers = await countAnswers();
    const good = {
      fullName: 'Lee Park',
      email: 'lee@home.test',
      fieldData: [{ field: phoneField, value: '07700 900456' }],
    };
    const cases: [unknown, Record<string, string>][] = [
      [{ ...good, fullName: '   ' }, { fullName: messages.required }],
      [{ ...good, email: 'not-an-email' }, { email: messages.invalidEmail }],
      [{ ...good, email: '' }, { email: messages.required }],
      [{ ...good, fieldData: [] }, { [`fieldData.${phoneField}`]: messages.requiredAttendeeField }],
      [
        { ...good, fieldData: [{ field: phoneField, value: 'call me' }] },
        { [`fieldData.${phoneField}`]: messages.invalidPhone },
      ],
      [{ ...good, fullName: 'x'.repeat(201) }, { fullName: messages.tooLong(200) }],
      [
        {
          ...good,
          fieldData: [{ field: org.fieldIds.firstName!, value: 'Kid' }, ...good.fieldData],
        },
        {},
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.errors, JSON.stringify(body).slice(0, 200)).toMatchObject(errors);
    }
    expect((await add({ ...good, password: 'sneaky-pass' })).status).toBe(400);
    expect(await countUsers()).toBe(users);
    expect(await countAnswers()).toBe(answers);
  });

  it('keeps organisers apart: the same e-mail elsewhere is a new customer; fields are per organiser', async () => {
    const other = await signUpOrganiser(ctx);
    const again = await add({ fullName: 'Dana Hill', email: 'dana.hill@home.test' }, other.token);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data._id).not.toBe(userId);
    // Our phone question is not theirs: an answer to it is refused there.
    const foreign = await add(
      {
        fullName: 'Kim Lo',
        email: 'kim@home.test',
        fieldData: [{ field: phoneField, value: '07700 900123' }],
      },
      other.token,
    );
    expect(foreign.status).toBe(400);
    expect(await countUsers(other.clientId)).toBe(2);
  });

  it('is for admins only', async () => {
    const parent = await parentWithChildren(ctx, org);
    const body = { fullName: 'Ann Oak', email: 'ann@home.test' };
    expect((await add(body, parent.token)).status).toBe(403);
    expect((await ctx.request('POST', '/api/bookings/admin/customers', { body })).status).toBe(401);
    const users = await ctx.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ann@home.test')
      .execute();
    expect(users).toEqual([]);
  });
});
