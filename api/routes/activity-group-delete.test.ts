import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
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

const form = {
  name: 'Saturday Tennis',
  description: '<p>Mini tennis</p>',
  activities: [{ _id: 'temp_a', date: '2030-03-02', startTime: '09:00', endTime: '10:00' }],
  tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '20' }],
};

async function createGroup() {
  const res = await ctx.request('POST', '/api/activity-groups', { token: org.token, body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; tickets: { _id: string }[] };
}

async function customerWithChild() {
  const now = new Date().toISOString();
  const stamp = { client_id: org.clientId, created_at: now, updated_at: now };
  const user = await registerCustomer(ctx, org.clientId);
  const attendee = newId();
  await ctx.handle.db
    .insertInto('attendees')
    .values({ ...stamp, id: attendee, user_id: user.user._id })
    .execute();
  return { stamp, userId: user.user._id as string, attendee };
}

/** A booking line as the booking service stores one; 'expired' is a hold that ran out unpaid. */
async function recordBooking(
  groupId: string,
  ticketId: string,
  status: 'confirmed' | 'cancelled' | 'expired',
) {
  const { stamp, userId, attendee } = await customerWithChild();
  const booking = newId();
  await ctx.handle.db
    .insertInto('bookings')
    .values({
      ...stamp,
      id: booking,
      user_id: userId,
      status,
      currency: 'GBP',
      subtotal: 1,
      total: 1,
      amount_due_now: 1,
    })
    .execute();
  await ctx.handle.db
    .insertInto('booking_items')
    .values({
      ...stamp,
      id: newId(),
      booking_id: booking,
      activity_group_id: groupId,
      ticket_id: ticketId,
      attendee_id: attendee,
      price: 1,
      status,
    })
    .execute();
}

const remove = (id: string, token = org.token) =>
  ctx.request('DELETE', `/api/activity-groups/${id}`, { token });
const fetchGroup = (id: string) =>
  ctx.request('GET', `/api/activity-groups/${id}`, { token: org.token });

describe('DELETE /api/activity-groups/{id}', () => {
  it('deletes a group nothing was booked on, with its sessions and tickets', async () => {
    const group = await createGroup();
    const res = await remove(group._id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await fetchGroup(group._id)).status).toBe(404);
    const list = await ctx.request('GET', '/api/activity-groups/full-list', { token: org.token });
    expect(list.body.data.map((g: { _id: string }) => g._id)).not.toContain(group._id);
    const sessions = await ctx.handle.db
      .selectFrom('activities')
      .select('id')
      .where('activity_group_id', '=', group._id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it.each(['confirmed', 'cancelled', 'expired'] as const)(
    'refuses once a booking (%s) exists, suggests archive, and writes nothing',
    async (status) => {
      const group = await createGroup();
      await recordBooking(group._id, group.tickets[0]!._id, status);
      const res = await remove(group._id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(messages.activityGroupHasBookings);
      expect(res.body.message).toContain('archive');
      const still = await fetchGroup(group._id);
      expect(still.status).toBe(200);
      expect(still.body.data.activities).toHaveLength(1);
      expect(still.body.data.tickets).toHaveLength(1);
    },
  );

  it('refuses while someone is on the waitlist', async () => {
    const group = await createGroup();
    const { stamp, userId, attendee } = await customerWithChild();
    await ctx.handle.db
      .insertInto('waitlist_entries')
      .values({
        ...stamp,
        id: newId(),
        user_id: userId,
        attendee_id: attendee,
        activity_group_id: group._id,
        activity_id: null,
        type: 'AllSessions',
        status: 'waiting',
        offer_expires_at: null,
      })
      .execute();
    const res = await remove(group._id);
    expect(res.status).toBe(409);
    expect((await fetchGroup(group._id)).status).toBe(200);
  });

  it("answers 404 for another organiser's group and is admin only", async () => {
    const group = await createGroup();
    const other = await signUpOrganiser(ctx);
    expect((await remove(group._id, other.token)).status).toBe(404);
    const customer = await registerCustomer(ctx, org.clientId);
    expect((await remove(group._id, customer.token)).status).toBe(403);
    expect((await fetchGroup(group._id)).status).toBe(200);
  });
});
