import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, messages, todayIn, zonedToInstant } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { loadOverview } from '../services/overview.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * The organiser's overview against bookings made through the real bookings API: what the
 * dashboard home shows must be what the Bookings screen and the sessions hold.
 */

let ctx: TestContext;
let org: Organiser;
let parent: Parent;
let voucher: string;
let group: { _id: string; soon: string; later: string; nextWeek: string; day: string };
const today = todayIn(Date.now(), 'Europe/London');

async function allowOfflinePayments(clientId: string) {
  const now = new Date().toISOString();
  const id = newId();
  await ctx.handle.db
    .insertInto('childcare_voucher_providers')
    .values({
      id,
      client_id: clientId,
      name: 'Tax-Free Childcare',
      payment_instructions: 'Quote your booking number.',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', clientId)
    .execute();
  return id;
}

/** Tomorrow with 2 places, in 3 days with no limit, and a session beyond the week. */
async function createClub(owner: Organiser, name: string) {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: owner.token,
    body: {
      name,
      waitlistType: 'SingleSession',
      activities: [
        {
          _id: 'temp_a',
          date: addDays(today, 1),
          startTime: '15:30',
          endTime: '16:30',
          placeLimit: 2,
        },
        {
          _id: 'temp_b',
          date: addDays(today, 3),
          startTime: '09:00',
          endTime: '10:00',
          placeLimit: '',
        },
        {
          _id: 'temp_c',
          date: addDays(today, 8),
          startTime: '09:00',
          endTime: '10:00',
          placeLimit: 5,
        },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '10' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const g = res.body.data;
  const at = (date: string) => g.activities.find((a: { date: string }) => a.date === date)._id;
  return {
    _id: g._id as string,
    soon: at(addDays(today, 1)) as string,
    later: at(addDays(today, 3)) as string,
    nextWeek: at(addDays(today, 8)) as string,
    day: g.tickets[0]._id as string,
  };
}

const book = async (
  who: Parent,
  g: typeof group,
  session: string,
  attendees: string[],
  paymentMethod: unknown,
) => {
  const res = await ctx.request('POST', '/api/bookings', {
    token: who.token,
    body: basket(g._id, { ticket: g.day, activities: [session], attendees }, { paymentMethod }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; status: string };
};

const overview = async (token: string) => {
  const res = await ctx.request('GET', '/api/overview', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  voucher = await allowOfflinePayments(org.clientId);
  group = await createClub(org, 'Tiny Tennis');
  parent = await parentWithChildren(ctx, org, ['Ada', 'Alan', 'Grace']);
});
afterAll(() => ctx.close());

describe('GET /api/overview', () => {
  it('answers a new organiser with empty figures and no activities', async () => {
    const fresh = await premiumOrganiser(ctx);
    const data = await overview(fresh.token);
    expect(data).toMatchObject({
      today,
      hasActivities: false,
      sessions: [],
      awaitingPayment: { count: 0, total: 0 },
      newestBookings: [],
      activeWaitlist: 0,
    });
    expect(data.takings).toMatchObject({ currency: 'GBP', paid: 0, refunded: 0 });
    expect(data.takings.days).toHaveLength(30);
    expect(data.takings.days.at(-1)).toEqual({ date: today, paid: 0, refunded: 0 });
  });

  it('shows the week’s sessions filled by real bookings, money owed and money taken', async () => {
    const [ada, alan, grace] = parent.children as [string, string, string];
    // Pay later for two children fills tomorrow; a voucher booking in 3 days is then paid.
    const payLater = await book(parent, group, group.soon, [ada, alan], { type: 'payLater' });
    const voucherBooking = await book(parent, group, group.later, [grace], {
      type: 'childcareVoucher',
      childcareVoucherProvider: voucher,
    });
    expect([payLater.status, voucherBooking.status]).toEqual([
      'awaiting_payment',
      'awaiting_payment',
    ]);
    const owedBoth = await overview(org.token);
    expect(owedBoth.awaitingPayment).toEqual({ count: 2, total: 3000 });

    const paid = await ctx.request('POST', `/api/bookings/${voucherBooking._id}/mark-paid`, {
      token: org.token,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: group._id, attendee: grace, activities: [group.soon] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    const data = await overview(org.token);
    expect(data.hasActivities).toBe(true);
    expect(data.sessions).toEqual([
      {
        _id: group.soon,
        activityGroup: { _id: group._id, name: 'Tiny Tennis' },
        date: addDays(today, 1),
        startTime: '15:30',
        endTime: '16:30',
        venue: null,
        placeLimit: 2,
        booked: 2,
        full: true,
        waitlist: 1,
      },
      expect.objectContaining({
        _id: group.later,
        placeLimit: null,
        booked: 1,
        full: false,
        waitlist: 0,
      }),
    ]);
    expect(data.awaitingPayment).toEqual({ count: 1, total: 2000 });
    expect(data.takings.paid).toBe(1000);
    expect(data.takings.days.at(-1)).toEqual({ date: today, paid: 1000, refunded: 0 });
    expect(data.activeWaitlist).toBe(1);
    expect(
      data.newestBookings.map((b: { _id: string; status: string }) => [b._id, b.status]),
    ).toEqual([
      [voucherBooking._id, 'confirmed'],
      [payLater._id, 'awaiting_payment'],
    ]);
    expect(
      data.newestBookings[1].items
        .map((i: { attendee: { name: string } }) => i.attendee.name)
        .sort(),
    ).toEqual(['Ada Lovelace', 'Alan Lovelace']);
  });

  it('keeps to the newest five bookings, and sessions beyond the week stay out', async () => {
    const extra = await parentWithChildren(ctx, org, ['Emmy', 'Ida', 'Lise', 'Mary', 'Rosalind']);
    const made: string[] = [];
    for (const child of extra.children) {
      made.push((await book(extra, group, group.nextWeek, [child], { type: 'payLater' }))._id);
    }
    const data = await overview(org.token);
    expect(data.newestBookings.map((b: { _id: string }) => b._id)).toEqual(made.reverse());
    expect(data.sessions.map((s: { _id: string }) => s._id)).toEqual([group.soon, group.later]);
    expect(data.awaitingPayment).toEqual({ count: 6, total: 7000 });
  });

  it('never counts another organiser’s bookings or sessions', async () => {
    const other = await premiumOrganiser(ctx);
    const otherVoucher = await allowOfflinePayments(other.clientId);
    const otherGroup = await createClub(other, 'Other Club');
    const otherParent = await parentWithChildren(ctx, other, ['Zed']);
    await book(otherParent, otherGroup, otherGroup.soon, otherParent.children, {
      type: 'childcareVoucher',
      childcareVoucherProvider: otherVoucher,
    });
    const mine = await overview(org.token);
    expect(
      mine.sessions.map((s: { activityGroup: { name: string } }) => s.activityGroup.name),
    ).not.toContain('Other Club');
    expect(
      mine.newestBookings.every(
        (b: { user: { _id: string } }) => b.user._id !== otherParent.userId,
      ),
    ).toBe(true);
    const theirs = await overview(other.token);
    expect(theirs.awaitingPayment).toEqual({ count: 1, total: 1000 });
    expect(theirs.sessions[0]).toMatchObject({ booked: 1, full: false, waitlist: 0 });
    expect(theirs.newestBookings).toHaveLength(1);
  });

  it('keeps a session of the day until it ends, and moves the week along', async () => {
    const sessionsAt = async (date: string, time: string) =>
      loadOverview(ctx.handle.db, org.clientId, zonedToInstant(date, time, 'Europe/London'));
    const ids = async (date: string, time: string) =>
      (await sessionsAt(date, time)).sessions.map((s) => s._id);
    // Tomorrow at 4pm its 3.30pm session is on; at 4.30pm it is over.
    expect(await ids(addDays(today, 1), '16:00')).toEqual([group.soon, group.later]);
    expect(await ids(addDays(today, 1), '16:30')).toEqual([group.later]);
    // Two days on, the session 8 days from today is 6 days away: inside the week.
    const later = await sessionsAt(addDays(today, 2), '12:00');
    expect(later.sessions.map((s) => s._id)).toEqual([group.later, group.nextWeek]);
    expect(later.today).toBe(addDays(today, 2));
    expect(later.takings.days.at(-1)?.date).toBe(addDays(today, 2));
  });

  it('leaves the waitlist count out below the Premium plan', async () => {
    const starter = await signUpOrganiser(ctx);
    const data = await overview(starter.token);
    expect(data.activeWaitlist).toBeNull();
  });

  it('is for admins only', async () => {
    const customer = await ctx.request('GET', '/api/overview', { token: parent.token });
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe(messages.forbidden);
    const signedOut = await ctx.request('GET', '/api/overview');
    expect(signedOut.status).toBe(401);
  });
});
