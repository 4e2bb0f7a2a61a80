import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityGroupFormValues, messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { bookingJobHandlers } from '../jobs/handlers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { sweepExpiredHolds } from '../services/bookings/lifecycle.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Issue 11 item 5: places are held from the payment step for every method, a voucher or pay-later
 * booking keeps them until paid or the organiser's deadline, and a session that went is named.
 * Item 6: the basket's quote refuses a code it cannot use.
 */

let ctx: TestContext;
let org: Organiser;
let camp: Camp;
let voucher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org, { placeLimit: 1 });
  const now = new Date().toISOString();
  voucher = newId();
  await ctx.handle.db
    .insertInto('childcare_voucher_providers')
    .values({
      id: voucher,
      client_id: org.clientId,
      name: 'Tax-Free Childcare',
      payment_instructions: 'Pay from your account, quoting your booking number.',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
});
afterAll(() => ctx.close());

const byVoucher = () => ({
  paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher },
});
const day = (session: number, children: string[]) =>
  basket(camp._id, {
    ticket: camp.day,
    activities: [camp.sessions[session]!],
    attendees: children,
  });
const hold = (token: string, body: unknown) =>
  ctx.request('POST', '/api/bookings/holds', { token, body });
const place = (token: string, id: string, body: unknown) =>
  ctx.request('POST', `/api/bookings/${id}/place`, { token, body });
const read = async (token: string, id: string) =>
  (await ctx.request('GET', `/api/bookings/${id}`, { token })).body.data;
// 2031-07-01 is a Tuesday; the organiser's dates read dd/MM/yyyy.
const tuesday = 'Tue 01/07/2031, 9am–3pm';

describe('holding a basket from the payment step', () => {
  it('holds a voucher booking’s places from the payment step, then keeps them awaiting payment', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const held = await hold(parent.token, day(0, parent.children));
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.data).toMatchObject({
      status: 'held',
      paymentMethod: null,
      items: [{ places: [{ status: 'held' }] }],
    });
    expect(Date.parse(held.body.data.holdExpiresAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(1);

    // While the first parent picks a method, a second one cannot take the last place.
    const other = await parentWithChildren(ctx, org, ['Bo']);
    const lost = await hold(other.token, day(0, other.children));
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(`Sorry, there are no places left for this session: ${tuesday}.`);
    expect(lost.body.errors).toEqual({ [`sessions.${camp.sessions[0]}`]: lost.body.message });

    const placed = await place(parent.token, held.body.data._id, byVoucher());
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const before = Date.now();
    expect(placed.body.data).toMatchObject({
      status: 'awaiting_payment',
      holdExpiresAt: null,
      paymentMethod: { type: 'childcareVoucher' },
      items: [{ places: [{ status: 'confirmed' }] }],
    });
    // Seven days by default to pay.
    const due = Date.parse(placed.body.data.paymentDueAt);
    expect(due - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(due - before).toBeLessThanOrEqual(7 * 86_400_000);
    // The parent is told once: on placing, not on holding (the e-mail issue sends it); the
    // reminder 2 days before the deadline is written with it, to go out then.
    const told = await ctx.handle.db
      .selectFrom('messages')
      .select('kind')
      .where('booking_id', '=', held.body.data._id)
      .execute();
    expect(told.map((m) => m.kind).sort()).toEqual([
      'booking-confirmation',
      'payment-due-reminder',
    ]);
    // Placing again (a retried request) answers the same booking; the hold's job does nothing.
    expect((await place(parent.token, held.body.data._id, byVoucher())).status).toBe(200);
    await runDueJobs(ctx.handle.db, bookingJobHandlers(), new Date(Date.now() + 60 * 60_000));
    expect((await read(parent.token, held.body.data._id)).status).toBe('awaiting_payment');
    expect(
      await ctx.handle.db
        .selectFrom('messages')
        .select('kind')
        .where('booking_id', '=', held.body.data._id)
        .execute(),
    ).toHaveLength(2);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(1);
  });

  it('releases an unplaced hold when its time is up, by the job queue', async () => {
    const parent = await parentWithChildren(ctx, org, ['Cy']);
    const held = await hold(parent.token, day(1, parent.children));
    expect(held.status).toBe(201);
    const expires = Date.parse(held.body.data.holdExpiresAt);
    const handlers = bookingJobHandlers();
    await runDueJobs(ctx.handle.db, handlers, new Date(expires - 1000));
    expect((await read(parent.token, held.body.data._id)).status).toBe('held');
    await runDueJobs(ctx.handle.db, handlers, new Date(expires + 1000));
    expect(await read(parent.token, held.body.data._id)).toMatchObject({
      status: 'expired',
      items: [{ places: [{ status: 'expired' }] }],
    });
    expect(await countTakenPlaces(ctx, camp.sessions[1]!)).toBe(0);
    // Too late to pay for it: the parent starts again.
    const late = await place(parent.token, held.body.data._id, {
      paymentMethod: { type: 'payLater' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(messages.holdExpired);
  });

  it('gives the places back when the parent leaves the payment step', async () => {
    const parent = await parentWithChildren(ctx, org, ['Di']);
    const held = await hold(parent.token, day(2, parent.children));
    const gone = await ctx.request('DELETE', `/api/bookings/${held.body.data._id}/hold`, {
      token: parent.token,
    });
    expect(gone.status).toBe(204);
    expect(await countTakenPlaces(ctx, camp.sessions[2]!)).toBe(0);
  });

  it('releases a pay-later booking once the organiser’s deadline passes, unless paid', async () => {
    const saved = await ctx.request('GET', '/api/client', { token: org.token });
    const put = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...formOf(saved.body.data), unpaidReleaseDays: '2' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.unpaidReleaseDays).toBe(2);

    const parent = await parentWithChildren(ctx, org, ['Ed']);
    const held = await hold(parent.token, day(3, parent.children));
    const placed = await place(parent.token, held.body.data._id, {
      paymentMethod: { type: 'payLater' },
    });
    expect(placed.body.data.status).toBe('awaiting_payment');
    const due = Date.parse(placed.body.data.paymentDueAt);
    expect(due - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    expect(due - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);

    const handlers = bookingJobHandlers();
    await runDueJobs(ctx.handle.db, handlers, new Date(due - 60_000));
    expect((await read(parent.token, held.body.data._id)).status).toBe('awaiting_payment');
    await runDueJobs(ctx.handle.db, handlers, new Date(due + 1000));
    expect(await read(parent.token, held.body.data._id)).toMatchObject({
      status: 'expired',
      paymentDueAt: placed.body.data.paymentDueAt,
      items: [{ places: [{ status: 'expired' }] }],
    });
    expect(await countTakenPlaces(ctx, camp.sessions[3]!)).toBe(0);
    // The organiser's list shows it as expired too.
    const admin = await ctx.request('GET', `/api/bookings/${held.body.data._id}`, {
      token: org.token,
    });
    expect(admin.body.data.status).toBe('expired');
  });

  it('releases unpaid bookings whose deadline passed while no server ran, at start-up', async () => {
    const other = await createCamp(ctx, org, { placeLimit: 1, name: 'Sweep camp' });
    const parent = await parentWithChildren(ctx, org, ['Gil']);
    const booked = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        other._id,
        { ticket: other.day, activities: [other.sessions[0]!], attendees: parent.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.body.data.status).toBe('awaiting_payment');
    const due = Date.parse(booked.body.data.paymentDueAt);
    expect(await sweepExpiredHolds(ctx.handle.db, new Date(due - 1000))).toBe(0);
    expect(await sweepExpiredHolds(ctx.handle.db, new Date(due + 1000))).toBeGreaterThanOrEqual(1);
    expect((await read(parent.token, booked.body.data._id)).status).toBe('expired');
    expect(await countTakenPlaces(ctx, other.sessions[0]!)).toBe(0);
  });

  it('keeps a booking the organiser marked paid in time', async () => {
    const parent = await parentWithChildren(ctx, org, ['Flo']);
    const held = await hold(parent.token, day(4, parent.children));
    const placed = await place(parent.token, held.body.data._id, byVoucher());
    const paid = await ctx.request('POST', `/api/bookings/${held.body.data._id}/mark-paid`, {
      token: org.token,
      body: {},
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    const due = Date.parse(placed.body.data.paymentDueAt);
    await runDueJobs(ctx.handle.db, bookingJobHandlers(), new Date(due + 1000));
    expect((await read(parent.token, held.body.data._id)).status).toBe('confirmed');
    expect(await countTakenPlaces(ctx, camp.sessions[4]!)).toBe(1);
  });

  it('refuses a settings deadline outside 1 to 60 days', async () => {
    const saved = await ctx.request('GET', '/api/client', { token: org.token });
    const put = await ctx.request('PUT', '/api/client', {
      token: org.token,
      body: { ...formOf(saved.body.data), unpaidReleaseDays: '0' },
    });
    expect(put.status).toBe(400);
    expect(put.body.errors.unpaidReleaseDays).toBe(messages.unpaidReleaseDaysRange);
  });
});

describe('a waitlist offer and the payment step', () => {
  it('keeps the offer while its place is only held, and uses it once the booking is placed', async () => {
    // A free one-place class with a waitlist, full; then a place frees up and is offered.
    const made = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name: 'Tiny Tennis',
        waitlistType: 'SingleSession',
        activities: [
          {
            _id: 'temp_a',
            date: '2031-03-02',
            startTime: '09:00',
            endTime: '10:00',
            placeLimit: 1,
          },
        ],
        tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '0' }],
        addOns: [],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const saved = await ctx.request('GET', `/api/activity-groups/${made.body.data._id}`, {
      token: org.token,
    });
    const group = saved.body.data;
    const dropIn = (children: string[]) =>
      basket(group._id, {
        ticket: group.tickets[0]._id,
        activities: [group.activities[0]._id],
        attendees: children,
      });
    const filler = await parentWithChildren(ctx, org, ['Zed']);
    expect(
      (
        await ctx.request('POST', '/api/bookings', {
          token: filler.token,
          body: dropIn(filler.children),
        })
      ).status,
    ).toBe(201);
    const waiting = await parentWithChildren(ctx, org, ['Ana']);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: waiting.token,
      body: {
        activityGroup: group._id,
        attendee: waiting.children[0],
        activities: [group.activities[0]._id],
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const entry = joined.body.data[0]._id;
    const values = activityGroupFormValues(group);
    const more = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: { ...values, activities: values.activities!.map((a) => ({ ...a, placeLimit: 2 })) },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    const offered = await ctx.request('PUT', `/api/waitlists/${entry}/status`, {
      token: org.token,
      body: { status: 'Ready' },
    });
    expect(offered.body.data.status).toBe('Ready');
    const status = async () =>
      (await ctx.request('GET', '/api/waitlists', { token: waiting.token })).body.data[0].status;

    // Reaching payment and going back does not use the offer up.
    const first = await hold(waiting.token, dropIn(waiting.children));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await status()).toBe('Ready');
    await ctx.request('DELETE', `/api/bookings/${first.body.data._id}/hold`, {
      token: waiting.token,
    });
    expect(await status()).toBe('Ready');
    // The offered place is still the waiting child's, not anyone's.
    const other = await parentWithChildren(ctx, org, ['Ola']);
    expect((await hold(other.token, dropIn(other.children))).status).toBe(409);

    const second = await hold(waiting.token, dropIn(waiting.children));
    const placed = await place(waiting.token, second.body.data._id, { paymentMethod: null });
    expect(placed.body.data.status).toBe('confirmed');
    expect(await status()).toBe('Used');
  });
});

describe('capacity errors name the session', () => {
  it('answers a booking for a full session with 409 naming it (date and time)', async () => {
    const full = await createCamp(ctx, org, { placeLimit: 1, name: 'Tiny camp' });
    const first = await parentWithChildren(ctx, org, ['Gus']);
    const second = await parentWithChildren(ctx, org, ['Hal']);
    const body = (children: string[]) =>
      basket(full._id, { ticket: full.week, attendees: children }, byVoucher());
    expect(
      (
        await ctx.request('POST', '/api/bookings', {
          token: first.token,
          body: body(first.children),
        })
      ).status,
    ).toBe(201);
    const lost = await ctx.request('POST', '/api/bookings', {
      token: second.token,
      body: body(second.children),
    });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe(
      'Sorry, there are no places left for these sessions: Tue 01/07/2031, 9am–3pm; Wed 02/07/2031, 9am–3pm; Thu 03/07/2031, 9am–3pm; Fri 04/07/2031, 9am–3pm; Sat 05/07/2031, 9am–3pm.',
    );
    // The basket's quote names them too.
    const quote = await ctx.request('POST', '/api/bookings/quote', {
      token: second.token,
      body: body(second.children),
    });
    expect(quote.body.data.problems[0].message).toBe(lost.body.message);
  });
});

describe('discount codes at the basket', () => {
  it('refuses a code the basket cannot use on the quote, as a field error', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ivy']);
    const res = await ctx.request('POST', '/api/bookings/quote', {
      token: parent.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: parent.children },
        { discountCode: 'NOSUCHCODE' },
      ),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ discountCode: messages.codeInvalid });
    const without = await ctx.request('POST', '/api/bookings/quote', {
      token: parent.token,
      body: basket(camp._id, {
        ticket: camp.day,
        activities: [camp.sessions[0]!],
        attendees: parent.children,
      }),
    });
    expect(without.status).toBe(200);
  });
});

/** The settings form as the dashboard sends it back. */
function formOf(s: Record<string, unknown>) {
  const { _id, planLevel, onboardingInfo, logoUrl, ...form } = s;
  return form;
}
