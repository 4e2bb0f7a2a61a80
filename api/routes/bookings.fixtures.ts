import { expect } from 'vitest';
import { newId } from '../db/ids.ts';
import { issueToken } from '../services/sessions.ts';
import { registerCustomer, signUpOrganiser, type TestContext } from '../test/harness.ts';

/*
 * Shared set-up for the bookings API tests: an organiser on the Premium plan with a camp (five
 * sessions, whole-week and day tickets, two add-ons), and parents with children. Groups and
 * attendees go through the real API; the many customers of the concurrency tests are written
 * straight to the database, because registering 200 people through scrypt would only time the
 * password hash.
 */

export interface Organiser {
  clientId: string;
  token: string;
  fieldIds: Record<string, string>;
}

export interface Camp {
  _id: string;
  sessions: string[];
  week: string;
  day: string;
  lunch: string;
  swim: string;
}

export async function premiumOrganiser(ctx: TestContext): Promise<Organiser> {
  const org = await signUpOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ plan_level: 20 })
    .where('id', '=', org.clientId)
    .execute();
  const list = await ctx.request('GET', '/api/fields?usage=attendee', { token: org.token });
  const fieldIds = Object.fromEntries(
    list.body.data.map((f: { _id: string; internalKey: string }) => [f.internalKey, f._id]),
  );
  return { clientId: org.clientId, token: org.token, fieldIds };
}

/** A five-day camp in 2031; `placeLimit` applies to every day. */
export async function createCamp(
  ctx: TestContext,
  org: Organiser,
  {
    placeLimit = 20,
    name = 'Summer Camp',
    cancellationRules = [],
  }: { placeLimit?: number | null; name?: string; cancellationRules?: string[] } = {},
): Promise<Camp> {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name,
      cancellationRules,
      activities: [0, 1, 2, 3, 4].map((d) => ({
        _id: `temp_s${d}`,
        date: `2031-07-0${d + 1}`,
        startTime: '09:00',
        endTime: '15:00',
        placeLimit: placeLimit === null ? '' : placeLimit,
      })),
      tickets: [
        { _id: 'temp_week', type: 'all', name: 'Whole week', price: '100' },
        { _id: 'temp_day', type: 'single', name: 'Day ticket', price: '25' },
      ],
      addOns: [
        { _id: 'temp_lunch', name: 'Hot lunch', price: '4' },
        {
          _id: 'temp_swim',
          name: 'Swimming',
          price: '6',
          restrictSessions: true,
          sessionsCanBeUsedFor: ['temp_s4'],
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const g = res.body.data;
  const ticket = (n: string) => g.tickets.find((t: { name: string }) => t.name === n)._id;
  const addOn = (n: string) => g.addOns.find((a: { name: string }) => a.name === n)._id;
  return {
    _id: g._id,
    sessions: g.activities.map((a: { _id: string }) => a._id),
    week: ticket('Whole week'),
    day: ticket('Day ticket'),
    lunch: addOn('Hot lunch'),
    swim: addOn('Swimming'),
  };
}

export interface Parent {
  token: string;
  userId: string;
  children: string[];
}

/** A parent registered through the widget's route, with children added through the API. */
export async function parentWithChildren(
  ctx: TestContext,
  org: Organiser,
  names: string[] = ['Ada'],
): Promise<Parent> {
  const parent = await registerCustomer(ctx, org.clientId);
  const children: string[] = [];
  for (const first of names) {
    const child = await ctx.request('POST', '/api/user/attendees', {
      token: parent.token,
      body: {
        fieldData: [
          { field: org.fieldIds.firstName, value: first },
          { field: org.fieldIds.lastName, value: 'Lovelace' },
          { field: org.fieldIds.dateOfBirth, value: '2020-01-01' },
        ],
      },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    children.push(child.body.data._id);
  }
  return { token: parent.token, userId: parent.user._id, children };
}

/** Many customers with one child each, written directly (see the note at the top). */
export async function manyParents(ctx: TestContext, clientId: string, count: number) {
  const db = ctx.handle.db;
  const now = new Date().toISOString();
  const stamp = { client_id: clientId, created_at: now, updated_at: now };
  const users = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    ...stamp,
    role: 'customer' as const,
    email: `burst${i}-${newId()}@home.test`,
    full_name: `Burst Parent ${i}`,
    password_hash: 'not-a-real-hash',
  }));
  const attendees = users.map((u) => ({ id: newId(), ...stamp, user_id: u.id }));
  for (let i = 0; i < count; i += 100) {
    await db
      .insertInto('users')
      .values(users.slice(i, i + 100))
      .execute();
    await db
      .insertInto('attendees')
      .values(attendees.slice(i, i + 100))
      .execute();
  }
  const parents: Parent[] = [];
  for (const [i, u] of users.entries()) {
    parents.push({
      token: await issueToken(db, { clientId, userId: u.id }),
      userId: u.id,
      children: [attendees[i]!.id],
    });
  }
  return parents;
}

/** A basket of one item. */
export function basket(
  groupId: string,
  item: { ticket: string; attendees: string[]; activities?: string[]; addOns?: unknown[] },
  extra: Record<string, unknown> = {},
) {
  return { activityGroups: [{ activityGroup: groupId, items: [item] }], ...extra };
}

/** Lets the organiser's customers book now and pay later (the simplest method to book with). */
export async function allowPayLater(ctx: TestContext, org: Organiser) {
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
}

/** The parent's first child booked on one session of a camp's day ticket, paying later. */
export function bookDayPayLater(
  ctx: TestContext,
  org: Organiser,
  parent: Parent,
  camp: Camp,
  session: string,
) {
  return ctx.request('POST', '/api/bookings', {
    token: parent.token,
    clientId: org.clientId,
    body: basket(
      camp._id,
      { ticket: camp.day, activities: [session], attendees: [parent.children[0]!] },
      { paymentMethod: { type: 'payLater' } },
    ),
  });
}

/** Counts the places of a session that take capacity now. */
export async function countTakenPlaces(ctx: TestContext, sessionId: string) {
  const row = await ctx.handle.db
    .selectFrom('booking_places')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('activity_id', '=', sessionId)
    .where('status', 'in', ['held', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A cancellation rule through the admin API (form values: major units, strings). */
export async function createCancellationRule(
  ctx: TestContext,
  org: Organiser,
  rule: {
    sessionScope: 'singleSession' | 'allSessions';
    percentageToRefund: string;
    fee?: string;
    expiryDays?: string;
  },
): Promise<string> {
  const res = await ctx.request('POST', '/api/cancellation-rules', {
    token: org.token,
    body: {
      name: `${rule.sessionScope} ${rule.percentageToRefund}%`,
      sessionScope: rule.sessionScope,
      cancellationWindow: { amount: '48', unit: 'hours' },
      config: {
        percentageToRefund: rule.percentageToRefund,
        fee: rule.fee ?? '0',
        refundMethods: ['accountCredit'],
        accountCreditExpiry: rule.expiryDays ? { amount: rule.expiryDays, unit: 'days' } : null,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id;
}

/** Lets the organiser take cards: a connected account that may charge. */
export async function connectCardAccount(ctx: TestContext, clientId: string) {
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('connected_accounts')
    .values({
      id: newId(),
      client_id: clientId,
      provider: 'stripe',
      account_id: `acct_${newId()}`,
      payment_method_config_id: null,
      connected: 1,
      details_submitted: 1,
      charges_enabled: 1,
      payouts_enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A percentage code through the admin API, optionally with a redemption limit. */
export async function createCode(
  ctx: TestContext,
  org: Organiser,
  code: string,
  { percentage = 10, maxRedemptions }: { percentage?: number; maxRedemptions?: number } = {},
) {
  const res = await ctx.request('POST', '/api/discount-rules', {
    token: org.token,
    body: {
      name: `Code ${code}`,
      type: 'Code',
      code,
      codeUsage: 'AllActivities',
      unit: 'Percentage',
      percentage,
      shouldLimitRedemptions: maxRedemptions !== undefined,
      maxRedemptions,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

/** Account credit given by the organiser. */
export async function giveCredit(
  ctx: TestContext,
  clientId: string,
  userId: string,
  amount: number,
) {
  const now = new Date().toISOString();
  await ctx.handle.db
    .insertInto('account_credit_ledger')
    .values({
      id: newId(),
      client_id: clientId,
      user_id: userId,
      amount,
      expires_at: null,
      source: 'admin',
      booking_id: null,
      refund_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Stripe keys for an app whose card bookings never reach Stripe (holds, releases, refusals):
 * card is offered only on a server with keys. Tests that talk to Stripe use
 * api/payments/testing.ts, which points the SDK at the local test server.
 */
export const offlineStripeKeys = {
  secretKey: 'sk_test_offline',
  publishableKey: 'pk_test_offline',
  webhookSecret: 'whsec_offline',
  apiBase: 'http://127.0.0.1:9',
};
