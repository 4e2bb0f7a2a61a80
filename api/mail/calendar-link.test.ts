import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Camp,
  createCamp,
  createCancellationRule,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * The confirmation's 'Add to calendar' link, received over real SMTP: it opens the booking's
 * calendar file on our origin (an unguessable token), made from the booking as it stands, so a
 * cancelled place leaves it. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('add to calendar link', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    const rule = await createCancellationRule(ctx, org, {
      sessionScope: 'singleSession',
      percentageToRefund: '100',
      expiryDays: '30',
    });
    camp = await createCamp(ctx, org, { cancellationRules: [rule] });
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

  it('opens the booking’s sessions as a calendar file, kept up to date', async () => {
    const family = await parentWithChildren(ctx, org, ['Ada']);
    const booked = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        {
          ticket: camp.day,
          activities: [camp.sessions[0]!, camp.sessions[1]!],
          attendees: [family.children[0]!],
        },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status).toBe(201);
    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const mail = inbox.received.find((m) => m.subject?.startsWith('Booking received'))!;
    const url = /Calendar link: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/localhost:3000\/account\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('Add to calendar');

    const path = url.replace('http://localhost:3000', '');
    const open = async () => {
      const res = await ctx.app.request(path);
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const first = await open();
    expect(first.status).toBe(200);
    expect(first.type).toBe('text/calendar; charset=utf-8');
    expect(first.text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // 09:00 London time on 1 and 2 July 2031 (BST) is 08:00 UTC.
    expect(first.text).toContain('DTSTART:20310701T080000Z');
    expect(first.text).toContain('DTSTART:20310702T080000Z');
    expect(first.text).toContain('SUMMARY:Summer Camp');

    // One place cancelled: the link now has one session.
    const place = booked.body.data.items[0].places[0]._id;
    const cancelled = await ctx.request('POST', `/api/bookings/${booked.body.data._id}/cancel`, {
      token: family.token,
      body: { places: [place], refundMethod: 'accountCredit' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await open();
    expect(after.text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(after.text).not.toContain('DTSTART:20310701T080000Z');

    // A token we never sent, or a changed one, opens nothing.
    const forged = await ctx.app.request('/account/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    expect(forged.status).toBe(404);
    expect((await ctx.app.request('/account/calendar/x.ics')).status).toBe(404);
  });
});
