import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * The parent's confirmation that a child joined a waitlist, received over real SMTP: which
 * activity and sessions, and what happens when a place comes free. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('waitlist joined e-mail', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  it('tells the parent which full sessions their child waits for, once', async () => {
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name: 'Tiny Tennis',
        waitlistType: 'SingleSession',
        activities: [
          {
            _id: 'temp_a',
            date: '2031-03-04',
            startTime: '16:30',
            endTime: '17:15',
            placeLimit: 1,
          },
          {
            _id: 'temp_b',
            date: '2031-03-11',
            startTime: '16:30',
            endTime: '17:15',
            placeLimit: 1,
          },
        ],
        tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '0' }],
        addOns: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const group = created.body.data;
    const sessions = group.activities.map((s: { _id: string }) => s._id) as string[];
    const filler = await parentWithChildren(ctx, org, ['Zed']);
    const booked = await ctx.request('POST', '/api/bookings', {
      token: filler.token,
      body: basket(group._id, {
        ticket: group.tickets[0]._id,
        activities: sessions,
        attendees: [filler.children[0]!],
      }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const waiting = await parentWithChildren(ctx, org, ['Ada']);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: waiting.token,
      body: { activityGroup: group._id, attendee: waiting.children[0], activities: sessions },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const mails = inbox.received.filter((m) => m.subject?.includes('is on the waitlist'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ada Lovelace is on the waitlist for Tiny Tennis');
    const text = mails[0]!.text ?? '';
    expect(text).toContain('Tue 04/03/2031, 4.30pm–5.15pm');
    expect(text).toContain('Tue 11/03/2031, 4.30pm–5.15pm');
    expect(text).toContain('When a place comes free we keep it for you');
    expect(text).toContain('You have not booked or paid anything yet.');
  });

  it('writes nothing when the join is refused', async () => {
    const before = await ctx.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'waitlist-joined')
      .executeTakeFirstOrThrow();
    const parent = await parentWithChildren(ctx, org, ['Bea']);
    const refused = await ctx.request('POST', '/api/waitlists', {
      token: parent.token,
      body: { activityGroup: 'nope', attendee: parent.children[0], activities: [] },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const after = await ctx.handle.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'waitlist-joined')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
