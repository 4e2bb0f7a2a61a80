import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../engine/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  connectCardAccount,
  countTakenPlaces,
  createCamp,
  type Organiser,
  offlineStripeKeys,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * An organiser cannot overbook or under-limit a session without being told (issue 11, items
 * 8–11): an admin booking past a limit needs the admin's confirmation; a place limit cannot be
 * lowered below the places sold; a published activity has an enabled session and ticket; a
 * cancellation rule offers a card refund only when card refunds work. Each refusal writes nothing.
 */

let ctx: TestContext;
let org: Organiser;

beforeAll(async () => {
  ctx = await createTestContext({ stripe: offlineStripeKeys });
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
});
afterAll(() => ctx.close());

const post = (path: string, body: unknown, token = org.token) =>
  ctx.request('POST', path, { token, body });
const payLater = { paymentMethod: { type: 'payLater' } };
const count = async (table: 'bookings' | 'cancellation_rules', clientId = org.clientId) =>
  Number(
    (
      await ctx.handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The camp's whole form as the wizard would PUT it, with saved ids, and a patch. */
const campForm = (camp: Camp, patch: Record<string, unknown> = {}) => ({
  name: 'Summer Camp',
  activities: camp.sessions.map((_id, d) => ({
    _id,
    date: `2031-07-0${d + 1}`,
    startTime: '09:00',
    endTime: '15:00',
    placeLimit: '3',
  })),
  tickets: [
    { _id: camp.week, type: 'all', name: 'Whole week', price: '100' },
    { _id: camp.day, type: 'single', name: 'Day ticket', price: '25' },
  ],
  addOns: [
    { _id: camp.lunch, name: 'Hot lunch', price: '4' },
    {
      _id: camp.swim,
      name: 'Swimming',
      price: '6',
      restrictSessions: true,
      sessionsCanBeUsedFor: [camp.sessions[4]],
    },
  ],
  ...patch,
});

describe('admin booking past a place limit (item 8)', () => {
  it('warns on the quote when the children together overfill a session, and books only once confirmed', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 3 });
    const session = camp.sessions[0]!;
    // Two places sold: '1 place left'.
    const first = await parentWithChildren(ctx, org, ['Ann', 'Ben']);
    const sold = await post(
      '/api/bookings',
      {
        ...basket(camp._id, {
          ticket: camp.day,
          activities: [session],
          attendees: first.children,
        }),
        ...payLater,
      },
      first.token,
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);

    const family = await parentWithChildren(ctx, org, ['Cy', 'Di']);
    const two = {
      user: family.userId,
      ...basket(camp._id, { ticket: camp.day, activities: [session], attendees: family.children }),
    };
    const quote = await post('/api/bookings/admin/quote', two);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.overCapacity).toEqual([
      { sessionId: session, limit: 'place', ticketId: null, max: 3, after: 4 },
    ]);
    for (const line of quote.body.data.warnings)
      expect(line.warnings).toContainEqual({
        code: 'placeLimitReached',
        message: messages.warnPlaceLimitReached,
      });

    const before = await count('bookings');
    const refused = await post('/api/bookings/admin', { ...two, ...payLater });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.overCapacityNotConfirmed('Tue 01/07/2031, 9am–3pm'));
    expect(refused.body.errors).toEqual({ allowOverCapacity: refused.body.message });
    expect(await count('bookings')).toBe(before);
    expect(await countTakenPlaces(ctx, session)).toBe(2);

    const booked = await post('/api/bookings/admin', {
      ...two,
      ...payLater,
      allowOverCapacity: true,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await countTakenPlaces(ctx, session)).toBe(4);
    // The booking lists the session with its count, so the dashboard marks it over capacity.
    expect(booked.body.data.items[0].places[0].activity).toMatchObject({
      _id: session,
      placeLimit: 3,
      taken: 4,
    });

    // The organiser's screens can tell: sales 4 against a limit of 3.
    const sales = await ctx.request('GET', `/api/activity-groups/${camp._id}/sales`, {
      token: org.token,
    });
    expect(sales.body.data.activitySales[session]).toBe(4);
  });

  it('books one child into the last place without any confirmation', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 1 });
    const family = await parentWithChildren(ctx, org, ['Eve']);
    const one = {
      user: family.userId,
      ...basket(camp._id, {
        ticket: camp.day,
        activities: [camp.sessions[1]!],
        attendees: family.children,
      }),
    };
    const quote = await post('/api/bookings/admin/quote', one);
    expect(quote.body.data.overCapacity).toEqual([]);
    const booked = await post('/api/bookings/admin', { ...one, ...payLater });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  });
});

describe('a place limit below the places sold (item 9)', () => {
  it('is refused on that session, naming the sold count; the saved limit stays', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 10 });
    const family = await parentWithChildren(ctx, org, ['Fay', 'Gus', 'Hal', 'Ivy']);
    const sold = await post(
      '/api/bookings',
      {
        ...basket(camp._id, {
          ticket: camp.day,
          activities: [camp.sessions[2]!],
          attendees: family.children,
        }),
        ...payLater,
      },
      family.token,
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);

    const form = campForm(camp);
    form.activities = form.activities.map((s) => ({ ...s, placeLimit: '10' }));
    form.activities[2] = { ...form.activities[2]!, placeLimit: '2' };
    const refused = await ctx.request('PUT', `/api/activity-groups/${camp._id}`, {
      token: org.token,
      body: form,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.placeLimitBelowSold(4));
    expect(refused.body.errors).toEqual({
      'activities.2.placeLimit': messages.placeLimitBelowSold(4),
    });
    const limits = await ctx.handle.db
      .selectFrom('activities')
      .select(['id', 'place_limit'])
      .where('activity_group_id', '=', camp._id)
      .execute();
    expect(limits.map((l) => l.place_limit)).toEqual([10, 10, 10, 10, 10]);

    // Down to the sold count, or no limit, is fine.
    form.activities[2] = { ...form.activities[2]!, placeLimit: '4' };
    const saved = await ctx.request('PUT', `/api/activity-groups/${camp._id}`, {
      token: org.token,
      body: form,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe('publishing (item 10)', () => {
  it('refuses a published activity without an enabled session or ticket; a draft saves', async () => {
    const before = Number(
      (
        await ctx.handle.db
          .selectFrom('activity_groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', org.clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const noSession = await post('/api/activity-groups', {
      name: 'Empty',
      tickets: [{ type: 'all', name: 'Term', price: '80' }],
    });
    expect(noSession.status).toBe(400);
    expect(noSession.body.errors).toEqual({ activities: messages.publishNeedsSession });

    const camp = await createCamp(ctx, org);
    // Its only tickets deleted: refused, and both tickets are still there.
    const noTicket = await ctx.request('PUT', `/api/activity-groups/${camp._id}`, {
      token: org.token,
      body: campForm(camp, { tickets: [] }),
    });
    expect(noTicket.status).toBe(400);
    expect(noTicket.body.errors).toEqual({ tickets: messages.publishNeedsTicket });
    const tickets = await ctx.handle.db
      .selectFrom('tickets')
      .select('id')
      .where('activity_group_id', '=', camp._id)
      .execute();
    expect(tickets).toHaveLength(2);

    const draft = await post('/api/activity-groups', { name: 'Draft', enabled: false });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const after = Number(
      (
        await ctx.handle.db
          .selectFrom('activity_groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', org.clientId)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // The camp and the draft; the refused group was never written.
    expect(after).toBe(before + 2);
  });
});

describe("'Refund to card' in a cancellation rule (item 11)", () => {
  const rule = {
    name: 'Two days',
    sessionScope: 'allSessions',
    cancellationWindow: { amount: '48', unit: 'hours' },
    config: { percentageToRefund: '100', fee: '0', refundMethods: ['stripe'] },
  };

  it('is refused while card refunds are unavailable, and accepted once the account can charge', async () => {
    const other = await premiumOrganiser(ctx);
    const before = await count('cancellation_rules', other.clientId);
    const refused = await post('/api/cancellation-rules', rule, other.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'config.refundMethods': messages.cardRefundUnavailable });
    expect(await count('cancellation_rules', other.clientId)).toBe(before);

    const credit = await post(
      '/api/cancellation-rules',
      { ...rule, config: { ...rule.config, refundMethods: ['accountCredit'] } },
      other.token,
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const edited = await ctx.request('PUT', `/api/cancellation-rules/${credit.body.data._id}`, {
      token: other.token,
      body: rule,
    });
    expect(edited.status).toBe(400);
    const stored = await ctx.handle.db
      .selectFrom('cancellation_rules')
      .select('refund_methods')
      .where('id', '=', credit.body.data._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.refund_methods)).toEqual(['accountCredit']);

    await connectCardAccount(ctx, other.clientId);
    const accepted = await post('/api/cancellation-rules', rule, other.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.data.config.refundMethods).toEqual(['stripe']);
  });

  it('is refused on a server without card payments, even with a connected account', async () => {
    const bare = await createTestContext();
    try {
      const o = await premiumOrganiser(bare);
      await connectCardAccount(bare, o.clientId);
      const refused = await bare.request('POST', '/api/cancellation-rules', {
        token: o.token,
        body: rule,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        'config.refundMethods': messages.cardRefundUnavailable,
      });
    } finally {
      await bare.close();
    }
  });
});
