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

let ctx: TestContext;
let org: { clientId: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  org = await signUpOrganiser(ctx);
});
afterAll(() => ctx.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Saturday Tennis',
  description: '<p>Mini tennis for beginners</p>',
  activities: [
    { _id: 'temp_a', date: '2030-03-02', startTime: '09:00', endTime: '10:00', placeLimit: 8 },
    { _id: 'temp_b', date: '2030-03-09', startTime: '09:00', endTime: '10:00', placeLimit: 8 },
  ],
  tickets: [
    { _id: 'temp_t1', type: 'all', name: 'Block of 2', price: '20', shouldProRata: true },
    {
      _id: 'temp_t2',
      type: 'single',
      name: 'Drop-in',
      price: '12.50',
      restrictSessions: true,
      sessionsCanBeUsedFor: ['temp_b'],
    },
  ],
  addOns: [{ _id: 'temp_x', name: 'Racket hire', price: '2' }],
  ...overrides,
});

const create = async (body: unknown = form(), token = org.token) =>
  ctx.request('POST', '/api/activity-groups', { token, body });

/**
 * Records a sale of a session the way the booking service stores one, for the guards to see;
 * `status` 'expired' is a card hold that ran out unpaid (lifecycle's releaseBooking).
 */
async function recordSale(
  clientId: string,
  groupId: string,
  sessionId: string,
  ticketId: string,
  addOnId?: string,
  status: 'held' | 'confirmed' | 'cancelled' | 'expired' = 'confirmed',
) {
  const db = ctx.handle.db;
  const now = new Date().toISOString();
  const stamp = { client_id: clientId, created_at: now, updated_at: now };
  const user = await registerCustomer(ctx, clientId);
  const attendee = newId();
  await db
    .insertInto('attendees')
    .values({ ...stamp, id: attendee, user_id: user.user._id })
    .execute();
  const booking = newId();
  await db
    .insertInto('bookings')
    .values({
      ...stamp,
      id: booking,
      user_id: user.user._id,
      status,
      currency: 'GBP',
      subtotal: 1,
      total: 1,
      amount_due_now: 1,
    })
    .execute();
  const item = newId();
  await db
    .insertInto('booking_items')
    .values({
      ...stamp,
      id: item,
      booking_id: booking,
      activity_group_id: groupId,
      ticket_id: ticketId,
      attendee_id: attendee,
      price: 1,
      status,
    })
    .execute();
  await db
    .insertInto('booking_places')
    .values({
      ...stamp,
      id: newId(),
      booking_id: booking,
      booking_item_id: item,
      activity_id: sessionId,
      ticket_id: ticketId,
      attendee_id: attendee,
      status,
      hold_expires_at: null,
    })
    .execute();
  if (addOnId) {
    await db
      .insertInto('booking_add_ons')
      .values({
        ...stamp,
        id: newId(),
        booking_id: booking,
        booking_item_id: item,
        add_on_id: addOnId,
        activity_id: sessionId,
        price: 1,
        status,
      })
      .execute();
  }
}

describe('POST /api/activity-groups', () => {
  it('creates a group from the wizard form: minor units, real ids, restrictions mapped', async () => {
    const res = await create();
    expect(res.status).toBe(201);
    const group = res.body.data;
    expect(group._id).toMatch(/^[0-9a-f]{24}$/);
    expect(group.tickets.map((t: { price: number }) => t.price)).toEqual([2000, 1250]);
    expect(group.activities.every((s: { _id: string }) => !s._id.startsWith('temp_'))).toBe(true);
    const secondSession = group.activities.find((s: { date: string }) => s.date === '2030-03-09');
    expect(group.tickets[1].sessionsCanBeUsedFor).toEqual([secondSession._id]);
    const settings = await ctx.request('GET', '/api/client', { token: org.token });
    expect(settings.body.data.onboardingInfo.hasCreatedActivity).toBe(true);
  });

  it('answers every broken field with the form’s own message and writes nothing', async () => {
    const before = await ctx.request('GET', '/api/activity-groups/full-list', { token: org.token });
    const res = await create(
      form({
        name: '',
        tickets: [{ type: 'all', name: '', price: '-5', placeLimit: '0' }],
        activities: [{ date: '2030-03-02', startTime: '', endTime: '10:00', placeLimit: '0' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: 'Required',
      'tickets.0.name': 'Required',
      'tickets.0.price': 'Price cannot be negative',
      'tickets.0.placeLimit': 'If specifying a ticket limit it must be at least 1',
      'activities.0.startTime': 'Required',
      'activities.0.placeLimit': 'If specifying a place limit it must be at least 1',
    });
    const after = await ctx.request('GET', '/api/activity-groups/full-list', { token: org.token });
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  it('sanitises the description: formatting stays, scripts and handlers go', async () => {
    const res = await create(
      form({
        description:
          '<p onclick="steal()">Bring <strong>boots</strong><script>alert(1)</script> <a href="javascript:x()">x</a> <a href="https://club.example">site</a></p>',
      }),
    );
    expect(res.body.data.description).toBe(
      '<p>Bring <strong>boots</strong> <a target="_blank" rel="noopener noreferrer">x</a> <a href="https://club.example" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it("cleans a rich-text activity field's answer like the description", async () => {
    const owner = await signUpOrganiser(ctx);
    const notes = (
      await ctx.request('POST', '/api/fields', {
        token: owner.token,
        body: {
          title: 'What to bring',
          type: 'textarea',
          usage: 'activity',
          textareaFormatting: true,
        },
      })
    ).body.data;
    const res = await create(
      form({
        fieldData: { [notes._id]: '<p onclick="x()">Bring <em>water</em><script>1</script></p>' },
      }),
      owner.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.data.fieldData[notes._id]).toBe('<p>Bring <em>water</em></p>');
  });

  it("stores answers to the client's activity fields, and requires the required ones", async () => {
    const owner = await signUpOrganiser(ctx);
    const sport = (
      await ctx.request('POST', '/api/fields', {
        token: owner.token,
        body: {
          title: 'Sport',
          type: 'selectList',
          usage: 'activity',
          required: true,
          fieldOptions: [{ name: 'Tennis' }],
        },
      })
    ).body.data;
    const missing = await create(form(), owner.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[`fieldData.${sport._id}`]).toBe(
      'Please complete this required field',
    );
    const tennis = sport.fieldOptions[0]._id;
    const res = await create(form({ fieldData: { [sport._id]: tennis } }), owner.token);
    expect(res.status).toBe(201);
    expect(res.body.data.fieldData).toEqual({ [sport._id]: tennis });
    const rows = await ctx.handle.db
      .selectFrom('field_data')
      .selectAll()
      .where('owner_id', '=', res.body.data._id)
      .execute();
    expect(rows.map((r) => [r.data_type, r.value_ref])).toEqual([['ref', tennis]]);
  });

  it('needs a subscription plan on a subscription ticket', async () => {
    const res = await create(
      form({ tickets: [{ type: 'subscription', name: 'Monthly', price: '30' }] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors['tickets.0.subscriptionPlan']).toBe(
      'If creating a subscription ticket, a subscription plan must be selected.',
    );
  });

  it('keeps add-ons to the Standard plan and above, waitlists to Premium', async () => {
    const starter = await signUpOrganiser(ctx);
    await ctx.handle.db
      .updateTable('clients')
      .set({ plan_level: 0 })
      .where('id', '=', starter.clientId)
      .execute();
    const res = await create(form(), starter.token);
    expect(res.status).toBe(400);
    expect(res.body.errors.addOns).toBe('Feature not available');
    const waitlist = await create(form({ waitlistType: 'AllSessions' }));
    expect(waitlist.body.errors.waitlistType).toBe('Upgrade to Premium');
  });

  it('refuses a venue of another organiser', async () => {
    const other = await signUpOrganiser(ctx);
    const venue = await ctx.request('POST', '/api/venues', {
      token: other.token,
      body: { name: 'Their hall' },
    });
    const res = await create(form({ venue: venue.body.data._id }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ venue: 'Please choose one of the options' });
  });

  it('is admin only', async () => {
    const customer = await registerCustomer(ctx, org.clientId);
    expect((await create(form(), customer.token)).status).toBe(403);
  });
});

describe('PUT /api/activity-groups/{id}', () => {
  it("edits a session's place limit, adds and removes items in one save", async () => {
    const group = (await create()).body.data;
    const values = activityGroupFormValues(group);
    const [first, second] = values.activities!;
    const body = {
      ...values,
      activities: [
        { ...first, placeLimit: 12 },
        { _id: 'temp_c', date: '2030-03-16', startTime: '09:00', endTime: '10:00' },
      ],
      tickets: [{ ...values.tickets![0], price: '25' }],
      addOns: [],
    };
    const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body,
    });
    expect(res.status).toBe(200);
    const saved = res.body.data;
    expect(
      saved.activities.map((s: { date: string; placeLimit: number | null }) => [
        s.date,
        s.placeLimit,
      ]),
    ).toEqual([
      ['2030-03-02', 12],
      ['2030-03-16', null],
    ]);
    expect(saved.activities.map((s: { _id: string }) => s._id)).not.toContain(second!._id);
    expect(saved.tickets.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([
      ['Block of 2', 2500],
    ]);
    expect(saved.addOns).toEqual([]);
  });

  it('saves the form values of a saved group unchanged', async () => {
    const group = (await create()).body.data;
    const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: activityGroupFormValues(group),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(group);
  });

  it('refuses to delete a session, ticket or add-on with bookings, with the spec message', async () => {
    const group = (await create()).body.data;
    const values = activityGroupFormValues(group);
    const [first, second] = values.activities!;
    await recordSale(
      org.clientId,
      group._id,
      first!._id!,
      group.tickets[0]._id,
      group.addOns[0]._id,
    );
    const put = (body: unknown) =>
      ctx.request('PUT', `/api/activity-groups/${group._id}`, { token: org.token, body });

    const noSession = await put({ ...values, activities: [second], tickets: [values.tickets![0]] });
    expect(noSession.status).toBe(409);
    expect(noSession.body.message).toBe(
      'Sorry, this session cannot be deleted as there has already been bookings for it. Please disable it instead.',
    );
    const noTicket = await put({ ...values, tickets: [values.tickets![1]] });
    expect(noTicket.status).toBe(409);
    expect(noTicket.body.message).toBe(
      'Sorry, this ticket cannot be deleted as there have already been bookings using it. Please disable it instead.',
    );
    const noAddOn = await put({ ...values, addOns: [] });
    expect(noAddOn.body.message).toBe(
      'Sorry, this add on cannot be deleted as there has already been bookings for it. Please disable it instead.',
    );
    // Disabling instead is allowed, and nothing above was half-applied.
    const disabled = await put({ ...values, activities: [{ ...first, enabled: false }, second] });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.activities[0].enabled).toBe(false);
    expect(disabled.body.data.activities).toHaveLength(2);
    expect(disabled.body.data.tickets).toHaveLength(2);
    expect(disabled.body.data.addOns).toHaveLength(1);
  });

  it('locks a saved ticket’s type', async () => {
    const group = (await create()).body.data;
    const values = activityGroupFormValues(group);
    const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: { ...values, tickets: [{ ...values.tickets![0], type: 'single' }, values.tickets![1]] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors['tickets.0.type']).toBe(
      'The ticket type cannot be changed once the ticket has been saved.',
    );
  });

  it("answers 404 for another organiser's group and refuses forged item ids", async () => {
    const group = (await create()).body.data;
    const other = await signUpOrganiser(ctx);
    const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: other.token,
      body: form(),
    });
    expect(res.status).toBe(404);
    const mine = (await create()).body.data;
    const stolen = activityGroupFormValues(group).activities!;
    const forged = await ctx.request('PUT', `/api/activity-groups/${mine._id}`, {
      token: org.token,
      body: form({ activities: stolen, tickets: [], addOns: [] }),
    });
    expect(forged.status).toBe(400);
  });
});

describe('sales', () => {
  it('counts tickets, places and add-ons, with cancelled ones only when asked', async () => {
    const group = (await create()).body.data;
    const [first] = group.activities;
    await recordSale(org.clientId, group._id, first._id, group.tickets[0]._id, group.addOns[0]._id);
    await recordSale(org.clientId, group._id, first._id, group.tickets[1]._id);
    await ctx.handle.db
      .updateTable('booking_items')
      .set({ status: 'cancelled' })
      .where('ticket_id', '=', group.tickets[1]._id)
      .execute();
    await ctx.handle.db
      .updateTable('booking_places')
      .set({ status: 'cancelled' })
      .where('ticket_id', '=', group.tickets[1]._id)
      .execute();
    const active = await ctx.request('GET', `/api/activity-groups/${group._id}/sales`, {
      token: org.token,
    });
    expect(active.body.data).toMatchObject({
      allSessionTicketSales: 1,
      singleSessionTicketSales: 0,
      activitySales: { [first._id]: 1 },
      addOnSales: { [group.addOns[0]._id]: 1 },
      ticketSalesBySession: { [group.tickets[0]._id]: { [first._id]: 1 } },
    });
    const withCancelled = await ctx.request(
      'GET',
      `/api/activity-groups/${group._id}/sales-including-cancelled`,
      {
        token: org.token,
      },
    );
    expect(withCancelled.body.data).toMatchObject({
      singleSessionTicketSales: 1,
      activitySales: { [first._id]: 2 },
    });
    const withWaitlist = await ctx.request(
      'GET',
      `/api/activity-groups/${group._id}/sales-including-waitlist-entries`,
      {
        token: org.token,
      },
    );
    expect(withWaitlist.body.data.waitlistEntries).toEqual({});
  });
});

describe('GET /api/activity-groups/full-list filters', () => {
  it('searches by name and filters by publication', async () => {
    const owner = await signUpOrganiser(ctx);
    await create(form({ name: 'Gymnastics' }), owner.token);
    await create(form({ name: 'Archery', enabled: false }), owner.token);
    const list = (filters: unknown) =>
      ctx.request(
        'GET',
        `/api/activity-groups/full-list?filters=${encodeURIComponent(JSON.stringify(filters))}`,
        {
          token: owner.token,
        },
      );
    expect((await list({ search: 'gym' })).body.data.map((g: { name: string }) => g.name)).toEqual([
      'Gymnastics',
    ]);
    expect((await list({ enabled: false })).body.data.map((g: { name: string }) => g.name)).toEqual(
      ['Archery'],
    );
    const level = (
      await ctx.request('POST', '/api/fields', {
        token: owner.token,
        body: {
          title: 'Level',
          type: 'checkboxMultiple',
          usage: 'activity',
          useForAdminFiltering: true,
          fieldOptions: [{ name: 'Beginner' }, { name: 'Advanced' }],
        },
      })
    ).body.data;
    const [beginner, advanced] = level.fieldOptions.map((o: { _id: string }) => o._id);
    await create(
      form({ name: 'Trampolining', fieldData: { [level._id]: [beginner, advanced] } }),
      owner.token,
    );
    await create(form({ name: 'Fencing', fieldData: { [level._id]: [advanced] } }), owner.token);
    const byLevel = async (option: string) =>
      (await list({ fields: { [level._id]: option } })).body.data.map(
        (g: { name: string }) => g.name,
      );
    expect(await byLevel(beginner)).toEqual(['Trampolining']);
    expect((await byLevel(advanced)).sort()).toEqual(['Fencing', 'Trampolining']);
    const bad = await ctx.request('GET', '/api/activity-groups/full-list?filters=nope', {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });
});

/** A subscription plan row, as the payments set-up stores one. */
async function subscriptionPlan(clientId: string, name = 'Monthly club') {
  const id = newId();
  const now = nowIso();
  await ctx.handle.db
    .insertInto('subscription_plans')
    .values({ id, client_id: clientId, name, amount: 3000, created_at: now, updated_at: now })
    .execute();
  return id;
}

const setPlanLevel = (clientId: string, level: number) =>
  ctx.handle.db
    .updateTable('clients')
    .set({ plan_level: level })
    .where('id', '=', clientId)
    .execute();

describe('after a plan downgrade', () => {
  it('saves a group that kept its waitlist and add-ons, and refuses only new or changed ones', async () => {
    const owner = await signUpOrganiser(ctx);
    await setPlanLevel(owner.clientId, 20);
    const group = (await create(form({ waitlistType: 'AllSessions' }), owner.token)).body.data;
    expect(group.waitlistType).toBe('AllSessions');
    await setPlanLevel(owner.clientId, 0);
    const values = activityGroupFormValues(group);
    const put = (body: unknown) =>
      ctx.request('PUT', `/api/activity-groups/${group._id}`, { token: owner.token, body });

    // Unchanged, and with a saved add-on edited: both gated values were set on the old plan.
    const unchanged = await put(values);
    expect(unchanged.status).toBe(200);
    const edited = await put({ ...values, addOns: [{ ...values.addOns![0], price: '3' }] });
    expect(edited.status).toBe(200);
    expect(edited.body.data.addOns[0].price).toBe(300);

    const changed = await put({ ...values, waitlistType: 'SingleSession' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ waitlistType: messages.upgradeToPremium });
    const newAddOn = await put({
      ...values,
      addOns: [...values.addOns!, { _id: 'temp_new', name: 'Snack', price: '1' }],
    });
    expect(newAddOn.status).toBe(400);
    expect(newAddOn.body.errors).toEqual({ addOns: messages.featureNotAvailable });

    // Turning the waitlist off is always allowed; once off, it cannot come back on this plan.
    const off = await put({ ...values, waitlistType: null });
    expect(off.status).toBe(200);
    expect(off.body.data.waitlistType).toBeNull();
    const again = await put({
      ...activityGroupFormValues(off.body.data),
      waitlistType: 'AllSessions',
    });
    expect(again.body.errors).toEqual({ waitlistType: messages.upgradeToPremium });
  });
});

describe('subscription plans across groups', () => {
  it('refuses a plan a ticket of another group uses, and lists who uses each plan', async () => {
    const owner = await signUpOrganiser(ctx);
    const plan = await subscriptionPlan(owner.clientId);
    const monthly = { _id: 'temp_m', type: 'subscription', name: 'Monthly', price: '30' };
    const first = await create(
      form({ name: 'Tennis', tickets: [{ ...monthly, subscriptionPlan: plan }] }),
      owner.token,
    );
    expect(first.status).toBe(201);
    const second = await create(
      form({ name: 'Squash', tickets: [{ ...monthly, subscriptionPlan: plan }] }),
      owner.token,
    );
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual({
      'tickets.0.subscriptionPlan': messages.subscriptionPlanUsed,
    });
    // The group that has it saves unchanged: its own ticket is not "another ticket".
    const resave = await ctx.request('PUT', `/api/activity-groups/${first.body.data._id}`, {
      token: owner.token,
      body: activityGroupFormValues(first.body.data),
    });
    expect(resave.status).toBe(200);

    const plans = await ctx.request('GET', '/api/subscription-plans', { token: owner.token });
    expect(plans.body.data).toEqual([
      expect.objectContaining({
        _id: plan,
        usedByTicket: {
          _id: first.body.data.tickets[0]._id,
          name: 'Monthly',
          activityGroup: { _id: first.body.data._id, name: 'Tennis' },
        },
      }),
    ]);
  });

  it("asks to select a subscription plan again when the ticket's plan is gone", async () => {
    const owner = await signUpOrganiser(ctx);
    const plan = await subscriptionPlan(owner.clientId);
    // Deleted after the wizard loaded it (DELETE /api/stripe/subscription-plans/{id}).
    await ctx.handle.db.deleteFrom('subscription_plans').where('id', '=', plan).execute();
    const before = (
      await ctx.request('GET', '/api/activity-groups/full-list', { token: owner.token })
    ).body.data.length;
    const res = await create(
      form({
        tickets: [{ type: 'subscription', name: 'Monthly', price: '30', subscriptionPlan: plan }],
      }),
      owner.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Select subscription plan for ticket');
    expect(res.body.errors).toEqual({
      'tickets.0.subscriptionPlan': 'Select subscription plan for ticket',
    });
    const after = (
      await ctx.request('GET', '/api/activity-groups/full-list', { token: owner.token })
    ).body.data.length;
    expect(after).toBe(before);
  });
});

describe('ticket timing on the group data', () => {
  it('carries proRataPrice, haveSessionsPast and remainingSessionsCount per ticket', async () => {
    const owner = await signUpOrganiser(ctx);
    const day = (id: string, date: string) => ({
      _id: id,
      date,
      startTime: '09:00',
      endTime: '10:00',
    });
    const created = await create(
      form({
        activities: [
          day('temp_1', '2020-01-04'),
          day('temp_2', '2030-01-05'),
          day('temp_3', '2030-01-12'),
          day('temp_4', '2030-01-19'),
          day('temp_5', '2030-01-26'),
        ],
        tickets: [
          { _id: 'temp_t', type: 'all', name: 'Term', price: '200', shouldProRata: true },
          { _id: 'temp_f', type: 'all', name: 'Full price', price: '200' },
          {
            _id: 'temp_d',
            type: 'single',
            name: 'Drop-in',
            price: '45',
            restrictSessions: true,
            sessionsCanBeUsedFor: ['temp_5'],
          },
        ],
      }),
      owner.token,
    );
    expect(created.status).toBe(201);
    const timing = (t: Record<string, unknown>) => [
      t.name,
      t.proRataPrice,
      t.haveSessionsPast,
      t.remainingSessionsCount,
    ];
    const expected = [
      // Help tour: 200 for 5 sessions is 160 for the 4 that remain.
      ['Term', 16000, true, 4],
      ['Full price', null, true, 4],
      ['Drop-in', null, false, 1],
    ];
    const pub = await ctx.request('GET', `/api/activity-groups/${created.body.data._id}/public`, {
      clientId: owner.clientId,
    });
    expect(pub.status).toBe(200);
    // The public view hides the past session but the price still counts it.
    expect(pub.body.data.activities).toHaveLength(4);
    expect(pub.body.data.tickets.map(timing)).toEqual(expected);
    const admin = await ctx.request('GET', `/api/activity-groups/${created.body.data._id}`, {
      token: owner.token,
    });
    expect(admin.body.data.tickets.map(timing)).toEqual(expected);
  });
});

describe('delete guards and expired holds', () => {
  it('lets an expired, unpaid hold go with the session, ticket and add-on it held', async () => {
    const group = (await create()).body.data;
    const values = activityGroupFormValues(group);
    const [first, second] = values.activities!;
    await recordSale(
      org.clientId,
      group._id,
      first!._id!,
      group.tickets[0]._id,
      group.addOns[0]._id,
      'expired',
    );
    // The wizard's guard reads this scope: it must not count the expired hold either.
    const scope = await ctx.request(
      'GET',
      `/api/activity-groups/${group._id}/sales-including-cancelled`,
      { token: org.token },
    );
    expect(scope.body.data.activitySales[first!._id!] ?? 0).toBe(0);
    expect(scope.body.data.ticketSales[group.tickets[0]._id] ?? 0).toBe(0);
    expect(scope.body.data.addOnSales[group.addOns[0]._id] ?? 0).toBe(0);

    const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: { ...values, activities: [second], tickets: [values.tickets![1]], addOns: [] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.activities).toHaveLength(1);
    // The expired lines went with them (foreign keys would have refused the delete otherwise).
    const lines = async (table: 'booking_places' | 'booking_items') =>
      ctx.handle.db
        .selectFrom(table)
        .select('id')
        .where('ticket_id', '=', group.tickets[0]._id)
        .execute();
    expect(await lines('booking_items')).toHaveLength(0);
    expect(await lines('booking_places')).toHaveLength(0);
    const addOnLines = await ctx.handle.db
      .selectFrom('booking_add_ons')
      .select('id')
      .where('add_on_id', '=', group.addOns[0]._id)
      .execute();
    expect(addOnLines).toHaveLength(0);
  });

  it('still refuses while a hold is live or a booking was cancelled, as the wizard counts', async () => {
    for (const status of ['held', 'cancelled'] as const) {
      const group = (await create()).body.data;
      const values = activityGroupFormValues(group);
      const [first, second] = values.activities!;
      await recordSale(
        org.clientId,
        group._id,
        first!._id!,
        group.tickets[0]._id,
        undefined,
        status,
      );
      const scope = await ctx.request(
        'GET',
        `/api/activity-groups/${group._id}/sales-including-cancelled`,
        { token: org.token },
      );
      expect(scope.body.data.activitySales[first!._id!]).toBe(1);
      const res = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
        token: org.token,
        body: { ...values, activities: [second] },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(messages.sessionHasBookings);
    }
  });
});
