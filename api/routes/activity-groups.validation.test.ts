import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityGroupFormValues, messages } from '../../engine/index.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import {
  createTestContext,
  registerCustomer,
  signUpOrganiser,
  type TestContext,
} from '../test/harness.ts';

/*
 * Issue 4's API promise, message by message: every rule of the wizard's group, session, ticket
 * and add-on schemas answers a direct API call with the form's own text and writes nothing; and
 * each activity-group route answers another organiser's id with 404.
 */

let ctx: TestContext;
let org: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
});
afterAll(() => ctx.close());

const session = (overrides: Record<string, unknown> = {}) => ({
  _id: 'temp_s1',
  date: '2030-05-04',
  startTime: '10:00',
  endTime: '11:00',
  ...overrides,
});
const ticket = (overrides: Record<string, unknown> = {}) => ({
  _id: 'temp_t1',
  type: 'all',
  name: 'Full term',
  price: '60',
  ...overrides,
});
const addOn = (overrides: Record<string, unknown> = {}) => ({
  _id: 'temp_a1',
  name: 'Lunch',
  price: '4',
  ...overrides,
});
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Holiday Club',
  activities: [session()],
  tickets: [ticket()],
  addOns: [addOn()],
  ...overrides,
});

const groupCount = async (token = org.token) =>
  (await ctx.request('GET', '/api/activity-groups/full-list', { token })).body.data.length;

/** Posts a broken form: expects 400 with exactly these messages and no group written. */
async function refused(body: unknown, expected: Record<string, string>, token = org.token) {
  const before = await groupCount(token);
  const res = await ctx.request('POST', '/api/activity-groups', { token, body });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual(expected);
  expect(await groupCount(token)).toBe(before);
}

async function subscriptionPlan(clientId: string, name = 'Monthly') {
  const id = newId();
  const now = nowIso();
  await ctx.handle.db
    .insertInto('subscription_plans')
    .values({
      id,
      client_id: clientId,
      name,
      amount: 3000,
      provider_product_id: null,
      provider_price_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe('activity group validation through the API', () => {
  it('group: age range order, waitlist type, restrictions to sessions of this group', async () => {
    await refused(
      form({
        ageRange: { min: { years: 12, months: 0 }, max: { years: 8, months: 0 } },
        tickets: [ticket({ restrictSessions: true, sessionsCanBeUsedFor: ['temp_elsewhere'] })],
        addOns: [addOn({ restrictSessions: true, sessionsCanBeUsedFor: ['temp_elsewhere'] })],
      }),
      {
        'ageRange.max': messages.ageRangeOrder,
        'tickets.0.sessionsCanBeUsedFor': messages.unknownSession,
        'addOns.0.sessionsCanBeUsedFor': messages.unknownSession,
      },
    );
    const premium = await signUpOrganiser(ctx);
    await ctx.handle.db
      .updateTable('clients')
      .set({ plan_level: 20 })
      .where('id', '=', premium.clientId)
      .execute();
    await refused(
      form({ waitlistType: 'Sometimes' }),
      { waitlistType: messages.unknownOption },
      premium.token,
    );
    const ok = await ctx.request('POST', '/api/activity-groups', {
      token: premium.token,
      body: form({ waitlistType: 'AllSessions' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.waitlistType).toBe('AllSessions');
  });

  it('session: date and times required and valid, end after start, place limit at least 1', async () => {
    await refused(
      form({
        activities: [
          session({ _id: 'temp_1', date: '', startTime: '', endTime: '' }),
          session({ _id: 'temp_2', date: '2030-02-30', startTime: '25:00', endTime: '9am' }),
          session({ _id: 'temp_3', startTime: '11:00', endTime: '10:30', placeLimit: 0 }),
          session({ _id: 'temp_4', placeLimit: 'lots' }),
        ],
        tickets: [],
        addOns: [],
      }),
      {
        'activities.0.date': messages.required,
        'activities.0.startTime': messages.required,
        'activities.0.endTime': messages.required,
        'activities.1.date': messages.invalidDate,
        'activities.1.startTime': messages.invalidTime,
        'activities.1.endTime': messages.invalidTime,
        'activities.2.endTime': messages.endTimeBeforeStart,
        'activities.2.placeLimit': messages.placeLimitMin,
        'activities.3.placeLimit': messages.invalidNumber,
      },
    );
  });

  it('session repeat options: days, end type, occurrences or end date', async () => {
    await refused(
      form({
        activities: [
          session({
            _id: 'temp_1',
            repeat: { frequency: 'Daily', repeatDays: [], endType: '' },
          }),
          session({
            _id: 'temp_2',
            repeat: { frequency: 'Weekly', endType: 'occurrences', occurrences: '' },
          }),
          session({
            _id: 'temp_3',
            repeat: { frequency: 'Weekly', endType: 'occurrences', occurrences: '0' },
          }),
          session({
            _id: 'temp_4',
            repeat: { frequency: 'Weekly', endType: 'date', endDate: '' },
          }),
          session({
            _id: 'temp_5',
            repeat: { frequency: 'Weekly', endType: 'date', endDate: '2030-04-01' },
          }),
          session({ _id: 'temp_6', repeat: { frequency: 'Hourly' } }),
        ],
        tickets: [],
        addOns: [],
      }),
      {
        'activities.0.repeat.repeatDays': messages.repeatDaysRequired,
        'activities.0.repeat.endType': messages.required,
        'activities.1.repeat.occurrences': messages.required,
        'activities.2.repeat.occurrences': messages.amountMin1,
        'activities.3.repeat.endDate': messages.required,
        'activities.4.repeat.endDate': messages.endDateBeforeStart,
        'activities.5.repeat.frequency': messages.unknownOption,
      },
    );
  });

  it('expands a new session sent with repeat options into every session they generate', async () => {
    const res = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form({
        activities: [
          session({
            _id: 'temp_weekly',
            date: '2030-05-04',
            repeat: { frequency: 'Weekly', endType: 'occurrences', occurrences: '3' },
          }),
        ],
        tickets: [
          ticket({ type: 'single', restrictSessions: true, sessionsCanBeUsedFor: ['temp_weekly'] }),
        ],
      }),
    });
    expect(res.status).toBe(201);
    const dates = res.body.data.activities.map((s: { date: string }) => s.date);
    expect(dates).toEqual(['2030-05-04', '2030-05-11', '2030-05-18']);
    expect(res.body.data.tickets[0].sessionsCanBeUsedFor).toEqual(
      res.body.data.activities.map((s: { _id: string }) => s._id),
    );
  });

  it('ticket: type, name, price, limit, restriction, time display and cover fee', async () => {
    await refused(
      form({
        tickets: [
          ticket({ _id: 'temp_1', type: '', name: '', price: '' }),
          ticket({ _id: 'temp_2', type: 'family', price: '-1', placeLimit: '0' }),
          ticket({ _id: 'temp_3', restrictSessions: true, sessionsCanBeUsedFor: [] }),
          ticket({
            _id: 'temp_4',
            type: 'single',
            overrideTimeDisplay: true,
            timeDisplay: { start: null, end: { hours: '', minutes: '' } },
          }),
        ],
        addOns: [],
      }),
      {
        'tickets.0.type': messages.required,
        'tickets.0.name': messages.required,
        'tickets.0.price': messages.required,
        'tickets.1.type': messages.unknownOption,
        'tickets.1.price': messages.priceNegative,
        'tickets.1.placeLimit': messages.ticketLimitMin,
        'tickets.2.sessionsCanBeUsedFor': messages.ticketRestrictSessions,
        'tickets.3.timeDisplay.start': messages.required,
        'tickets.3.timeDisplay.end': messages.required,
      },
    );
    const plan = await subscriptionPlan(org.clientId);
    const monthly = (overrides: Record<string, unknown>) =>
      ticket({ type: 'subscription', subscriptionPlan: plan, ...overrides });
    await refused(
      form({
        tickets: [
          monthly({ _id: 'temp_1', subscriptionPlan: '' }),
          monthly({ _id: 'temp_2', allowMidMonthBookings: true }),
          monthly({ _id: 'temp_3', allowMidMonthBookings: true, coverFeePerSession: '-2' }),
        ],
        addOns: [],
      }),
      {
        'tickets.0.subscriptionPlan': messages.subscriptionPlanRequired,
        'tickets.1.coverFeePerSession': messages.required,
        'tickets.2.coverFeePerSession': messages.feeNegative,
      },
    );
    // Rules across tickets run once each ticket is valid on its own, as in the wizard.
    await refused(
      form({ tickets: [monthly({ _id: 'temp_1' }), monthly({ _id: 'temp_2', name: 'Again' })] }),
      { 'tickets.1.subscriptionPlan': messages.subscriptionPlanUsed },
    );
  });

  it("ticket: a saved ticket's subscription plan is locked", async () => {
    const [first, second] = [
      await subscriptionPlan(org.clientId, 'Juniors'),
      await subscriptionPlan(org.clientId, 'Seniors'),
    ];
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form({ tickets: [ticket({ type: 'subscription', subscriptionPlan: first })] }),
    });
    expect(created.status).toBe(201);
    const values = activityGroupFormValues(created.body.data);
    const res = await ctx.request('PUT', `/api/activity-groups/${created.body.data._id}`, {
      token: org.token,
      body: { ...values, tickets: [{ ...values.tickets![0], subscriptionPlan: second }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors['tickets.0.subscriptionPlan']).toBe(messages.subscriptionPlanLocked);
    const unchanged = await ctx.request('GET', `/api/activity-groups/${created.body.data._id}`, {
      token: org.token,
    });
    expect(unchanged.body.data.tickets[0].subscriptionPlan).toBe(first);
  });

  it("refuses another organiser's subscription plan and cancellation rule", async () => {
    const other = await signUpOrganiser(ctx);
    const theirPlan = await subscriptionPlan(other.clientId);
    const before = await groupCount();
    const plan = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form({ tickets: [ticket({ type: 'subscription', subscriptionPlan: theirPlan })] }),
    });
    expect(plan.status).toBe(400);
    // Not one of ours is a ticket without a plan (docs/rules/forms-and-messages.md), whoever's the
    // id is.
    expect(plan.body.errors).toEqual({
      'tickets.0.subscriptionPlan': messages.selectSubscriptionPlan,
    });
    const rule = await ctx.request('POST', '/api/cancellation-rules', {
      token: other.token,
      body: {
        name: 'No refunds',
        sessionScope: 'allSessions',
        cancellationWindow: { amount: '2', unit: 'days' },
        config: { percentageToRefund: '0' },
      },
    });
    expect(rule.status).toBe(201);
    const withRule = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form({ cancellationRules: [rule.body.data._id] }),
    });
    expect(withRule.status).toBe(400);
    expect(withRule.body.errors).toEqual({ cancellationRules: messages.unknownOption });
    expect(await groupCount()).toBe(before);
  });

  it('add-on: name, price required and not negative, restriction needs a session', async () => {
    await refused(
      form({
        addOns: [
          addOn({ _id: 'temp_1', name: '', price: '' }),
          addOn({ _id: 'temp_2', price: '-0.50' }),
          addOn({ _id: 'temp_3', restrictSessions: true, sessionsCanBeUsedFor: [] }),
        ],
      }),
      {
        'addOns.0.name': messages.required,
        'addOns.0.price': messages.priceRequired,
        'addOns.1.price': messages.priceNegative,
        'addOns.2.sessionsCanBeUsedFor': messages.addOnRestrictSessions,
      },
    );
  });

  it('refuses unknown keys rather than dropping them', async () => {
    const res = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form({ clientId: 'someone-else' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /api/activity-groups/{id}/public', () => {
  it('shows what the widget needs: enabled items, upcoming sessions, public field answers only', async () => {
    const owner = await signUpOrganiser(ctx);
    const field = async (title: string, adminOnly: boolean) =>
      (
        await ctx.request('POST', '/api/fields', {
          token: owner.token,
          body: { title, type: 'text', usage: 'activity', adminOnly },
        })
      ).body.data._id as string;
    const kit = await field('What to bring', false);
    const margin = await field('Coach notes', true);
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: owner.token,
      body: form({
        activities: [
          session({ _id: 'temp_past', date: '2020-01-04' }),
          session({ _id: 'temp_on' }),
          session({ _id: 'temp_off', date: '2030-05-11', enabled: false }),
        ],
        tickets: [ticket(), ticket({ _id: 'temp_t2', name: 'Old price', enabled: false })],
        addOns: [addOn(), addOn({ _id: 'temp_a2', name: 'Old extra', enabled: false })],
        fieldData: { [kit]: 'Water bottle', [margin]: 'Short of coaches' },
      }),
    });
    expect(created.status).toBe(201);
    const res = await ctx.request('GET', `/api/activity-groups/${created.body.data._id}/public`, {
      clientId: owner.clientId,
    });
    expect(res.status).toBe(200);
    const group = res.body.data;
    expect(group.activities.map((s: { date: string }) => s.date)).toEqual(['2030-05-04']);
    expect(group.tickets.map((t: { name: string }) => t.name)).toEqual(['Full term']);
    expect(group.addOns.map((a: { name: string }) => a.name)).toEqual(['Lunch']);
    expect(group.fieldData).toEqual({ [kit]: 'Water bottle' });
    const draft = await ctx.request('POST', '/api/activity-groups', {
      token: owner.token,
      body: form({ name: 'Not yet', enabled: false }),
    });
    const hidden = await ctx.request('GET', `/api/activity-groups/${draft.body.data._id}/public`, {
      clientId: owner.clientId,
    });
    expect(hidden.status).toBe(404);
  });
});

describe("another organiser's group", () => {
  it('answers 404 on every activity-group route, and lists none of it', async () => {
    const mine = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form({ name: 'Private Judo' }),
    });
    const id = mine.body.data._id;
    const other = await signUpOrganiser(ctx);
    const as = (method: string, path: string, body?: unknown) =>
      ctx.request(method, path, { token: other.token, body });
    expect((await as('GET', `/api/activity-groups/${id}`)).status).toBe(404);
    expect(
      (await as('PUT', `/api/activity-groups/${id}`, activityGroupFormValues(mine.body.data)))
        .status,
    ).toBe(404);
    for (const sales of ['sales', 'sales-including-cancelled', 'sales-including-waitlist-entries'])
      expect((await as('GET', `/api/activity-groups/${id}/${sales}`)).status).toBe(404);
    // The public view is scoped by the client the widget names: another client's id is unknown.
    const publicView = await ctx.request('GET', `/api/activity-groups/${id}/public`, {
      clientId: other.clientId,
    });
    expect(publicView.status).toBe(404);
    const signedInPublic = await as('GET', `/api/activity-groups/${id}/public`);
    expect(signedInPublic.status).toBe(404);
    const list = await as('GET', '/api/activity-groups/full-list');
    expect(list.body.data).toEqual([]);
    // And nothing was changed by the refused write.
    const still = await ctx.request('GET', `/api/activity-groups/${id}`, { token: org.token });
    expect(still.body.data.name).toBe('Private Judo');
  });

  it('keeps the sales figures to admins of the group', async () => {
    const group = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: form(),
    });
    const customer = await registerCustomer(ctx, org.clientId);
    const path = `/api/activity-groups/${group.body.data._id}/sales`;
    expect((await ctx.request('GET', path, { token: customer.token })).status).toBe(403);
    expect((await ctx.request('GET', path)).status).toBe(401);
  });

  it('counts active waitlist entries per session on the waitlist scope', async () => {
    const group = (
      await ctx.request('POST', '/api/activity-groups', { token: org.token, body: form() })
    ).body.data;
    const customer = await registerCustomer(ctx, org.clientId);
    const now = nowIso();
    const attendee = newId();
    await ctx.handle.db
      .insertInto('attendees')
      .values({
        id: attendee,
        client_id: org.clientId,
        user_id: customer.user._id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const entry = (status: string, activityId: string | null) => ({
      id: newId(),
      client_id: org.clientId,
      user_id: customer.user._id,
      attendee_id: attendee,
      activity_group_id: group._id,
      activity_id: activityId,
      type: activityId ? ('SingleSession' as const) : ('AllSessions' as const),
      status,
      offer_expires_at: null,
      created_at: now,
      updated_at: now,
    });
    const sessionId = group.activities[0]._id;
    await ctx.handle.db
      .insertInto('waitlist_entries')
      .values([
        entry('Waiting', sessionId),
        entry('Ready', sessionId),
        entry('Cancelled', sessionId),
        entry('Waiting', null),
      ])
      .execute();
    const res = await ctx.request(
      'GET',
      `/api/activity-groups/${group._id}/sales-including-waitlist-entries`,
      { token: org.token },
    );
    expect(res.body.data.waitlistEntries).toEqual({ [sessionId]: 2, all: 1 });
  });
});
