import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, messages, todayIn } from '../../engine/index.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Coaches (issue 17) through the real API on SQLite and PostgreSQL: an admin adds a coach for
 * one activity; the coach signs in to the dashboard, takes that activity's registers without
 * seeing any money, and is refused everything else, including other activities' registers.
 */

let ctx: TestContext;
let org: Organiser;
let parent: Parent;
const day = addDays(todayIn(Date.now(), 'Europe/London'), 3);
let football: { _id: string; session: string };
let swimming: { _id: string; session: string };
const COACH = { fullName: 'Jo Coach', email: 'Jo.Coach@Club.test', password: 'whistle-and-cones' };

async function group(name: string) {
  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name,
      activities: [
        { _id: 'temp_a', date: day, startTime: '09:00', endTime: '10:00', placeLimit: 10 },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '10' }],
      addOns: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    _id: res.body.data._id as string,
    session: res.body.data.activities[0]._id as string,
    ticket: res.body.data.tickets[0]._id as string,
  };
}

async function coachSignIn() {
  // The dashboard's sign-in names no client.
  const res = await ctx.request('POST', '/api/auth/login', {
    body: { email: COACH.email, password: COACH.password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('set-cookie')).toContain('HttpOnly');
  expect(res.body.data.user.role).toBe('coach');
  return res.body.data.token as string;
}

let coachId: string;
let coachToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  const f = await group('Football');
  const s = await group('Swimming');
  football = f;
  swimming = s;
  parent = await parentWithChildren(ctx, org, ['Ada']);
  for (const g of [f, s]) {
    const booked = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        g._id,
        { ticket: g.ticket, activities: [g.session], attendees: parent.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('/api/coaches', () => {
  it('lets an admin add a coach for chosen activities, and refuses bad input writing nothing', async () => {
    const add = (body: unknown, token = org.token) =>
      ctx.request('POST', '/api/coaches', { token, body });
    const noPassword = await add({ ...COACH, password: '', activityGroups: [football._id] });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.errors).toEqual({ password: messages.required });
    const short = await add({ ...COACH, password: 'short', activityGroups: [] });
    expect(short.status).toBe(400);
    const other = await premiumOrganiser(ctx);
    const foreignGroup = await ctx.request('POST', '/api/activity-groups', {
      token: other.token,
      body: { name: 'Theirs', activities: [], tickets: [], addOns: [] },
    });
    const foreign = await add({ ...COACH, activityGroups: [foreignGroup.body.data?._id ?? 'x'] });
    expect(foreign.status).toBe(422);
    expect((await add({ ...COACH, activityGroups: [] }, parent.token)).status).toBe(403);
    const none = await ctx.request('GET', '/api/coaches', { token: org.token });
    expect(none.body.data).toEqual([]);

    const created = await add({ ...COACH, activityGroups: [football._id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toEqual({
      _id: expect.any(String),
      fullName: 'Jo Coach',
      email: 'jo.coach@club.test',
      activityGroups: [football._id],
    });
    coachId = created.body.data._id;
    const again = await add({ ...COACH, activityGroups: [] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.emailTaken);
    const list = await ctx.request('GET', '/api/coaches', { token: org.token });
    expect(list.body.data.map((c: { _id: string }) => c._id)).toEqual([coachId]);
    // Another organiser neither sees nor changes them.
    expect((await ctx.request('GET', '/api/coaches', { token: other.token })).body.data).toEqual(
      [],
    );
    const theirs = await ctx.request('PUT', `/api/coaches/${coachId}`, {
      token: other.token,
      body: { ...COACH, password: '', activityGroups: [] },
    });
    expect(theirs.status).toBe(404);
  });
});

describe('a coach', () => {
  beforeAll(async () => {
    coachToken = await coachSignIn();
  });

  it('sees the registers of their activities only, with no money', async () => {
    const list = await ctx.request('GET', `/api/registers?date=${day}`, { token: coachToken });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.sessions.map((s: { _id: string }) => s._id)).toEqual([football.session]);
    const admin = await ctx.request('GET', `/api/registers?date=${day}`, { token: org.token });
    expect(admin.body.data.sessions).toHaveLength(2);

    const register = await ctx.request('GET', `/api/registers/${football.session}`, {
      token: coachToken,
    });
    expect(register.status).toBe(200);
    const [row] = register.body.data.rows;
    expect(row.attendee.name).toBe('Ada Lovelace');
    expect(row.booking).not.toHaveProperty('paid');
    expect(row.booking).not.toHaveProperty('owed');
    expect(register.body.data.summary).not.toHaveProperty('owed');
    expect(register.body.data.summary.booked).toBe(1);
    // The admin's copy has the money.
    const full = await ctx.request('GET', `/api/registers/${football.session}`, {
      token: org.token,
    });
    expect(full.body.data.rows[0].booking.owed).toBe(1000);

    for (const path of [
      `/api/registers/${swimming.session}`,
      `/api/registers/${swimming.session}/marks`,
    ])
      expect((await ctx.request('GET', path, { token: coachToken })).status).toBe(404);
  });

  it('marks children on their registers, recorded as theirs, and not on others', async () => {
    const mark = (session: string, id: string) =>
      ctx.request('POST', `/api/registers/${session}/marks`, {
        token: coachToken,
        body: {
          _id: id,
          attendee: parent.children[0],
          kind: 'present',
          at: new Date().toISOString(),
        },
      });
    const ok = await mark(football.session, 'coach-mark-0001');
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.mark.markedBy).toEqual({ _id: coachId, fullName: 'Jo Coach' });
    expect((await mark(swimming.session, 'coach-mark-0002')).status).toBe(404);
    const rows = await ctx.handle.db
      .selectFrom('register_marks')
      .select('id')
      .where('client_id', '=', org.clientId)
      .execute();
    expect(rows.map((r) => r.id)).toEqual(['coach-mark-0001']);
  });

  it('is refused everything else: money, bookings, customers, settings', async () => {
    const allowed = [
      ['GET', '/api/users/me'],
      ['GET', '/api/client'],
    ] as const;
    for (const [method, path] of allowed)
      expect((await ctx.request(method, path, { token: coachToken })).status, path).toBe(200);
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/overview'],
      ['GET', '/api/bookings'],
      ['GET', '/api/bookings/mine'],
      ['GET', '/api/users'],
      ['GET', `/api/users/${parent.userId}`],
      ['GET', '/api/attendees'],
      ['GET', '/api/coaches'],
      ['GET', '/api/messages'],
      ['GET', '/api/activity-groups/full-list'],
      ['GET', '/api/fields?usage=attendee'],
      ['GET', '/api/user/attendees'],
      ['POST', '/api/user/attendees', { fieldData: [] }],
      ['POST', '/api/fields', { title: 'x', type: 'text', usage: 'attendee' }],
      ['PUT', `/api/coaches/${coachId}`, { ...COACH, activityGroups: [swimming._id] }],
    ];
    for (const [method, path, body] of refused) {
      const res = await ctx.request(method, path, { token: coachToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('follows the admin’s change of activities', async () => {
    const moved = await ctx.request('PUT', `/api/coaches/${coachId}`, {
      token: org.token,
      body: { fullName: 'Jo Coach-Smith', email: COACH.email, activityGroups: [swimming._id] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      fullName: 'Jo Coach-Smith',
      activityGroups: [swimming._id],
    });
    const list = await ctx.request('GET', `/api/registers?date=${day}`, { token: coachToken });
    expect(list.body.data.sessions.map((s: { _id: string }) => s._id)).toEqual([swimming.session]);
    expect(
      (await ctx.request('GET', `/api/registers/${football.session}`, { token: coachToken }))
        .status,
    ).toBe(404);
    // The password was left blank: unchanged.
    await coachSignIn();
  });
});
