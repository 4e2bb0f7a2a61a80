import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, registerMessages, todayIn } from '../../engine/index.ts';
import { fieldDataColumns } from '../db/field-values.ts';
import { newId } from '../db/ids.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Registers through the real API on a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): who is on a session, their money as the booking says, the safeguarding
 * flags, and marks kept as an audit trail that a replay never doubles.
 */

let ctx: TestContext;
let org: Organiser;
let club: { _id: string; today: string; tomorrow: string; ticket: string; juice: string };
let ada: Parent;
let ben: Parent;
let allergies: string;
let photos: string;
const today = todayIn(Date.now(), 'Europe/London');
const iso = (offsetMinutes = 0) => new Date(Date.now() + offsetMinutes * 60_000).toISOString();
let n = 0;
const markId = () => `mark-${Date.now().toString(36)}-${(n++).toString(36)}`;

const field = async (body: Record<string, unknown>) => {
  const res = await ctx.request('POST', '/api/fields', { token: org.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; safeguarding: boolean; fieldOptions: { _id: string }[] };
};

const register = async (sessionId = club.today, token = org.token) =>
  ctx.request('GET', `/api/registers/${sessionId}`, { token });

const mark = (body: Record<string, unknown>, sessionId = club.today, token = org.token) =>
  ctx.request('POST', `/api/registers/${sessionId}/marks`, { token, body });

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  const allergyField = await field({
    title: 'Allergies',
    type: 'textarea',
    usage: 'attendee',
    safeguarding: true,
  });
  allergies = allergyField._id;
  expect(allergyField.safeguarding).toBe(true);
  photos = (
    await field({
      title: 'Photo consent',
      type: 'checkboxSingle',
      usage: 'attendee',
      safeguarding: true,
    })
  )._id;
  // Asked, but not a safeguarding question: never shown as a flag.
  await field({ title: 'Favourite colour', type: 'text', usage: 'attendee' });
  await field({ title: 'Emergency phone', type: 'phone', usage: 'attendee' });

  const res = await ctx.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: 'Saturday Football',
      activities: [
        // Booked while still ahead; moved to today below (time passing), as parents cannot
        // book a session that has started.
        {
          _id: 'temp_a',
          date: addDays(today, 2),
          startTime: '09:00',
          endTime: '10:00',
          placeLimit: 10,
        },
        {
          _id: 'temp_b',
          date: addDays(today, 1),
          startTime: '09:00',
          endTime: '10:00',
          placeLimit: 10,
        },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '10' }],
      addOns: [{ _id: 'temp_j', name: 'Juice', price: '1' }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const g = res.body.data;
  club = {
    _id: g._id,
    today: g.activities.find((a: { date: string }) => a.date === addDays(today, 2))._id,
    tomorrow: g.activities.find((a: { date: string }) => a.date === addDays(today, 1))._id,
    ticket: g.tickets[0]._id,
    juice: g.addOns[0]._id,
  };
  ada = await parentWithChildren(ctx, org, ['Ada', 'Alan']);
  ben = await parentWithChildren(ctx, org, ['Ben']);
  // The children's answers, given as the organiser edits them on the attendee dialog.
  const [adaChild] = ada.children;
  const attendee = await ctx.request('GET', `/api/attendees/${adaChild}`, { token: org.token });
  const answers = Object.entries(attendee.body.data.fieldData).map(([f, value]) => ({
    field: f,
    value,
  }));
  const edit = await ctx.request('PUT', `/api/attendees/${adaChild}`, {
    token: org.token,
    body: {
      fieldData: [
        ...answers,
        { field: allergies, value: 'Peanuts: EpiPen in bag' },
        { field: photos, value: false },
      ],
    },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);

  // Ada's family pays later for both children (owed); Ben's booking is marked paid.
  const book = async (who: Parent, addOns: unknown[] = []) => {
    const b = await ctx.request('POST', '/api/bookings', {
      token: who.token,
      body: basket(
        club._id,
        { ticket: club.ticket, activities: [club.today], attendees: who.children, addOns },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    return b.body.data._id as string;
  };
  await book(ada);
  const benBooking = await book(ben, [{ addOn: club.juice, activities: [club.today] }]);
  const paid = await ctx.request('POST', `/api/bookings/${benBooking}/mark-paid`, {
    token: org.token,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await ctx.handle.db
    .updateTable('activities')
    .set({ date: today })
    .where('id', '=', club.today)
    .execute();
});
afterAll(() => ctx.close());

describe('GET /api/registers/:sessionId', () => {
  it('lists each child with ticket, add-ons, parent, money and safeguarding flags', async () => {
    // Ben's parent answered a parent phone question (no screen asks parents yet: written here).
    const phone = await field({ title: 'Mobile', type: 'phone', usage: 'user' });
    const now = new Date().toISOString();
    await ctx.handle.db
      .insertInto('field_data')
      .values({
        id: newId(),
        client_id: org.clientId,
        owner_type: 'user',
        owner_id: ben.userId,
        field_id: phone._id,
        ...fieldDataColumns('phone', '07700 900123'),
        created_at: now,
        updated_at: now,
      })
      .execute();

    const res = await register();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows, summary, session } = res.body.data;
    expect(session).toMatchObject({
      _id: club.today,
      date: today,
      startTime: '09:00',
      activityGroup: { name: 'Saturday Football' },
    });
    expect(rows.map((r: { attendee: { name: string } }) => r.attendee.name)).toEqual([
      'Ada Lovelace',
      'Alan Lovelace',
      'Ben Lovelace',
    ]);
    const [adaRow, alanRow, benRow] = rows;
    expect(adaRow).toMatchObject({
      attendee: { _id: ada.children[0], age: expect.any(Number) },
      ticket: 'Drop-in',
      addOns: [],
      parent: { _id: ada.userId, name: 'Pat Parent', phone: null },
      booking: { status: 'awaiting_payment', paid: 0, owed: 2000, currency: 'GBP' },
      flags: [
        { field: allergies, title: 'Allergies', value: 'Peanuts: EpiPen in bag' },
        { field: photos, title: 'Photo consent', value: 'No' },
      ],
      mark: { attendance: null, checkedInAt: null, markedBy: null },
    });
    expect(alanRow.flags).toEqual([]);
    expect(benRow).toMatchObject({
      addOns: ['Juice'],
      parent: { phone: '07700 900123' },
      booking: { status: 'confirmed', paid: 1100, owed: 0 },
    });
    // One family's booking counts once, though it is on two rows.
    expect(summary).toEqual({
      booked: 3,
      present: 0,
      late: 0,
      absent: 0,
      unmarked: 3,
      checkedOut: 0,
      inNow: 0,
      paid: 1100,
      owed: 2000,
      makeUps: 0,
      reportedAbsent: 0,
    });
  });

  it('answers 404 for another organiser’s session, and 403 to a parent', async () => {
    const other = await premiumOrganiser(ctx);
    expect((await register(club.today, other.token)).status).toBe(404);
    expect(
      (await ctx.request('GET', `/api/registers/${club.today}/marks`, { token: other.token }))
        .status,
    ).toBe(404);
    const foreign = await mark(
      { _id: markId(), attendee: ada.children[0], kind: 'present', at: iso() },
      club.today,
      other.token,
    );
    expect(foreign.status).toBe(404);
    expect((await register(club.today, ada.token)).status).toBe(403);
    expect((await ctx.request('GET', `/api/registers/${club.today}`)).status).toBe(401);
    const rows = await ctx.handle.db
      .selectFrom('register_marks')
      .selectAll()
      .where('client_id', '=', other.clientId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('POST /api/registers/:sessionId/marks', () => {
  it('saves a check-in and a check-out with who marked them and when', async () => {
    const child = ben.children[0]!;
    const checkIn = await mark({ _id: markId(), attendee: child, kind: 'present', at: iso(-30) });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
    expect(checkIn.body.data.mark).toMatchObject({
      kind: 'present',
      attendee: { _id: child, name: 'Ben Lovelace' },
      markedBy: { fullName: 'Olive Owner' },
    });
    const out = await mark({
      _id: markId(),
      attendee: child,
      kind: 'checkedOut',
      at: iso(-1),
      collectedBy: ' Grandma Jo ',
    });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    const row = (await register()).body.data.rows.find(
      (r: { attendee: { _id: string } }) => r.attendee._id === child,
    );
    expect(row.mark).toMatchObject({
      attendance: 'present',
      checkedInAt: checkIn.body.data.mark.at,
      checkedOutAt: out.body.data.mark.at,
      collectedBy: 'Grandma Jo',
      markedBy: 'Olive Owner',
    });
    expect(Date.parse(row.mark.markedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps the history when a mark is corrected', async () => {
    const child = ada.children[1]!;
    const first = markId();
    expect((await mark({ _id: first, attendee: child, kind: 'absent', at: iso(-20) })).status).toBe(
      201,
    );
    expect(
      (await mark({ _id: markId(), attendee: child, kind: 'late', at: iso(-10) })).status,
    ).toBe(201);
    const row = (await register()).body.data.rows.find(
      (r: { attendee: { _id: string } }) => r.attendee._id === child,
    );
    expect(row.mark.attendance).toBe('late');
    const history = await ctx.request('GET', `/api/registers/${club.today}/marks`, {
      token: org.token,
    });
    expect(history.status).toBe(200);
    expect(
      history.body.data
        .filter((m: { attendee: { _id: string } }) => m.attendee._id === child)
        .map((m: { _id: string; kind: string }) => m.kind),
    ).toEqual(['absent', 'late']);
    expect(history.body.data.find((m: { _id: string }) => m._id === first).markedBy.fullName).toBe(
      'Olive Owner',
    );
  });

  it('records a replayed mark id once, and refuses the id reused for another mark', async () => {
    const child = ada.children[0]!;
    const body = { _id: markId(), attendee: child, kind: 'present', at: iso(-5) };
    const first = await mark(body);
    const again = await mark(body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data.mark).toEqual(first.body.data.mark);
    const stored = await ctx.handle.db
      .selectFrom('register_marks')
      .select('id')
      .where('client_id', '=', org.clientId)
      .where('id', '=', body._id)
      .execute();
    expect(stored).toHaveLength(1);
    const reused = await mark({ ...body, kind: 'absent' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(registerMessages.markIdReused);
  });

  it('refuses bad marks with a clear 4xx and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await ctx.handle.db
            .selectFrom('register_marks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', org.clientId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const alan = ada.children[1]!;
    const fresh = (await parentWithChildren(ctx, org, ['Zed'])).children[0]!;
    const cases: [Record<string, unknown>, number, string?][] = [
      [
        { _id: markId(), attendee: fresh, kind: 'present', at: iso() },
        422,
        registerMessages.notBooked,
      ],
      [
        { _id: markId(), attendee: fresh, kind: 'checkedOut', at: iso(), collectedBy: 'Mum' },
        422,
        registerMessages.notBooked,
      ],
      [
        { _id: markId(), attendee: alan, kind: 'present', at: iso(60) },
        422,
        registerMessages.markInFuture,
      ],
      [
        { _id: markId(), attendee: alan, kind: 'present', at: `${addDays(today, -60)}T09:00:00Z` },
        422,
        registerMessages.markTooOld,
      ],
      [
        { _id: 'short', attendee: alan, kind: 'present', at: iso() },
        400,
        registerMessages.markIdInvalid,
      ],
      [{ _id: markId(), attendee: alan, kind: 'teleported', at: iso() }, 400],
      [{ _id: markId(), attendee: alan, kind: 'present', at: 'soon' }, 400],
      [{ _id: markId(), attendee: alan, kind: 'present', at: iso() }, 404],
    ];
    for (const [body, status, message] of cases) {
      const sessionId = status === 404 ? 'no-such-session' : club.today;
      const res = await mark(body, sessionId);
      expect(res.status, JSON.stringify([body, res.body])).toBe(status);
      if (message) expect(res.body.message).toBe(message);
    }
    // Alan was marked late (above) then cleared: a check-out now needs a new check-in.
    expect((await mark({ _id: markId(), attendee: alan, kind: 'cleared', at: iso() })).status).toBe(
      201,
    );
    const out = await mark({
      _id: markId(),
      attendee: alan,
      kind: 'checkedOut',
      at: iso(),
      collectedBy: 'Mum',
    });
    expect(out.status).toBe(422);
    expect(out.body.message).toBe(registerMessages.checkOutNeedsCheckIn);
    await mark({ _id: markId(), attendee: alan, kind: 'present', at: iso() });
    const noName = await mark({
      _id: markId(),
      attendee: alan,
      kind: 'checkedOut',
      at: iso(),
      collectedBy: '',
    });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toEqual({ collectedBy: registerMessages.collectedByRequired });
    expect(await count()).toBe(before + 2);
  });
});

describe('GET /api/registers (Today)', () => {
  it('lists today’s sessions with their counts, and another day on request', async () => {
    const res = await ctx.request('GET', '/api/registers', { token: org.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.date).toBe(today);
    expect(res.body.data.sessions).toEqual([
      expect.objectContaining({
        _id: club.today,
        activityGroup: { _id: club._id, name: 'Saturday Football' },
        summary: expect.objectContaining({ booked: 3 }),
      }),
    ]);
    const tomorrow = await ctx.request('GET', `/api/registers?date=${addDays(today, 1)}`, {
      token: org.token,
    });
    expect(tomorrow.body.data.sessions.map((s: { _id: string }) => s._id)).toEqual([club.tomorrow]);
    expect(tomorrow.body.data.sessions[0].summary.booked).toBe(0);
    const bad = await ctx.request('GET', '/api/registers?date=31-12-2026', { token: org.token });
    expect(bad.status).toBe(400);
  });
});
