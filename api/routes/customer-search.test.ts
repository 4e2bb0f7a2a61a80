import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * The Customers screen and the Bookings list find a family by whatever the organiser remembers:
 * the parent's name, part of the e-mail, the phone number, a child's name, the booking number.
 */
let ctx: TestContext;
let org: Organiser;
let other: Organiser;
let camp: Camp;
let dove: Parent;
let percent: Parent;
let stranger: Parent;

async function rename(userId: string, fullName: string) {
  await ctx.handle.db
    .updateTable('users')
    .set({ full_name: fullName })
    .where('id', '=', userId)
    .execute();
}

/** An answer to a phone question, written directly (parents' own answers have no route yet). */
async function answerPhone(
  clientId: string,
  fieldId: string,
  ownerId: string,
  phone: string,
  ownerType: 'user' | 'attendee' = 'user',
) {
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('field_data')
    .values({
      id: newId(),
      client_id: clientId,
      owner_type: ownerType,
      owner_id: ownerId,
      field_id: fieldId,
      data_type: 'string',
      value: phone,
      value_ref: null,
      value_ref_array: null,
      value_ref_venue: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  other = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  dove = await parentWithChildren(ctx, org, ['Ivy', 'Oscar']);
  await rename(dove.userId, 'Dana Dove');
  percent = await parentWithChildren(ctx, org, ['Milo']);
  await rename(percent.userId, 'Pat 100% Parent');
  await parentWithChildren(ctx, org, ['Noah']);
  stranger = await parentWithChildren(ctx, other, ['Ivy']);
  await rename(stranger.userId, 'Ivy Elsewhere Parent');
  const phone = await ctx.request('POST', '/api/fields', {
    token: org.token,
    body: { title: 'Mobile', type: 'phone', usage: 'user' },
  });
  expect(phone.status, JSON.stringify(phone.body)).toBe(201);
  await answerPhone(org.clientId, phone.body.data._id, dove.userId, '07700 900123');
});
afterAll(() => ctx.close());

const search = (term: string, token = org.token) =>
  ctx.request(
    'GET',
    `/api/users?filters=${encodeURIComponent(JSON.stringify({ role: 'customer', search: term }))}`,
    { token },
  );
const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((u) => u._id);

describe('Customers search (GET /api/users)', () => {
  it('finds the family by a child’s first name, any case, and by both of a child’s names', async () => {
    expect(ids(await search('ivy'))).toEqual([dove.userId]);
    expect(ids(await search('OSCAR'))).toEqual([dove.userId]);
    expect(ids(await search('oscar lovelace'))).toEqual([dove.userId]);
  });

  it('finds a parent by part of the e-mail and by the phone, spaced or not', async () => {
    const email = (await ctx.request('GET', `/api/users/${percent.userId}`, { token: org.token }))
      .body.data.email as string;
    expect(ids(await search(email.slice(0, 9).toUpperCase()))).toEqual([percent.userId]);
    expect(ids(await search('900123'))).toEqual([dove.userId]);
    expect(ids(await search('07700900123'))).toEqual([dove.userId]);
  });

  it('finds a parent by an emergency number asked per child', async () => {
    const field = await ctx.request('POST', '/api/fields', {
      token: org.token,
      body: { title: 'Emergency number', type: 'phone', usage: 'attendee' },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    await answerPhone(
      org.clientId,
      field.body.data._id,
      percent.children[0]!,
      '+44 20 7946 0958',
      'attendee',
    );
    expect(ids(await search('7946'))).toEqual([percent.userId]);
  });

  it('takes % and _ literally', async () => {
    expect(ids(await search('100%'))).toEqual([percent.userId]);
    expect(ids(await search('%'))).toEqual([percent.userId]);
    expect(ids(await search('_'))).toEqual([]);
  });

  it('never shows another organiser’s customer, nor matches through their children', async () => {
    expect(ids(await search('elsewhere'))).toEqual([]);
    expect(ids(await search('ivy', other.token))).toEqual([stranger.userId]);
  });

  it('answers the pager’s total and an empty page when nothing matches', async () => {
    const none = await search('nobody-like-this');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('Bookings search and filters (GET /api/bookings)', () => {
  let ivyBooking: string;
  let miloBooking: string;
  beforeAll(async () => {
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const book = async (p: Parent, child: string, session: number) => {
      const res = await ctx.request('POST', '/api/bookings', {
        token: p.token,
        body: basket(
          camp._id,
          { ticket: camp.day, activities: [camp.sessions[session]!], attendees: [child] },
          { paymentMethod: { type: 'payLater' } },
        ),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data._id as string;
    };
    ivyBooking = await book(dove, dove.children[0]!, 0);
    miloBooking = await book(percent, percent.children[0]!, 3);
    const paid = await ctx.request('POST', `/api/bookings/${miloBooking}/mark-paid`, {
      token: org.token,
    });
    expect(paid.status).toBe(200);
  });

  const list = (filters: object, token = org.token) =>
    ctx.request('GET', `/api/bookings?filters=${encodeURIComponent(JSON.stringify(filters))}`, {
      token,
    });
  const found = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((b) => b._id);

  it('finds a booking by a child’s name, the parent, or its booking number', async () => {
    expect(found(await list({ search: 'ivy' }))).toEqual([ivyBooking]);
    expect(found(await list({ search: 'dana dove' }))).toEqual([ivyBooking]);
    expect(found(await list({ search: `#${miloBooking.slice(-8).toUpperCase()}` }))).toEqual([
      miloBooking,
    ]);
    expect(found(await list({ search: 'ivy' }, other.token))).toEqual([]);
  });

  it('filters by session, date range and payment state', async () => {
    expect(found(await list({ session: camp.sessions[3] }))).toEqual([miloBooking]);
    expect(found(await list({ from: '2031-07-04', to: '2031-07-05' }))).toEqual([miloBooking]);
    expect(found(await list({ to: '2031-07-01' }))).toEqual([ivyBooking]);
    expect(found(await list({ paymentState: 'paid' }))).toEqual([miloBooking]);
    expect(found(await list({ paymentState: 'unpaid' }))).toEqual([ivyBooking]);
    expect((await list({ paymentState: 'owing' })).status).toBe(400);
    expect((await list({ from: '1 July' })).status).toBe(400);
  });
});
