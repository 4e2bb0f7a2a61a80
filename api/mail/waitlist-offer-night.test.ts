import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityGroupFormValues } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { moveWaitlistEntry } from '../services/waitlists.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * The waitlist offer's link and its night rule, received over real SMTP: an offer that would run
 * out at 23:00 in London runs out at 09:00 the next morning instead, the e-mail and the parent's
 * waitlist say so, and the e-mail's one link opens the hosted widget at the offer. SQLite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
describe('waitlist offer: link to the offer, and no lapsing at night', () => {
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

  it('moves a 23:00 deadline to 09:00 and links to the offer on our hosted page', async () => {
    const created = await ctx.request('POST', '/api/activity-groups', {
      token: org.token,
      body: {
        name: 'Night Owls',
        waitlistType: 'SingleSession',
        activities: [
          {
            _id: 'temp_a',
            date: '2031-03-04',
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
    const group = (
      await ctx.request('GET', `/api/activity-groups/${created.body.data._id}`, {
        token: org.token,
      })
    ).body.data;
    const session = group.activities[0]._id as string;
    const filler = await parentWithChildren(ctx, org, ['Zed']);
    const booked = await ctx.request('POST', '/api/bookings', {
      token: filler.token,
      body: basket(group._id, {
        ticket: group.tickets[0]._id,
        activities: [session],
        attendees: [filler.children[0]!],
      }),
    });
    expect(booked.status).toBe(201);
    const waiting = await parentWithChildren(ctx, org, ['Owen']);
    const joined = await ctx.request('POST', '/api/waitlists', {
      token: waiting.token,
      body: { activityGroup: group._id, attendee: waiting.children[0], activities: [session] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const entry = joined.body.data[0]._id as string;
    const values = activityGroupFormValues(group);
    await ctx.request('PUT', `/api/activity-groups/${group._id}`, {
      token: org.token,
      body: { ...values, activities: values.activities!.map((s) => ({ ...s, placeLimit: 2 })) },
    });

    // Offered at 21:00 London time (GMT in January) for 2 hours: due at 23:00, in the night.
    const offeredAt = Date.parse('2031-01-14T21:00:00Z');
    await moveWaitlistEntry(ctx.handle.db, org.clientId, entry, {
      status: 'Ready',
      offerHours: 2,
      now: offeredAt,
    });
    // One hour was left at 22:00, so the place is kept until 09:00 next morning.
    const mine = await ctx.request('GET', '/api/waitlists', { token: waiting.token });
    expect(mine.body.data[0]).toMatchObject({
      _id: entry,
      status: 'Ready',
      offerExpiresAt: '2031-01-15T09:00:00.000Z',
    });

    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), new Date(offeredAt + 1000));
    const mail = inbox.received.find((m) => m.subject?.startsWith('A place is free'));
    expect(mail?.subject).toBe('A place is free on Night Owls for Owen Lovelace');
    const text = mail!.text ?? '';
    expect(text).toContain('We are keeping it for you until Wed 15/01/2031 at 9am.');
    const link = `http://localhost:3000/book/${org.clientId}#classwise=offer/${entry}`;
    expect(text).toContain(`Or open this address: ${link}`);
    expect(mail!.html).toContain(`href="${link}"`);
  });
});
