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
import { queueDailyDigests } from './daily-digest.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * Organiser notifications, received over real SMTP: each admin chooses under Settings › My
 * notifications; a new booking, a cancellation and the daily digest of tomorrow's sessions (with
 * numbers, on the organiser's clock) reach only the admins who chose them, and the digest can be
 * unsubscribed from. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
describe('organiser notifications', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;
  let adminEmail: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    const rule = await createCancellationRule(ctx, org, {
      sessionScope: 'singleSession',
      percentageToRefund: '100',
      expiryDays: '30',
    });
    camp = await createCamp(ctx, org, { cancellationRules: [rule], placeLimit: 12 });
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1, name: 'Little Kickers' })
      .where('id', '=', org.clientId)
      .execute();
    adminEmail = (await ctx.request('GET', '/api/users/me', { token: org.token })).body.data.email;
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const sendDue = (at = new Date()) => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), at);
  const toAdmin = () =>
    inbox.received.filter((m) => JSON.stringify(m.to).includes(adminEmail.toLowerCase()));
  const choose = (choices: Record<string, boolean>, token = org.token) =>
    ctx.request('PUT', '/api/messages/my-notifications', { token, body: choices });
  const book = async (family: Awaited<ReturnType<typeof parentWithChildren>>) => {
    const res = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: [family.children[0]!] },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };

  it('is each admin’s own choice, off until chosen, and validated', async () => {
    const initial = await ctx.request('GET', '/api/messages/my-notifications', {
      token: org.token,
    });
    expect(initial.body.data).toEqual({
      newBooking: false,
      cancellation: false,
      paymentFailed: false,
      dailyDigest: false,
    });
    const bad = await choose({ newBooking: 'yes' } as never);
    expect(bad.status).toBe(400);
    const family = await parentWithChildren(ctx, org, ['Ada']);
    expect((await choose({ newBooking: true }, family.token)).status).toBe(403);

    // Nothing chosen: a booking tells no admin.
    await book(family);
    await sendDue();
    expect(toAdmin()).toEqual([]);
  });

  it('tells an admin who chose it of a new booking and a cancellation', async () => {
    const saved = await choose({
      newBooking: true,
      cancellation: true,
      paymentFailed: false,
      dailyDigest: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ newBooking: true, cancellation: true });
    // Another organiser's admin who chose everything hears nothing of this organiser.
    const other = await premiumOrganiser(ctx);
    await choose(
      { newBooking: true, cancellation: true, paymentFailed: true, dailyDigest: true },
      other.token,
    );
    const otherEmail = (await ctx.request('GET', '/api/users/me', { token: other.token })).body.data
      .email;

    const family = await parentWithChildren(ctx, org, ['Bea']);
    const booking = await book(family);
    await sendDue();
    const [notice] = toAdmin();
    expect(notice?.subject).toMatch(/^New booking [0-9A-F]+ by .+: £25\.00$/);
    expect(notice!.text).toContain('Summer Camp: Bea');
    expect(notice!.text).toContain('Day ticket, Tue 01/07/2031, 9am–3pm');
    expect(notice!.text).toContain('still to pay £25.00');
    expect(notice!.html).toContain(`href="http://localhost:3000/admin/bookings/${booking._id}"`);
    expect(inbox.received.some((m) => JSON.stringify(m.to).includes(otherEmail))).toBe(false);

    const place = booking.items[0].places[0]._id;
    const cancelled = await ctx.request('POST', `/api/bookings/${booking._id}/cancel`, {
      token: family.token,
      body: { places: [place], refundMethod: 'accountCredit' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await sendDue();
    const cancellation = toAdmin().find((m) => m.subject?.startsWith('Cancellation'));
    expect(cancellation?.subject).toMatch(/^Cancellation: booking [0-9A-F]+ by /);
    expect(cancellation!.text).toContain('Bea');
    expect(cancellation!.text).toContain('Tue 01/07/2031, 9am');
    // A resent confirmation is not a new booking.
    await ctx.request('POST', '/api/messages/resend-confirmation', {
      token: org.token,
      body: { bookingId: (await book(family))._id },
    });
    await sendDue();
    expect(toAdmin().filter((m) => m.subject?.startsWith('New booking'))).toHaveLength(2);
  });

  it('sends the daily digest of tomorrow’s sessions once a day, and stops it on unsubscribe', async () => {
    await choose({
      newBooking: false,
      cancellation: false,
      paymentFailed: false,
      dailyDigest: true,
    });
    const before = toAdmin().length;
    // 16:30 in London on 30 June 2031 (BST): before the send time, nothing is written.
    expect(await queueDailyDigests(ctx.handle.db, new Date('2031-06-30T15:30:00Z'))).toBe(0);
    // 17:10 BST: the digest of 1 July, once however often the sweep runs (this admin's, and the
    // other organiser's admin's, which has no sessions and is skipped when its time comes).
    const evening = new Date('2031-06-30T16:10:00Z');
    expect(await queueDailyDigests(ctx.handle.db, evening)).toBe(2);
    expect(await queueDailyDigests(ctx.handle.db, new Date('2031-06-30T20:10:00Z'))).toBe(0);
    await sendDue(new Date('2031-06-30T20:11:00Z'));
    const digests = toAdmin().slice(before);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    // Bea cancelled; Ada and the second Bea booking hold 2 of the 12 places on 1 July.
    expect(digest.subject).toBe('Tomorrow at Little Kickers: 1 session, 2 booked');
    expect(digest.text).toContain('9am–3pm Summer Camp: 2 / 12 booked');
    expect(digest.text).toContain('Sessions on Tue 01/07/2031');
    const line = digest.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const link = /^List-Unsubscribe:\s*<([^>]+)>$/i.exec(line.replace(/\r?\n\s+/g, ' '))?.[1] ?? '';
    expect(link).toContain('http://localhost:3000/account/unsubscribe?token=');
    expect(digest.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(digest.text).toContain('Unsubscribe from daily digests');

    const path = link.replace('http://localhost:3000', '');
    const post = await ctx.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain(
      'You will no longer receive daily digests from Little Kickers.',
    );
    // The next evening only the other organiser's admin gets one.
    expect(await queueDailyDigests(ctx.handle.db, new Date('2031-07-01T16:10:00Z'))).toBe(1);
    // Choosing it again in Settings is the admin changing their mind: it comes back.
    await choose({
      newBooking: false,
      cancellation: false,
      paymentFailed: false,
      dailyDigest: true,
    });
    expect(await queueDailyDigests(ctx.handle.db, new Date('2031-07-01T16:10:00Z'))).toBe(1);
  });
});
