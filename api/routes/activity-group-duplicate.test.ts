import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

let ctx: TestContext;
let org: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
});
afterAll(() => ctx.close());

// Fridays at the end of January 2030, into February.
const form = {
  name: 'Friday Football',
  description: '<p>Small-sided games</p>',
  enabled: true,
  activities: [
    { _id: 'temp_a', date: '2030-01-25', startTime: '16:00', endTime: '17:15', placeLimit: 12 },
    { _id: 'temp_b', date: '2030-02-01', startTime: '16:30', endTime: '17:45', placeLimit: 12 },
  ],
  tickets: [
    { _id: 'temp_t1', type: 'all', name: 'Term', price: '24' },
    {
      _id: 'temp_t2',
      type: 'single',
      name: 'Drop-in',
      price: '7.50',
      restrictSessions: true,
      sessionsCanBeUsedFor: ['temp_b'],
    },
  ],
  addOns: [{ _id: 'temp_x', name: 'Bib hire', price: '1' }],
};

async function createGroup() {
  const res = await ctx.request('POST', '/api/activity-groups', { token: org.token, body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** A confirmed booking line on the source group, which the copy must not bring along. */
async function book(groupId: string, ticketId: string) {
  const now = new Date().toISOString();
  const stamp = { client_id: org.clientId, created_at: now, updated_at: now };
  const user = await registerCustomer(ctx, org.clientId);
  const attendee = newId();
  const booking = newId();
  const db = ctx.handle.db;
  await db
    .insertInto('attendees')
    .values({ ...stamp, id: attendee, user_id: user.user._id })
    .execute();
  await db
    .insertInto('bookings')
    .values({
      ...stamp,
      id: booking,
      user_id: user.user._id,
      status: 'confirmed',
      currency: 'GBP',
      subtotal: 1,
      total: 1,
      amount_due_now: 1,
    })
    .execute();
  await db
    .insertInto('booking_items')
    .values({
      ...stamp,
      id: newId(),
      booking_id: booking,
      activity_group_id: groupId,
      ticket_id: ticketId,
      attendee_id: attendee,
      price: 1,
      status: 'confirmed',
    })
    .execute();
}

const duplicate = (id: string, body: unknown, token = org.token) =>
  ctx.request('POST', `/api/activity-groups/${id}/duplicate`, { token, body });

describe('POST /api/activity-groups/{id}/duplicate', () => {
  it('copies sessions to the new start across a month end, keeping times, tickets and add-ons', async () => {
    const source = await createGroup();
    await book(source._id, source.tickets[0]._id);
    // A Friday again: the last Friday of May 2030, so the second session falls in June.
    const res = await duplicate(source._id, { startDate: '2030-05-31', name: 'Summer Football' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.data;
    expect(copy._id).not.toBe(source._id);
    expect(copy.name).toBe('Summer Football');
    expect(copy.enabled).toBe(false);
    expect(copy.description).toBe('<p>Small-sided games</p>');
    expect(
      copy.activities.map((s: Record<string, unknown>) => [
        s.date,
        s.startTime,
        s.endTime,
        s.placeLimit,
      ]),
    ).toEqual([
      ['2030-05-31', '16:00', '17:15', 12],
      ['2030-06-07', '16:30', '17:45', 12],
    ]);
    expect(copy.tickets.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([
      ['Term', 2400],
      ['Drop-in', 750],
    ]);
    expect(copy.tickets[1].sessionsCanBeUsedFor).toEqual([copy.activities[1]._id]);
    expect(copy.addOns.map((a: { name: string }) => a.name)).toEqual(['Bib hire']);

    const copied = await ctx.handle.db
      .selectFrom('booking_items')
      .select('id')
      .where('activity_group_id', '=', copy._id)
      .execute();
    expect(copied).toEqual([]);
    // The source keeps its sessions and its booking.
    const again = await ctx.request('GET', `/api/activity-groups/${source._id}`, {
      token: org.token,
    });
    expect(again.body.data.activities.map((s: { date: string }) => s.date)).toEqual([
      '2030-01-25',
      '2030-02-01',
    ]);
    // Unpublished: parents do not see it yet.
    const pub = await ctx.request('GET', `/api/activity-groups/${copy._id}/public`, {
      headers: { 'x-client-id': org.clientId },
    });
    expect(pub.status).toBe(404);
  });

  it("copies the group's answers to activity fields", async () => {
    const field = await ctx.request('POST', '/api/fields', {
      token: org.token,
      body: { title: 'Kit to bring', type: 'text', usage: 'activity' },
    });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const fieldId = field.body.data._id as string;
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: { ...form, fieldData: { [fieldId]: 'Shin pads' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await duplicate(created.body.data._id, { startDate: '2030-09-06', name: 'Autumn' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.fieldData).toEqual({ [fieldId]: 'Shin pads' });
  });

  it('refuses a bad date or a blank name and writes nothing', async () => {
    const source = await createGroup();
    const count = async () =>
      (await ctx.handle.db.selectFrom('activity_groups').select('id').execute()).length;
    const before = await count();
    for (const body of [
      { startDate: '2030-02-30', name: 'X' },
      { startDate: '2030-03-01', name: '   ' },
      { name: 'X' },
    ]) {
      const res = await duplicate(source._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it("answers 404 for another organiser's group and is admin only", async () => {
    const source = await createGroup();
    const body = { startDate: '2030-05-31', name: 'Copy' };
    const other = await signUpOrganiser(ctx);
    expect((await duplicate(source._id, body, other.token)).status).toBe(404);
    const customer = await registerCustomer(ctx, org.clientId);
    expect((await duplicate(source._id, body, customer.token)).status).toBe(403);
  });
});
