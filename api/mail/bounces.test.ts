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
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * Refused addresses, over real SMTP: the receiving server answers RCPT TO with a 550, the
 * address is recorded on the customer with the server's reason, later messages to it fail at
 * once saying why (without talking to the server), and once the organiser clears it they are
 * sent again. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('bounced addresses', () => {
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

  const sendDue = () => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), new Date());
  const messageRows = (bookingId: string) =>
    ctx.handle.db
      .selectFrom('messages')
      .select(['id', 'status', 'last_error', 'next_attempt_at', 'attempts'])
      .where('client_id', '=', org.clientId)
      .where('booking_id', '=', bookingId)
      .orderBy('created_at')
      .execute();

  it('records a refused address, fails later sends with a reason, and sends again once cleared', async () => {
    const family = await parentWithChildren(ctx, org, ['Ada']);
    const me = await ctx.request('GET', '/api/users/me', { token: family.token });
    const email = me.body.data.email as string;
    inbox.refuseAddress(email, 'No such mailbox here');

    const booked = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: [family.children[0]!] },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = booked.body.data._id as string;
    await sendDue();

    // Failed for good (a refused mailbox is not retried), with the server's answer.
    const [first] = await messageRows(bookingId);
    expect(first!.status).toBe('failed');
    expect(first!.last_error).toContain('No such mailbox here');
    expect(first!.next_attempt_at).toBeNull();
    expect(inbox.received.filter((m) => m.to && JSON.stringify(m.to).includes(email))).toEqual([]);

    // Recorded on the customer: the organiser reads it for that address.
    const bounces = await ctx.request(
      'GET',
      `/api/messages/bounces?email=${encodeURIComponent(email)}`,
      {
        token: org.token,
      },
    );
    expect(bounces.status).toBe(200);
    expect(bounces.body.data).toHaveLength(1);
    expect(bounces.body.data[0].email).toBe(email.toLowerCase());
    expect(bounces.body.data[0].reason).toContain('No such mailbox here');
    // Another organiser's admin sees nothing of it, and a parent may not ask.
    const other = await premiumOrganiser(ctx);
    const theirs = await ctx.request('GET', '/api/messages/bounces', { token: other.token });
    expect(theirs.body.data).toEqual([]);
    const asParent = await ctx.request('GET', '/api/messages/bounces', { token: family.token });
    expect(asParent.status).toBe(403);

    // The server would take it now, but the address stays refused until the organiser clears it:
    // a resent confirmation fails at once, saying why.
    inbox.refuseAddress(email, null);
    const resent = await ctx.request('POST', '/api/messages/resend-confirmation', {
      token: org.token,
      body: { bookingId },
    });
    expect(resent.status).toBe(201);
    await sendDue();
    const second = (await messageRows(bookingId)).find((m) => m.id === resent.body.data._id)!;
    expect(second.status).toBe('failed');
    expect(second.next_attempt_at).toBeNull();
    expect(second.last_error).toMatch(
      /^Not sent: this address was refused by its mail server on .+ \(.*No such mailbox here.*\)\. Check the address with the customer, then clear the refusal on their page to send again\.$/,
    );
    const listed = await ctx.request('GET', `/api/messages/${resent.body.data._id}`, {
      token: org.token,
    });
    expect(listed.body.data.failureReason).toContain('Not sent: this address was refused');
    expect(inbox.received.filter((m) => JSON.stringify(m.to).includes(email))).toEqual([]);

    // Cleared by the organiser (another organiser cannot): the next confirmation arrives.
    const notTheirs = await ctx.request('POST', '/api/messages/bounces/clear', {
      token: other.token,
      body: { email },
    });
    expect(notTheirs.status).toBe(404);
    const cleared = await ctx.request('POST', '/api/messages/bounces/clear', {
      token: org.token,
      body: { email: email.toUpperCase() },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const again = await ctx.request('POST', '/api/messages/resend-confirmation', {
      token: org.token,
      body: { bookingId },
    });
    await sendDue();
    const third = (await messageRows(bookingId)).find((m) => m.id === again.body.data._id)!;
    expect(third.status).toBe('sent');
    expect(inbox.received.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);
  });
});
