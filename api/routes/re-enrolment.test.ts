import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reEnrolmentMessages } from '../../engine/re-enrolment.ts';
import { bookingJobHandlers } from '../jobs/handlers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { mailJobHandlers } from '../mail/jobs.ts';
import { startTestInbox, type TestInbox } from '../mail/testing.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Organiser,
  type Parent,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Re-enrolment end to end through the API (docs/rules/re-enrolment.md): the organiser rolls a
 * full class over, each parent gets one e-mail over real SMTP, the kept places keep a public
 * buyer out, accepting books the place, declining frees it, the window's end lapses the rest and
 * offers the copy's waitlist. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('re-enrolment', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let other: Organiser;
  let family: Parent;
  let single: Parent;
  let sourceId: string;

  const jobs = () => ({ ...bookingJobHandlers(), ...mailJobHandlers(inbox.mail) });
  const tokensIn = (text: string) => [
    ...new Set([...text.matchAll(/#classwise=reenrol\/([\w-]+)/g)].map((m) => m[1]!)),
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    other = await premiumOrganiser(ctx);
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name: 'Saturday Swim',
        enabled: true,
        waitlistType: 'SingleSession',
        activities: [
          {
            _id: 'temp_a',
            date: '2031-01-04',
            startTime: '09:00',
            endTime: '09:45',
            placeLimit: 3,
          },
          {
            _id: 'temp_b',
            date: '2031-01-11',
            startTime: '09:00',
            endTime: '09:45',
            placeLimit: 3,
          },
        ],
        tickets: [{ _id: 'temp_t', type: 'all', name: 'Whole term', price: '30' }],
        addOns: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    sourceId = created.body.data._id;
    const term = created.body.data.tickets[0]._id;
    family = await parentWithChildren(ctx, org, ['Ada', 'Ben']);
    single = await parentWithChildren(ctx, org, ['Cy']);
    for (const p of [family, single]) {
      const booked = await ctx.request('POST', '/api/bookings', {
        token: p.token,
        body: basket(
          sourceId,
          { ticket: term, attendees: p.children },
          { paymentMethod: { type: 'payLater' } },
        ),
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    }
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  it('rolls a class over, keeps the places for the window and ends it at the deadline', async () => {
    const opened = await ctx.request('POST', '/api/re-enrolments', {
      token: org.token,
      body: {
        activityGroup: sourceId,
        startDate: '2031-04-05',
        name: 'Saturday Swim summer',
        windowDays: 7,
      },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const rollover = opened.body.data;
    expect(rollover.funnel).toEqual({
      offered: 3,
      waiting: 3,
      accepted: 0,
      declined: 0,
      lapsed: 0,
    });
    expect(
      rollover.offers.map((o: { attendee: { name: string } }) => o.attendee.name).sort(),
    ).toEqual(['Ada Lovelace', 'Ben Lovelace', 'Cy Lovelace']);
    const targetId = rollover.targetGroup._id as string;
    const copy = (
      await ctx.request('GET', `/api/activity-groups/${targetId}`, { token: org.token })
    ).body.data;
    expect(copy.activities.map((s: { date: string }) => s.date)).toEqual([
      '2031-04-05',
      '2031-04-12',
    ]);
    const term = copy.tickets[0]._id as string;

    // Opening twice is refused while the first is open.
    const again = await ctx.request('POST', '/api/re-enrolments', {
      token: org.token,
      body: { activityGroup: sourceId, startDate: '2031-04-05', name: 'Again', windowDays: 7 },
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(reEnrolmentMessages.alreadyRolledOver);

    // One e-mail per parent, over SMTP: the family's names both children, each with a link.
    await runDueJobs(ctx.handle.db, jobs());
    const mails = inbox.received.filter((m) => m.subject?.startsWith('Next term'));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Next term: keep Ada Lovelace and Ben Lovelace's places on Saturday Swim summer",
      "Next term: keep Cy Lovelace's place on Saturday Swim summer",
    ]);
    const familyMail = mails.find((m) => m.subject?.includes('Ada'))!;
    expect(familyMail.text).toContain(`/book/${org.clientId}#classwise=reenrol/`);
    const [adaToken, benToken] = tokensIn(familyMail.text ?? '');
    const [cyToken] = tokensIn(mails.find((m) => m.subject?.includes('Cy'))!.text ?? '');
    expect([adaToken, benToken, cyToken].every(Boolean)).toBe(true);
    // The stored copy of the message does not keep the links' secrets.
    const stored = await ctx.handle.db
      .selectFrom('messages')
      .select('text_body')
      .where('client_id', '=', org.clientId)
      .where('kind', '=', 're-enrolment-offer')
      .execute();
    expect(stored.some((m) => m.text_body?.includes(adaToken!))).toBe(false);

    // The parent's page: the child, the ticket, the price, how to pay.
    const view = await ctx.request('GET', `/api/re-enrolments/offers/${adaToken}`, {
      clientId: org.clientId,
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data).toMatchObject({
      status: 'offered',
      attendee: { name: 'Ada Lovelace' },
      activityGroup: { _id: targetId, name: 'Saturday Swim summer' },
      ticket: { name: 'Whole term' },
      amountDueNow: 3000,
      methods: ['payLater'],
    });

    // A public buyer finds the copy full: the three places are kept.
    const buyer = await parentWithChildren(ctx, org, ['Eve']);
    const refused = await ctx.request('POST', '/api/bookings', {
      token: buyer.token,
      body: basket(
        targetId,
        { ticket: term, attendees: buyer.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);

    // Signed in, Cy's parent's booking journey is told which sessions are kept for Cy.
    const kept = await ctx.request('GET', `/api/re-enrolments/mine?activityGroup=${targetId}`, {
      token: single.token,
    });
    expect(kept.body.data).toEqual([
      {
        attendee: { _id: single.children[0] },
        activityIds: expect.arrayContaining(copy.activities.map((s: { _id: string }) => s._id)),
      },
    ]);
    expect(
      (
        await ctx.request('GET', `/api/re-enrolments/mine?activityGroup=${targetId}`, {
          token: buyer.token,
        })
      ).body.data,
    ).toEqual([]);

    // Ada's parent confirms and chooses to pay later: the place is booked in their name.
    const accepted = await ctx.request('POST', `/api/re-enrolments/offers/${adaToken}/accept`, {
      clientId: org.clientId,
      body: { paymentMethod: { type: 'payLater' } },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const booking = await ctx.handle.db
      .selectFrom('bookings')
      .select(['user_id', 'status', 'total'])
      .where('id', '=', accepted.body.data.bookingId)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ user_id: family.userId, status: 'awaiting_payment', total: 3000 });
    const twice = await ctx.request('POST', `/api/re-enrolments/offers/${adaToken}/accept`, {
      clientId: org.clientId,
      body: { paymentMethod: { type: 'payLater' } },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(reEnrolmentMessages.alreadyAccepted);

    // Ben's parent declines: the place goes on sale, and the public buyer gets it.
    const declined = await ctx.request('POST', `/api/re-enrolments/offers/${benToken}/decline`, {
      clientId: org.clientId,
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const sold = await ctx.request('POST', '/api/bookings', {
      token: buyer.token,
      body: basket(
        targetId,
        { ticket: term, attendees: buyer.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);

    // Another organiser sees none of it, and a link does not work under their name.
    const foreign = await ctx.request('GET', `/api/re-enrolments?activityGroup=${targetId}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toBeNull();
    const foreignLink = await ctx.request('GET', `/api/re-enrolments/offers/${cyToken}`, {
      clientId: other.clientId,
    });
    expect(foreignLink.status).toBe(404);
    const parentAsAdmin = await ctx.request('GET', `/api/re-enrolments?activityGroup=${targetId}`, {
      token: family.token,
    });
    expect(parentAsAdmin.status).toBe(403);

    // Cy's place is still kept, so the copy is full: a family joins its waitlist.
    const waiting = await parentWithChildren(ctx, org, ['Flo']);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: waiting.token,
      body: {
        activityGroup: targetId,
        attendee: waiting.children[0],
        activities: [copy.activities[0]._id],
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    // The window ends: Cy's offer lapses, the place goes to the waitlist in queue order.
    const end = Date.parse(rollover.windowEndsAt);
    await runDueJobs(ctx.handle.db, jobs(), new Date(end - 60_000));
    expect(
      (
        await ctx.request('GET', `/api/re-enrolments?activityGroup=${targetId}`, {
          token: org.token,
        })
      ).body.data.funnel.lapsed,
    ).toBe(0);
    await runDueJobs(ctx.handle.db, jobs(), new Date(end + 1000));
    const funnel = await ctx.request('GET', `/api/re-enrolments?activityGroup=${sourceId}`, {
      token: org.token,
    });
    expect(funnel.body.data.funnel).toEqual({
      offered: 3,
      waiting: 0,
      accepted: 1,
      declined: 1,
      lapsed: 1,
    });
    expect(funnel.body.data.closed).toBe(true);
    expect(
      funnel.body.data.offers.map((o: { attendee: { name: string }; status: string }) => [
        o.attendee.name,
        o.status,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Ada Lovelace', 'accepted'],
        ['Ben Lovelace', 'declined'],
        ['Cy Lovelace', 'lapsed'],
      ]),
    );
    const entry = await ctx.handle.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('id', '=', joined.body.data[0]._id)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('Ready');
    const late = await ctx.request('POST', `/api/re-enrolments/offers/${cyToken}/accept`, {
      clientId: org.clientId,
      body: { paymentMethod: { type: 'payLater' } },
    });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(reEnrolmentMessages.lapsed);
  });

  it('offers no more places than a session of the copy has: the children first booked come first', async () => {
    // Drop-ins: three children on the open session, two on the small final. A drop-in ticket
    // keeps a place on every session of the copy, and the copy's final holds two.
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name: 'Drop-in Gym',
        enabled: true,
        activities: [
          {
            _id: 'temp_a',
            date: '2031-02-01',
            startTime: '10:00',
            endTime: '11:00',
            placeLimit: 5,
          },
          {
            _id: 'temp_b',
            date: '2031-02-08',
            startTime: '10:00',
            endTime: '11:00',
            placeLimit: 2,
          },
        ],
        tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '0' }],
        addOns: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body.data;
    const [open, final] = group.activities.map((a: { _id: string }) => a._id);
    const parents = [];
    for (const [name, session] of [
      ['Dee', open],
      ['Eli', final],
      ['Fay', open],
      ['Gus', final],
    ] as const) {
      const parent = await parentWithChildren(ctx, org, [name]);
      const booked = await ctx.request('POST', '/api/bookings', {
        token: parent.token,
        body: basket(group._id, {
          ticket: group.tickets[0]._id,
          activities: [session],
          attendees: parent.children,
        }),
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      parents.push(parent);
    }
    const rolled = await ctx.request('POST', '/api/re-enrolments', {
      token: org.token,
      body: {
        activityGroup: group._id,
        startDate: '2031-04-05',
        name: 'Drop-in Gym summer',
        windowDays: 7,
      },
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(201);
    const offered = (rolled.body.data.offers as { attendee: { name: string } }[]).map(
      (o) => o.attendee.name,
    );
    // Dee and Eli were booked first; Fay and Gus would overfill the copy's final.
    expect(offered.sort()).toEqual(['Dee Lovelace', 'Eli Lovelace']);
    expect(rolled.body.data.funnel.offered).toBe(2);
    // The copy's final is kept for the two offered, so it shows no place left to anyone else.
    const copy = await ctx.request(
      'GET',
      `/api/activity-groups/${rolled.body.data.targetGroup._id}/public`,
      {
        clientId: org.clientId,
      },
    );
    const finalCopy = copy.body.data.activities.find(
      (a: { date: string }) => a.date === '2031-04-12',
    );
    expect(finalCopy.placesLeft).toBe(0);
  });

  it('refuses a window outside 1 to 30 days and an activity nobody is booked on', async () => {
    const bad = await ctx.request('POST', '/api/re-enrolments', {
      token: org.token,
      body: { activityGroup: sourceId, startDate: '2031-04-05', name: 'X', windowDays: 45 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.windowDays).toBe(reEnrolmentMessages.windowDays);
    const empty = await ctx.request('POST', '/api/activity-groups', {
      token: other.token,
      body: {
        name: 'Empty',
        activities: [
          {
            _id: 'temp_a',
            date: '2031-01-04',
            startTime: '09:00',
            endTime: '09:45',
            placeLimit: 3,
          },
        ],
        tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '0' }],
        addOns: [],
      },
    });
    const none = await ctx.request('POST', '/api/re-enrolments', {
      token: other.token,
      body: {
        activityGroup: empty.body.data._id,
        startDate: '2031-04-05',
        name: 'X',
        windowDays: 7,
      },
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(reEnrolmentMessages.nobodyBooked);
    // Another organiser's activity is not found.
    const foreign = await ctx.request('POST', '/api/re-enrolments', {
      token: other.token,
      body: { activityGroup: sourceId, startDate: '2031-04-05', name: 'X', windowDays: 7 },
    });
    expect(foreign.status).toBe(404);
  });
});
