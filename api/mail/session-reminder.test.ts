import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { queueSessionReminders, scheduleSessionReminders } from './session-reminders.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * The day-before session reminder: the hourly sweep writes one per booking and session, and it
 * is received over real SMTP naming the activity, the time and every child booked on it.
 */
describe('session reminder e-mail', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    camp = await createCamp(ctx, org);
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1 })
      .where('id', '=', org.clientId)
      .execute();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  it('reminds the parent a day before, once, listing both children', async () => {
    const family = await parentWithChildren(ctx, org, ['Ada', 'Grace']);
    const booked = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        {
          ticket: camp.day,
          activities: [camp.sessions[0]!, camp.sessions[1]!],
          attendees: family.children,
        },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const db = ctx.handle.db;
    // The first session: 1 July 2031, 9am in London, which is 08:00 UTC.
    const start = Date.parse('2031-07-01T08:00:00Z');
    expect(await queueSessionReminders(db, new Date(start - 25 * 3_600_000))).toBe(0);

    // The hourly sweep, as the worker runs it, 23 hours before.
    const sweepAt = new Date(start - 23 * 3_600_000);
    await scheduleSessionReminders(db, new Date(sweepAt.getTime() - 1));
    await runDueJobs(db, mailJobHandlers(inbox.mail), sweepAt);
    // Another sweep (or another process's) writes nothing more.
    expect(await queueSessionReminders(db, sweepAt)).toBe(0);

    const reminders = inbox.received.filter((m) => m.subject?.startsWith('Reminder:'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Reminder: Summer Camp, Tue 01/07/2031, 9am–3pm');
    expect(reminders[0]!.text).toContain('for Ada Lovelace and Grace Lovelace');
    const rows = await db
      .selectFrom('messages')
      .select(['status', 'booking_id'])
      .where('client_id', '=', org.clientId)
      .where('kind', '=', 'session-reminder')
      .execute();
    expect(rows).toEqual([{ status: 'sent', booking_id: booked.body.data._id }]);
  });
});
