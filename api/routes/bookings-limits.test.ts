import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_UNPAID_BOOKINGS, messages } from '../../engine/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  connectCardAccount,
  countTakenPlaces,
  createCamp,
  type Organiser,
  offlineStripeKeys,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * What the server refuses a customer that the widget alone used to: an attendee outside the age
 * range of a group that blocks them, and places taken without payment beyond the per-customer
 * limits (an hourly count across card, pay later and voucher; a cap on open unpaid bookings).
 */

let ctx: TestContext;
let org: Organiser;
let camp: Camp;

beforeAll(async () => {
  ctx = await createTestContext({ stripe: offlineStripeKeys });
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  await connectCardAccount(ctx, org.clientId);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
});
afterAll(() => ctx.close());

const post = (path: string, token: string, body: unknown) =>
  ctx.request('POST', path, { token, body });
const payLater = { paymentMethod: { type: 'payLater' } };
const day = (session: number, attendee: string, extra: Record<string, unknown> = {}) =>
  basket(
    camp._id,
    { ticket: camp.day, activities: [camp.sessions[session]!], attendees: [attendee] },
    extra,
  );
const bookingsOf = async (parent: Parent) =>
  Number(
    (
      await ctx.handle.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', parent.userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const setAges = (minMonths: number | null, maxMonths: number | null, block: boolean) =>
  ctx.handle.db
    .updateTable('activity_groups')
    .set({
      min_age_months: minMonths,
      max_age_months: maxMonths,
      block_out_of_range: block ? 1 : 0,
    })
    .where('id', '=', camp._id)
    .execute();

describe('the age block on the server', () => {
  it('refuses a customer an attendee outside the range of a blocking group; admins are warned', async () => {
    // The children (born 2020-01-01) are 11 in July 2031; the group takes 7 to 9 years.
    await setAges(84, 108, true);
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const child = parent.children[0]!;

    const quote = await post('/api/bookings/quote', parent.token, day(0, child));
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.problems).toEqual([
      { lineKey: 0, message: messages.ageRangeBlockedBooking },
    ]);

    const refused = await post('/api/bookings', parent.token, day(0, child, payLater));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: messages.ageRangeBlockedBooking,
      errors: { 'activityGroups.0.items.0': messages.ageRangeBlockedBooking },
    });
    expect(await bookingsOf(parent)).toBe(0);
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(0);

    // An admin sees the warning (decisions.md, "Admins book on behalf of a customer") and may book.
    const adminQuote = await post('/api/bookings/admin/quote', org.token, {
      user: parent.userId,
      ...day(0, child),
    });
    expect(adminQuote.body.data.problems).toEqual([]);
    expect(adminQuote.body.data.warnings[0].warnings).toContainEqual({
      code: 'outsideAgeRange',
      message: messages.ageRangeNotice,
    });
    const adminBooked = await post('/api/bookings/admin', org.token, {
      user: parent.userId,
      ...day(0, child, payLater),
    });
    expect(adminBooked.status, JSON.stringify(adminBooked.body)).toBe(201);

    // Without the block the range is only a notice: the customer books.
    await setAges(84, 108, false);
    const noticed = await post('/api/bookings', parent.token, day(1, child, payLater));
    expect(noticed.status, JSON.stringify(noticed.body)).toBe(201);
    // In range, blocking or not, nothing is said.
    await setAges(120, 144, true);
    const fits = await post('/api/bookings/quote', parent.token, day(2, child));
    expect(fits.body.data.problems).toEqual([]);
    await setAges(null, null, false);
  });
});

describe('places taken without payment, per customer', () => {
  it('counts card, pay later and voucher bookings together: 10 an hour, then 429', async () => {
    const parent = await parentWithChildren(ctx, org, ['Bo', 'Cy']);
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/api/bookings',
        parent.token,
        day(i % 5, parent.children[Math.floor(i / 5)]!, payLater),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // The eleventh, by card this time (a hold, not an unpaid booking), waits for the next hour.
    const card = await post(
      '/api/bookings',
      parent.token,
      basket(
        camp._id,
        { ticket: camp.week, attendees: [parent.children[0]!] },
        { paymentMethod: { type: 'card' } },
      ),
    );
    expect(card.status).toBe(429);
    expect(card.body.message).toBe(messages.tooManyUnpaidBookings);
    expect(Number(card.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await bookingsOf(parent)).toBe(10);
  });

  it(`caps open bookings awaiting payment at ${MAX_OPEN_UNPAID_BOOKINGS} until one is paid`, async () => {
    const parent = await parentWithChildren(ctx, org, ['Di', 'Ed', 'Fi']);
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_UNPAID_BOOKINGS; i++) {
      const res = await post(
        '/api/bookings',
        parent.token,
        day(i % 5, parent.children[Math.floor(i / 5)]!, payLater),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data._id);
    }
    // A new hour: the hourly count starts again, the open bookings do not go away.
    await ctx.handle.db
      .deleteFrom('rate_limits')
      .where('key', '=', `unpaid-booking:${parent.userId}`)
      .execute();
    const eleventh = day(0, parent.children[2]!, payLater);
    const refused = await post('/api/bookings', parent.token, eleventh);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyOpenUnpaidBookings(MAX_OPEN_UNPAID_BOOKINGS));
    expect(await bookingsOf(parent)).toBe(MAX_OPEN_UNPAID_BOOKINGS);

    // Once the organiser records a payment, there is room for one more.
    const paid = await post(`/api/bookings/${ids[0]}/mark-paid`, org.token, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const booked = await post('/api/bookings', parent.token, eleventh);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });
});
