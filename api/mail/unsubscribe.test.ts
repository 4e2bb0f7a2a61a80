import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeMessages } from '../../engine/index.ts';
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
import { queueSessionReminders } from './session-reminders.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * Unsubscribing from session reminders: each reminder received over SMTP carries its own
 * List-Unsubscribe link with one-click POST; confirmations never do. The link's page on our
 * origin only asks; the POST unsubscribes that parent from that organiser's reminders, and no
 * reminder reaches them again, even one written before they unsubscribed.
 */
describe('unsubscribe from reminders', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;
  const HOUR = 3_600_000;
  // Sessions 0 and 1 start at 9am in London on 1 and 2 July 2031 (08:00 UTC).
  const s0 = Date.parse('2031-07-01T08:00:00Z');
  const s1 = Date.parse('2031-07-02T08:00:00Z');

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    camp = await createCamp(ctx, org);
    await ctx.handle.db
      .updateTable('clients')
      .set({ allow_pay_later: 1, name: 'Little Kickers' })
      .where('id', '=', org.clientId)
      .execute();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const sendDue = (at: Date) => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), at);

  async function book(token: string, children: string[], sessions: string[]) {
    const res = await ctx.request('POST', '/api/bookings', {
      token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: sessions, attendees: children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  async function family(name: string) {
    const f = await parentWithChildren(ctx, org, [name]);
    const me = await ctx.request('GET', '/api/users/me', { token: f.token });
    return { ...f, email: me.body.data.email as string };
  }

  const to = (email: string) => (m: ParsedMail) =>
    Boolean(m.to && 'value' in m.to && m.to.value[0]?.address === email);
  const linkOf = (m: ParsedMail) => {
    // The raw header line, as a mail client reads it (mailparser's parsed form drops the <>).
    const line = m.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    return /^List-Unsubscribe:\s*<([^>]+)>$/i.exec(line.replace(/\r?\n\s+/g, ' '))?.[1] ?? '';
  };

  it('lets a parent stop reminders with one click, and never confirmations', async () => {
    const ada = await family('Ada');
    const bea = await family('Bea');
    await book(ada.token, ada.children, [camp.sessions[0]!, camp.sessions[1]!]);
    await book(bea.token, bea.children, [camp.sessions[1]!]);
    await sendDue(new Date());
    const confirmation = inbox.received.find(to(ada.email))!;
    expect(confirmation.subject).toMatch(/^Booking received: Booking number/);
    expect(confirmation.headerLines.map((h) => h.key)).not.toContain('list-unsubscribe');

    expect(await queueSessionReminders(ctx.handle.db, new Date(s0 - 23 * HOUR))).toBe(1);
    await sendDue(new Date(s0 - 23 * HOUR));
    const reminder = inbox.received.find(
      (m) => to(ada.email)(m) && m.subject?.startsWith('Reminder:'),
    )!;
    const link = linkOf(reminder);
    expect(link).toMatch(/^http:\/\/localhost:3000\/account\/unsubscribe\?token=[\w-]{40,}$/);
    expect(reminder.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(reminder.text).toContain(unsubscribeMessages.footer('session reminders'));
    expect(reminder.html).toContain(link.replace(/&/g, '&amp;'));
    // The Messages screen's copy has no working link: anyone reading it could use it.
    const token = new URL(link).searchParams.get('token')!;
    const stored = await ctx.handle.db
      .selectFrom('messages')
      .select(['html', 'text_body'])
      .where('client_id', '=', org.clientId)
      .where('kind', '=', 'session-reminder')
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Bea's and Ada's reminders for the second session are written before Ada unsubscribes.
    expect(await queueSessionReminders(ctx.handle.db, new Date(s1 - 23 * HOUR))).toBe(2);

    const path = link.replace('http://localhost:3000', '');
    // Opening the link (as a mail scanner would) only asks, without script.
    const page = await ctx.app.request(path);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('Stop receiving session reminders from Little Kickers?');
    expect(pageHtml).not.toContain('<script');
    const none = await ctx.handle.db.selectFrom('mail_unsubscribes').selectAll().execute();
    expect(none).toEqual([]);

    // The mail app's one-click POST (RFC 8058), twice: one record.
    for (let i = 0; i < 2; i++) {
      const post = await ctx.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(post.status).toBe(200);
      expect(await post.text()).toContain(
        'You will no longer receive session reminders from Little Kickers.',
      );
    }
    expect(await ctx.handle.db.selectFrom('mail_unsubscribes').selectAll().execute()).toHaveLength(
      1,
    );
    // The organiser sees it on the customer's page.
    const account = await ctx.request('GET', `/api/users/${ada.userId}/account`, {
      token: org.token,
    });
    expect(account.body.data.unsubscribed).toEqual(['session reminders']);
    const other = await ctx.request('GET', `/api/users/${bea.userId}/account`, {
      token: org.token,
    });
    expect(other.body.data.unsubscribed).toEqual([]);

    // Ada's already-written reminder is skipped with the reason; Bea's is sent.
    await sendDue(new Date(s1 - 23 * HOUR));
    const second = await ctx.handle.db
      .selectFrom('messages')
      .select(['recipient_email', 'status', 'last_error'])
      .where('client_id', '=', org.clientId)
      .where('event_key', 'like', `session-reminder:%:${camp.sessions[1]}`)
      .orderBy('recipient_email')
      .execute();
    expect(new Map(second.map((m) => [m.recipient_email, [m.status, m.last_error]]))).toEqual(
      new Map([
        [ada.email, ['skipped', unsubscribeMessages.skipped('session reminders')]],
        [bea.email, ['sent', null]],
      ]),
    );
    const adaReminders = inbox.received.filter(
      (m) => to(ada.email)(m) && m.subject?.startsWith('Reminder:'),
    );
    expect(adaReminders).toHaveLength(1);

    // Ada's next booking is still confirmed by e-mail, and the sweep writes her no reminder.
    await book(ada.token, ada.children, [camp.sessions[2]!]);
    await sendDue(new Date());
    expect(inbox.received.filter(to(ada.email))).toHaveLength(3);
    const s2 = Date.parse('2031-07-03T08:00:00Z');
    expect(await queueSessionReminders(ctx.handle.db, new Date(s2 - 23 * HOUR))).toBe(0);
  });

  it('answers a link it never sent with a clear page and records nothing', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await ctx.app.request('/account/unsubscribe?token=made-up', { method });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(unsubscribeMessages.linkInvalid);
    }
    const none = await ctx.app.request('/account/unsubscribe', { method: 'POST' });
    expect(none.status).toBe(400);
  });
});
