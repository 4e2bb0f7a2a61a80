import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

let ctx: TestContext;
let org: Organiser;
let camp: Camp;
let parent: Parent;
let voucherProvider: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  camp = await createCamp(ctx, org);
  parent = await parentWithChildren(ctx, org, ['Ada', 'Alan']);
  const now = new Date().toISOString();
  voucherProvider = newId();
  await ctx.handle.db
    .insertInto('childcare_voucher_providers')
    .values({
      id: voucherProvider,
      client_id: org.clientId,
      name: 'Tax-Free Childcare',
      payment_instructions: 'Pay from your account, quoting your booking number.',
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(() => ctx.close());

const post = (path: string, token: string, body: unknown, headers?: Record<string, string>) =>
  ctx.request('POST', path, { token, body, headers });

describe('POST /api/bookings/quote', () => {
  it('prices a basket with the engine: day tickets, add-ons per session', async () => {
    const res = await post(
      '/api/bookings/quote',
      parent.token,
      basket(camp._id, {
        ticket: camp.day,
        activities: [camp.sessions[3]!, camp.sessions[4]!],
        attendees: [parent.children[0]!],
        addOns: [{ addOn: camp.lunch }, { addOn: camp.swim }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2 days × 25 + lunch 2 × 4 + swimming on the last day only 6.
    expect(res.body.data).toMatchObject({
      currency: 'GBP',
      subtotal: 6400,
      total: 6400,
      amountDueNow: 6400,
      problems: [],
    });
    expect(res.body.data.lines[0].label).toBe('Summer Camp: Day ticket for Ada Lovelace');
  });

  it.each([
    [{}, 'activityGroups', messages.selectActivity],
    [
      { activityGroups: [{ activityGroup: 'x', items: [] }] },
      'activityGroups.0.items',
      messages.selectTicket,
    ],
    [
      { activityGroups: [{ activityGroup: 'x', items: [{ ticket: 't', attendees: [] }] }] },
      'activityGroups.0.items.0.attendees',
      messages.attendeeRequired,
    ],
  ])('refuses a bad basket %j with its message', async (body, field, message) => {
    const res = await post('/api/bookings/quote', parent.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: message } });
  });

  it('refuses other families’ attendees and other organisers’ groups', async () => {
    const other = await parentWithChildren(ctx, org, ['Grace']);
    const theirs = await post(
      '/api/bookings/quote',
      parent.token,
      basket(camp._id, { ticket: camp.week, attendees: [other.children[0]!] }),
    );
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toEqual({
      'activityGroups.0.items.0.attendees': messages.notYourAttendee,
    });

    const otherOrg = await premiumOrganiser(ctx);
    const otherCamp = await createCamp(ctx, otherOrg);
    const foreign = await post(
      '/api/bookings/quote',
      parent.token,
      basket(otherCamp._id, { ticket: otherCamp.week, attendees: [parent.children[0]!] }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe(messages.activityUnavailable);
  });

  it('names disabled tickets, past or unknown sessions and unpublished groups', async () => {
    const hidden = await createCamp(ctx, org, { name: 'Hidden camp' });
    await ctx.handle.db
      .updateTable('activity_groups')
      .set({ enabled: 0 })
      .where('id', '=', hidden._id)
      .execute();
    const unpublished = await post(
      '/api/bookings/quote',
      parent.token,
      basket(hidden._id, { ticket: hidden.week, attendees: [parent.children[0]!] }),
    );
    expect(unpublished.body.message).toBe(messages.activityUnavailable);

    const unknownSession = await post(
      '/api/bookings/quote',
      parent.token,
      basket(camp._id, {
        ticket: camp.day,
        activities: ['nope'],
        attendees: [parent.children[0]!],
      }),
    );
    expect(unknownSession.status).toBe(200);
    expect(unknownSession.body.data.problems).toEqual([
      { lineKey: 0, message: messages.sessionUnavailable },
    ]);

    const past = await createCamp(ctx, org, { name: 'Past camp' });
    await ctx.handle.db
      .updateTable('activities')
      .set({ date: '2020-01-01' })
      .where('activity_group_id', '=', past._id)
      .execute();
    const pastQuote = await post(
      '/api/bookings/quote',
      parent.token,
      basket(past._id, { ticket: past.week, attendees: [parent.children[0]!] }),
    );
    expect(pastQuote.body.data.problems[0].message).toBe(messages.sessionUnavailable);

    await ctx.handle.db
      .updateTable('tickets')
      .set({ enabled: 0 })
      .where('id', '=', past.day)
      .execute();
    const disabled = await post(
      '/api/bookings',
      parent.token,
      basket(past._id, {
        ticket: past.day,
        activities: [past.sessions[0]!],
        attendees: [parent.children[0]!],
      }),
    );
    expect(disabled.status).toBe(422);
    expect(disabled.body).toMatchObject({
      message: messages.noTicketsAvailable,
      errors: { 'activityGroups.0.items.0': messages.noTicketsAvailable },
    });
  });

  it('names a disabled add-on and refuses add-ons below the Standard plan', async () => {
    const lunchless = await createCamp(ctx, org, { name: 'Lunchless camp' });
    await ctx.handle.db
      .updateTable('add_ons')
      .set({ enabled: 0 })
      .where('id', '=', lunchless.lunch)
      .execute();
    const item = {
      ticket: lunchless.day,
      activities: [lunchless.sessions[0]!],
      attendees: [parent.children[0]!],
      addOns: [{ addOn: lunchless.lunch }],
    };
    const disabled = await post('/api/bookings/quote', parent.token, basket(lunchless._id, item));
    expect(disabled.body.data.problems).toEqual([
      { lineKey: 0, message: messages.notEnabledForAnySessions },
    ]);
    await ctx.handle.db
      .updateTable('clients')
      .set({ plan_level: 0 })
      .where('id', '=', org.clientId)
      .execute();
    try {
      const starter = await post(
        '/api/bookings/quote',
        parent.token,
        basket(camp._id, {
          ...item,
          ticket: camp.day,
          activities: [camp.sessions[0]!],
          addOns: [{ addOn: camp.lunch }],
        }),
      );
      expect(starter.body.data.problems).toEqual([
        { lineKey: 0, message: messages.featureNotAvailable },
      ]);
    } finally {
      await ctx.handle.db
        .updateTable('clients')
        .set({ plan_level: 20 })
        .where('id', '=', org.clientId)
        .execute();
    }
  });

  it('asks a customer to sign in and refuses admins', async () => {
    const body = basket(camp._id, { ticket: camp.week, attendees: [parent.children[0]!] });
    expect((await ctx.request('POST', '/api/bookings/quote', { body })).status).toBe(401);
    expect((await post('/api/bookings/quote', org.token, body)).status).toBe(403);
  });
});

describe('POST /api/bookings', () => {
  it('books what it quoted: same totals, places, add-ons, 201', async () => {
    const body = basket(
      camp._id,
      {
        ticket: camp.day,
        activities: [camp.sessions[4]!],
        attendees: [parent.children[0]!],
        addOns: [{ addOn: camp.swim }],
      },
      { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucherProvider } },
    );
    const quote = await post('/api/bookings/quote', parent.token, body);
    const created = await post('/api/bookings', parent.token, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body.data;
    expect(booking).toMatchObject({
      status: 'awaiting_payment',
      subtotal: quote.body.data.subtotal,
      total: quote.body.data.total,
      amountDueNow: quote.body.data.amountDueNow,
      amountPaid: 0,
      holdExpiresAt: null,
      paymentMethod: {
        type: 'childcareVoucher',
        childcareVoucherProvider: { _id: voucherProvider, name: 'Tax-Free Childcare' },
      },
    });
    expect(booking.items).toHaveLength(1);
    expect(booking.items[0]).toMatchObject({
      ticket: { _id: camp.day, name: 'Day ticket', type: 'single' },
      attendee: { _id: parent.children[0], name: 'Ada Lovelace' },
      price: 3100,
      places: [{ activity: { _id: camp.sessions[4], date: '2031-07-05' }, status: 'confirmed' }],
      addOns: [{ name: 'Swimming', price: 600, activity: camp.sessions[4] }],
    });

    const again = await ctx.request('GET', `/api/bookings/${booking._id}`, { token: parent.token });
    expect(again.body.data).toEqual(booking);
    const mine = await ctx.request('GET', '/api/bookings/mine', { token: parent.token });
    expect(mine.body.data[0]._id).toBe(booking._id);
  });

  it('never trusts a total from the browser', async () => {
    const res = await post('/api/bookings', parent.token, {
      ...basket(camp._id, { ticket: camp.week, attendees: [parent.children[1]!] }),
      total: 1,
    });
    expect(res.status).toBe(400);
  });

  it('checks the payment method', async () => {
    const item = {
      ticket: camp.day,
      activities: [camp.sessions[0]!],
      attendees: [parent.children[1]!],
    };
    const cases: [unknown, string][] = [
      [undefined, messages.paymentMethodRequired],
      [{ type: 'payLater' }, messages.payLaterNotAllowed],
      [
        { type: 'childcareVoucher', childcareVoucherProvider: 'nope' },
        messages.voucherProviderUnavailable,
      ],
      [{ type: 'card' }, messages.cardPaymentsUnavailable],
    ];
    for (const [paymentMethod, message] of cases) {
      const res = await post(
        '/api/bookings',
        parent.token,
        basket(camp._id, item, { paymentMethod }),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ message, errors: { paymentMethod: message } });
    }
    expect(await countTakenPlaces(ctx, camp.sessions[0]!)).toBe(0);

    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const later = await post(
      '/api/bookings',
      parent.token,
      basket(camp._id, item, { paymentMethod: { type: 'payLater' } }),
    );
    expect(later.status).toBe(201);
    expect(later.body.data.status).toBe('awaiting_payment');
  });

  it('answers the same booking for the same Idempotency-Key, and writes one', async () => {
    const family = await parentWithChildren(ctx, org, ['Edsger']);
    const body = basket(
      camp._id,
      { ticket: camp.day, activities: [camp.sessions[1]!], attendees: [family.children[0]!] },
      { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucherProvider } },
    );
    const headers = { 'idempotency-key': 'checkout-123' };
    const [a, b] = await Promise.all([
      post('/api/bookings', family.token, body, headers),
      post('/api/bookings', family.token, body, headers),
    ]);
    const c = await post('/api/bookings', family.token, body, headers);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.data._id, b.body.data._id, c.body.data._id]).size).toBe(1);
    const mine = await ctx.request('GET', '/api/bookings/mine', { token: family.token });
    expect(mine.body.data).toHaveLength(1);
  });

  it('answers 409 when the last place is gone and writes nothing', async () => {
    const small = await createCamp(ctx, org, { placeLimit: 1, name: 'Tiny camp' });
    const first = await parentWithChildren(ctx, org, ['Barbara']);
    const second = await parentWithChildren(ctx, org, ['Donald']);
    const item = (p: Parent) => ({
      ticket: small.day,
      activities: [small.sessions[2]!],
      attendees: [p.children[0]!],
    });
    const pay = {
      paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucherProvider },
    };
    expect(
      (await post('/api/bookings', first.token, basket(small._id, item(first), pay))).status,
    ).toBe(201);
    const quote = await post(
      '/api/bookings/quote',
      second.token,
      basket(small._id, item(second), pay),
    );
    // Both name the session that went (issue 11): date and time, in the organiser's format.
    const gone = messages.sessionFullNamed(['Thu 03/07/2031, 9am–3pm']);
    expect(quote.body.data.problems).toEqual([{ lineKey: 0, message: gone }]);
    const late = await post('/api/bookings', second.token, basket(small._id, item(second), pay));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(gone);
    const mine = await ctx.request('GET', '/api/bookings/mine', { token: second.token });
    expect(mine.body.data).toEqual([]);
    expect(await countTakenPlaces(ctx, small.sessions[2]!)).toBe(1);
  });

  it('never books an attendee into the same session twice', async () => {
    const family = await parentWithChildren(ctx, org, ['Jo']);
    const pay = {
      paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucherProvider },
    };
    const day = { ticket: camp.day, activities: [camp.sessions[3]!], attendees: family.children };
    expect((await post('/api/bookings', family.token, basket(camp._id, day, pay))).status).toBe(
      201,
    );
    const again = await post('/api/bookings', family.token, basket(camp._id, day, pay));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      'activityGroups.0.items.0': messages.alreadyBookedOnSession,
    });
    const week = await post(
      '/api/bookings/quote',
      family.token,
      basket(camp._id, { ticket: camp.week, attendees: family.children }, pay),
    );
    expect(week.body.data.problems).toEqual([
      { lineKey: 0, message: messages.alreadyBookedOnSession },
    ]);
  });

  it('confirms a free booking at once', async () => {
    const free = await createCamp(ctx, org, { name: 'Free taster' });
    await ctx.handle.db
      .updateTable('tickets')
      .set({ price: 0 })
      .where('id', '=', free.day)
      .execute();
    const res = await post(
      '/api/bookings',
      parent.token,
      basket(free._id, {
        ticket: free.day,
        activities: [free.sessions[0]!],
        attendees: [parent.children[0]!],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'confirmed', total: 0, paymentMethod: null });
    expect(res.body.data.confirmedAt).toEqual(expect.any(String));
  });
});

describe('GET /api/bookings/{id}', () => {
  it('is 404 for another customer and for another organiser, and open to the admin', async () => {
    const [booking] = (await ctx.request('GET', '/api/bookings/mine', { token: parent.token })).body
      .data;
    const stranger = await parentWithChildren(ctx, org, ['Eve']);
    expect(
      (await ctx.request('GET', `/api/bookings/${booking._id}`, { token: stranger.token })).status,
    ).toBe(404);
    const otherOrg = await premiumOrganiser(ctx);
    expect(
      (await ctx.request('GET', `/api/bookings/${booking._id}`, { token: otherOrg.token })).status,
    ).toBe(404);
    const admin = await ctx.request('GET', `/api/bookings/${booking._id}`, { token: org.token });
    expect(admin.status).toBe(200);
    expect(admin.body.data.user._id).toBe(parent.userId);
  });
});

describe('GET /api/bookings/payment-options', () => {
  it('lists enabled voucher providers, pay later, card and the customer’s credit', async () => {
    const anonymous = await ctx.request('GET', '/api/bookings/payment-options', {
      clientId: org.clientId,
    });
    expect(anonymous.body.data).toEqual({
      childcareVoucherProviders: [
        {
          _id: voucherProvider,
          name: 'Tax-Free Childcare',
          paymentInstructions: 'Pay from your account, quoting your booking number.',
        },
      ],
      payLater: true,
      card: false,
      holdMinutes: 15,
      accountCredit: 0,
      passCredits: [],
    });
  });

  it('shows the customer’s session-pass credits left, per pass and expiry', async () => {
    const family = await parentWithChildren(ctx, org, ['Jo']);
    const db = ctx.handle.db;
    const now = new Date().toISOString();
    const owned = { client_id: org.clientId, created_at: now, updated_at: now };
    const passId = newId();
    await db
      .insertInto('session_passes')
      .values({ id: passId, ...owned, name: '10 swims' })
      .execute();
    await db
      .insertInto('session_pass_activity_groups')
      .values({ client_id: org.clientId, session_pass_id: passId, activity_group_id: camp._id })
      .execute();
    const later = '2031-01-01T00:00:00.000Z';
    const gone = '2020-01-01T00:00:00.000Z';
    const credits = (n: number, expiresAt: string | null) => ({
      id: newId(),
      ...owned,
      user_id: family.userId,
      session_pass_id: passId,
      credits: n,
      expires_at: expiresAt,
      booking_id: null,
      payment_id: null,
    });
    await db
      .insertInto('pass_credit_ledger')
      .values([credits(10, later), credits(-3, later), credits(4, null), credits(5, gone)])
      .execute();
    const mine = await ctx.request('GET', '/api/bookings/payment-options', {
      token: family.token,
    });
    expect(mine.body.data.passCredits).toEqual([
      { _id: passId, name: '10 swims', credits: 7, expiresAt: later, activityGroupIds: [camp._id] },
      { _id: passId, name: '10 swims', credits: 4, expiresAt: null, activityGroupIds: [camp._id] },
    ]);
    // Nobody else sees them.
    const other = await ctx.request('GET', '/api/bookings/payment-options', {
      token: parent.token,
    });
    expect(other.body.data.passCredits).toEqual([]);
  });
});

describe('places left on the public activity group', () => {
  it('counts booked places per session; null when unlimited', async () => {
    const small = await createCamp(ctx, org, { placeLimit: 3, name: 'Counted camp' });
    const family = await parentWithChildren(ctx, org, ['Hedy', 'Ida']);
    const res = await post(
      '/api/bookings',
      family.token,
      basket(
        small._id,
        { ticket: small.day, activities: [small.sessions[0]!], attendees: family.children },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucherProvider } },
      ),
    );
    expect(res.status).toBe(201);
    const shown = await ctx.request('GET', `/api/activity-groups/${small._id}/public`, {
      clientId: org.clientId,
    });
    expect(shown.body.data.activities.map((s: { placesLeft: number }) => s.placesLeft)).toEqual([
      1, 3, 3, 3, 3,
    ]);
    const list = await ctx.request('GET', '/api/activity-groups/full-list', {
      token: family.token,
    });
    const listed = list.body.data.find((g: { _id: string }) => g._id === small._id);
    expect(listed.activities[0].placesLeft).toBe(1);
    const sales = await ctx.request('GET', `/api/activity-groups/${small._id}/sales`, {
      token: org.token,
    });
    expect(sales.body.data).toMatchObject({
      singleSessionTicketSales: 2,
      activitySales: { [small.sessions[0]!]: 2 },
    });
    const open = await createCamp(ctx, org, { placeLimit: null, name: 'Open camp' });
    const unlimited = await ctx.request('GET', `/api/activity-groups/${open._id}/public`, {
      clientId: org.clientId,
    });
    expect(unlimited.body.data.activities[0].placesLeft).toBeNull();
  });
});
