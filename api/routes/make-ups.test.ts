import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityGroupFormValues,
  makeUpMessages,
  messages,
  zonedParts,
} from '../../engine/index.ts';
import { composeBookingConfirmation } from '../mail/compose/booking-confirmation.tsx';
import { createTestContext, type TestContext, testDialect } from '../test/harness.ts';
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

/*
 * Absences and make-up credits through the API (docs/rules/make-ups.md), on the database the
 * suite runs on: a parent reports an absence, the place is free again (the register shows the
 * absence and the waitlist), the credit books a free place in another session with room, and
 * the rule's notice, per-term cap, expiry and activities hold.
 */

let ctx: TestContext;
let org: Organiser;
/** Two places a day. */
let camp: Camp;
let other: Camp;

const rule = {
  enabled: true,
  noticeHours: 24,
  perTerm: 2,
  expiryDays: 60,
  spendOn: 'same',
  activityGroupIds: [] as string[],
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  camp = await createCamp(ctx, org, { placeLimit: 2 });
  await ctx.handle.db
    .updateTable('activity_groups')
    .set({ waitlist_type: 'SingleSession' })
    .where('id', '=', camp._id)
    .execute();
  other = await createCamp(ctx, org, { placeLimit: 5, name: 'Art Club' });
  const saved = await ctx.request('PUT', '/api/make-ups/rule', { token: org.token, body: rule });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => ctx.close());

/** A parent with one child booked on some days of a camp, to pay later. */
async function booked(name: string, sessions: string[], group: Camp = camp) {
  const parent = await parentWithChildren(ctx, org, [name]);
  const res = await ctx.request('POST', '/api/bookings', {
    token: parent.token,
    body: basket(
      group._id,
      { ticket: group.day, attendees: parent.children, activities: sessions },
      { paymentMethod: { type: 'payLater' } },
    ),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const places = res.body.data.items[0].places as { _id: string; activity: { _id: string } }[];
  const place = (session: string) => places.find((p) => p.activity._id === session)!._id;
  return { parent, bookingId: res.body.data._id as string, place };
}

const report = (parent: Parent, place: string) =>
  ctx.request('POST', '/api/make-ups/absences', { token: parent.token, body: { place } });

async function creditOf(parent: Parent, place: string) {
  const mine = await ctx.request('GET', '/api/make-ups', { token: parent.token });
  expect(mine.status).toBe(200);
  return mine.body.data.absences.find((a: { place: string }) => a.place === place);
}

const register = async (session: string) => {
  const res = await ctx.request('GET', `/api/registers/${session}`, { token: org.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** Moves a session to start `hours` from now (negative: already started). */
async function startIn(session: string, hours: number) {
  const at = zonedParts(Date.now() + hours * 3_600_000, 'Europe/London');
  await ctx.handle.db
    .updateTable('activities')
    .set({ date: at.date, start_time: at.time, end_time: '23:59' })
    .where('id', '=', session)
    .execute();
}

describe(`absences and make-ups (${testDialect})`, () => {
  it('lets only an admin set the rule, and validates it', async () => {
    const parent = await parentWithChildren(ctx, org, ['Cy']);
    expect(
      (await ctx.request('PUT', '/api/make-ups/rule', { token: parent.token, body: rule })).status,
    ).toBe(403);
    const bad = await ctx.request('PUT', '/api/make-ups/rule', {
      token: org.token,
      body: { ...rule, spendOn: 'listed', activityGroupIds: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.activityGroupIds).toBe(makeUpMessages.listRequired);
    const got = await ctx.request('GET', '/api/make-ups/rule', { token: org.token });
    expect(got.body.data).toMatchObject({ enabled: true, noticeHours: 24, spendOn: 'same' });
  });

  it('frees the place of a reported absence: the register shows it and the waitlist, and it can be booked', async () => {
    const [day0, day1, day2] = camp.sessions as [string, string, string];
    const ada = await booked('Ada', [day0, day1]);
    await booked('Bo', [day0, day1]);
    expect(await countTakenPlaces(ctx, day0)).toBe(2);
    const waiting = await parentWithChildren(ctx, org, ['Wyn']);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: waiting.token,
      body: { activityGroup: camp._id, attendee: waiting.children[0], activities: [day0] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    // Another family cannot report (or even see) Ada's place.
    const stranger = await parentWithChildren(ctx, org, ['Zed']);
    expect((await report(stranger, ada.place(day0))).status).toBe(404);

    const quote = await ctx.request('POST', '/api/make-ups/absence-quote', {
      token: ada.parent.token,
      body: { place: ada.place(day0) },
    });
    expect(quote.body.data).toMatchObject({ ok: true, credit: true });
    const absence = await report(ada.parent, ada.place(day0));
    expect(absence.status, JSON.stringify(absence.body)).toBe(201);
    expect(absence.body.data).toMatchObject({ credit: true, note: makeUpMessages.creditEarned });
    const again = await report(ada.parent, ada.place(day0));
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(makeUpMessages.alreadyReported);

    expect(await countTakenPlaces(ctx, day0)).toBe(1);
    const sheet = await register(day0);
    expect(sheet.rows.map((r: { attendee: { name: string } }) => r.attendee.name)).toEqual([
      'Bo Lovelace',
    ]);
    expect(sheet.absences).toEqual([
      expect.objectContaining({
        attendee: expect.objectContaining({ name: 'Ada Lovelace' }),
        credit: true,
      }),
    ]);
    expect(sheet.waitlistWaiting).toBe(1);
    expect(sheet.summary).toMatchObject({ booked: 1, reportedAbsent: 1 });
    const today = await ctx.request('GET', '/api/registers?date=2031-07-01', { token: org.token });
    expect(
      today.body.data.sessions.find((x: { _id: string }) => x._id === day0).summary,
    ).toMatchObject({ booked: 1, reportedAbsent: 1 });

    // The freed place is on sale again.
    await booked('Cal', [day0]);
    expect(await countTakenPlaces(ctx, day0)).toBe(2);

    // Ada's credit books a free place on another day of the same activity.
    const credit = await creditOf(ada.parent, ada.place(day0));
    expect(credit.credit).toMatchObject({ usable: true, usedAt: null, makeUp: null });
    const offered = await ctx.request('GET', `/api/make-ups/credits/${credit._id}/sessions`, {
      token: ada.parent.token,
    });
    const offeredIds = offered.body.data.map((s: { _id: string }) => s._id);
    expect(offeredIds).toContain(day2);
    expect(offeredIds).not.toContain(day0); // the missed day
    expect(offeredIds).not.toContain(day1); // already hers
    expect(offeredIds).not.toContain(other.sessions[0]); // another activity

    const made = await ctx.request('POST', '/api/make-ups/bookings', {
      token: ada.parent.token,
      body: { credit: credit._id, session: day2 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const booking = await ctx.request('GET', `/api/bookings/${made.body.data.booking}`, {
      token: ada.parent.token,
    });
    expect(booking.body.data).toMatchObject({ status: 'confirmed', total: 0 });
    // The parent's confirmation is queued in the same commit.
    const confirmation = await ctx.handle.db
      .selectFrom('messages')
      .selectAll()
      .where('booking_id', '=', made.body.data.booking)
      .where('kind', '=', 'booking-confirmation')
      .execute();
    expect(confirmation).toHaveLength(1);
    const mail = await composeBookingConfirmation(
      { ...confirmation[0]!, attempts: 0 },
      { db: ctx.handle.db, publicUrl: 'http://localhost', now: new Date() },
    );
    expect(mail.text).toContain('Ada Lovelace');
    expect(mail.text).toContain('Summer Camp');
    const twice = await ctx.request('POST', '/api/make-ups/bookings', {
      token: ada.parent.token,
      body: { credit: credit._id, session: camp.sessions[3] },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(makeUpMessages.creditUsed);

    const makeUpSheet = await register(day2);
    expect(makeUpSheet.rows).toEqual([
      expect.objectContaining({
        attendee: expect.objectContaining({ name: 'Ada Lovelace' }),
        makeUp: true,
      }),
    ]);
    expect(makeUpSheet.summary.makeUps).toBe(1);
    expect((await creditOf(ada.parent, ada.place(day0))).credit.makeUp.session._id).toBe(day2);
  });

  it('never books a make-up into a full session, nor outside the allowed activities', async () => {
    const [, day1, , day3] = camp.sessions as [string, string, string, string];
    // day1 is full (Ada and Bo).
    const dee = await booked('Dee', [day3]);
    expect((await report(dee.parent, dee.place(day3))).body.data.credit).toBe(true);
    const credit = await creditOf(dee.parent, dee.place(day3));
    const full = await ctx.request('POST', '/api/make-ups/bookings', {
      token: dee.parent.token,
      body: { credit: credit._id, session: day1 },
    });
    expect(full.status).toBe(422);
    expect(full.body.message).toBe(makeUpMessages.full);
    const elsewhere = await ctx.request('POST', '/api/make-ups/bookings', {
      token: dee.parent.token,
      body: { credit: credit._id, session: other.sessions[0] },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe(makeUpMessages.notAllowedActivity);

    await ctx.request('PUT', '/api/make-ups/rule', {
      token: org.token,
      body: { ...rule, spendOn: 'listed', activityGroupIds: [other._id] },
    });
    const listed = await ctx.request('GET', `/api/make-ups/credits/${credit._id}/sessions`, {
      token: dee.parent.token,
    });
    expect(listed.body.data.map((s: { _id: string }) => s._id)).toEqual(other.sessions);
    const art = await ctx.request('POST', '/api/make-ups/bookings', {
      token: dee.parent.token,
      body: { credit: credit._id, session: other.sessions[0] },
    });
    expect(art.status, JSON.stringify(art.body)).toBe(201);
    await ctx.request('PUT', '/api/make-ups/rule', { token: org.token, body: rule });
  });

  it('books the last place once when two credits race for it', async () => {
    const day4 = camp.sessions[4]!;
    await booked('Fay', [day4]);
    expect(await countTakenPlaces(ctx, day4)).toBe(1);
    const racers = await Promise.all(
      ['Gus', 'Hal'].map(async (name) => {
        const b = await booked(name, [camp.sessions[3]!]);
        await report(b.parent, b.place(camp.sessions[3]!));
        return { parent: b.parent, credit: await creditOf(b.parent, b.place(camp.sessions[3]!)) };
      }),
    );
    const results = await Promise.all(
      racers.map((r) =>
        ctx.request('POST', '/api/make-ups/bookings', {
          token: r.parent.token,
          body: { credit: r.credit._id, session: day4 },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await countTakenPlaces(ctx, day4)).toBe(2);
  });

  it('earns no credit past the per-term cap, inside the notice, or for a started session', async () => {
    const group = await createCamp(ctx, org, { name: 'Judo' });
    const [s0, s1, s2, s3, s4] = group.sessions as [string, string, string, string, string];
    const kit = await booked('Kit', [s0, s1, s2, s3, s4], group);
    expect((await report(kit.parent, kit.place(s0))).body.data.credit).toBe(true);
    expect((await report(kit.parent, kit.place(s1))).body.data.credit).toBe(true);
    const third = await report(kit.parent, kit.place(s2));
    expect(third.status).toBe(201);
    expect(third.body.data).toMatchObject({
      credit: false,
      note: makeUpMessages.noCreditCap(2),
    });

    const lee = await booked('Lee', [s3, s4], group);
    await startIn(s3, 3);
    const late = await report(lee.parent, lee.place(s3));
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({
      credit: false,
      note: makeUpMessages.noCreditNotice(24),
    });
    // Still reported: the register shows it and the place is free.
    expect((await register(s3)).absences).toHaveLength(1);

    await startIn(s4, -1);
    const started = await report(lee.parent, lee.place(s4));
    expect(started.status).toBe(422);
    expect(started.body.message).toBe(makeUpMessages.sessionStarted);

    // A session whose only place was reported absent still has a booking: it cannot be deleted.
    const saved = await ctx.request('GET', `/api/activity-groups/${group._id}`, {
      token: org.token,
    });
    const values = activityGroupFormValues(saved.body.data);
    const withoutFirst = await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: { ...values, activities: values.activities!.filter((a) => a._id !== s0) },
    });
    expect(withoutFirst.status).toBe(409);
    expect(withoutFirst.body.message).toBe(messages.sessionHasBookings);
  });

  it('offers nothing for an expired credit and refuses to spend it', async () => {
    const mo = await booked('Mo', [camp.sessions[3]!]);
    await report(mo.parent, mo.place(camp.sessions[3]!));
    const credit = await creditOf(mo.parent, mo.place(camp.sessions[3]!));
    await ctx.handle.db
      .updateTable('absences')
      .set({ credit_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', credit._id)
      .execute();
    expect((await creditOf(mo.parent, mo.place(camp.sessions[3]!))).credit.usable).toBe(false);
    const offered = await ctx.request('GET', `/api/make-ups/credits/${credit._id}/sessions`, {
      token: mo.parent.token,
    });
    expect(offered.body.data).toEqual([]);
    const spent = await ctx.request('POST', '/api/make-ups/bookings', {
      token: mo.parent.token,
      body: { credit: credit._id, session: camp.sessions[2] },
    });
    expect(spent.status).toBe(422);
    expect(spent.body.message).toBe(makeUpMessages.creditExpired);
  });
});
