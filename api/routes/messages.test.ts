import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue.ts';
import { mailJobHandlers } from '../mail/jobs.ts';
import { startTestInbox, type TestInbox } from '../mail/testing.ts';
import { createTestContext, signUpOrganiser, type TestContext } from '../test/harness.ts';
import {
  basket,
  type Camp,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * The organiser's Messages screen API: what was sent to whom, its status and content, and
 * 'Resend confirmation', within one client and for admins only.
 */
describe('messages API', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;
  let bookingId: string;

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
    const family = await parentWithChildren(ctx, org, ['Hedy']);
    const res = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[2]!], attendees: [family.children[0]!] },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    bookingId = res.body.data._id;
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const sendDue = () => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
  const list = (query = '', token = org.token) =>
    ctx.request('GET', `/api/messages${query}`, { token });

  it('lists each message with its status, then its content once sent', async () => {
    const queued = await list();
    expect(queued.status).toBe(200);
    expect(queued.body.meta).toEqual({ page: 1, limit: 25, total: 1 });
    expect(queued.body.data[0]).toMatchObject({
      kind: 'booking-confirmation',
      status: 'queued',
      bookingId,
      recipient: { name: 'Pat Parent' },
      failureReason: null,
    });

    await sendDue();
    const sent = await list(`?bookingId=${bookingId}`);
    const [message] = sent.body.data;
    expect(message.status).toBe('sent');
    expect(message.subject).toMatch(/^Booking received: Booking number /);
    const detail = await ctx.request('GET', `/api/messages/${message._id}`, { token: org.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.html).toContain('Summer Camp: Hedy Lovelace');
    expect(detail.body.data.text).toContain('Thu 03/07/2031, 9am–3pm');
  });

  it('resends a confirmation as a new message, and records a refusal with its reason', async () => {
    inbox.refuse('Recipient address rejected: over quota');
    try {
      const res = await ctx.request('POST', '/api/messages/resend-confirmation', {
        token: org.token,
        body: { bookingId },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ status: 'queued', bookingId });
      await sendDue();
      const failed = await ctx.request('GET', `/api/messages/${res.body.data._id}`, {
        token: org.token,
      });
      expect(failed.body.data.status).toBe('failed');
      expect(failed.body.data.failureReason).toContain('over quota');
      expect(failed.body.data.nextAttemptAt).not.toBeNull();
    } finally {
      inbox.refuse(null);
    }
    const all = await list(`?bookingId=${bookingId}`);
    expect(all.body.meta.total).toBe(2);
    // Newest first, one per page when asked.
    const second = await list(`?bookingId=${bookingId}&limit=1&page=2`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].status).toBe('sent');
  });

  it("keeps each organiser's messages to itself and to its admins", async () => {
    const other = await signUpOrganiser(ctx);
    const [mine] = (await list()).body.data;
    expect((await list('', other.token)).body.data).toEqual([]);
    const peek = await ctx.request('GET', `/api/messages/${mine._id}`, { token: other.token });
    expect(peek.status).toBe(404);
    const resend = await ctx.request('POST', '/api/messages/resend-confirmation', {
      token: other.token,
      body: { bookingId },
    });
    expect(resend.status).toBe(404);
    const parent = await parentWithChildren(ctx, org, []);
    expect((await list('', parent.token)).status).toBe(403);
    const missing = await ctx.request('POST', '/api/messages/resend-confirmation', {
      token: org.token,
      body: {},
    });
    expect(missing.status).toBe(400);
  });
});
