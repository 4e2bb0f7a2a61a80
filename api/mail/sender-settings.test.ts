import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSettingsMessages } from '../../engine/index.ts';
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
 * The organiser's e-mail settings (Settings › E-mails to parents), saved through the settings
 * form's API and read off messages received over real SMTP: the sender name and reply-to on
 * every message, and the switch and lead time of session reminders.
 */
describe("organiser's e-mail settings", () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;
  // The first session starts 1 July 2031 at 9am in London (08:00 UTC).
  const start = Date.parse('2031-07-01T08:00:00Z');
  const HOUR = 3_600_000;

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

  const sendDue = (at = new Date()) => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), at);

  async function saveSettings(change: Record<string, unknown>) {
    const current = await ctx.request('GET', '/api/client', { token: org.token });
    const { _id, planLevel, onboardingInfo, logoUrl, ...form } = current.body.data;
    return ctx.request('PUT', '/api/client', { token: org.token, body: { ...form, ...change } });
  }

  async function book(child: string) {
    const family = await parentWithChildren(ctx, org, [child]);
    const res = await ctx.request('POST', '/api/bookings', {
      token: family.token,
      body: basket(
        camp._id,
        { ticket: camp.day, activities: [camp.sessions[0]!], attendees: family.children },
        { paymentMethod: { type: 'payLater' } },
      ),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const me = await ctx.request('GET', '/api/users/me', { token: family.token });
    return { bookingId: res.body.data._id as string, email: me.body.data.email as string };
  }

  const receivedBy = (email: string) =>
    inbox.received.filter((m) => m.to && 'value' in m.to && m.to.value[0]?.address === email);

  it('sends every message under the sender name, from our address, with replies to the organiser', async () => {
    const saved = await saveSettings({
      senderName: 'Kickers Office',
      replyTo: 'Office@Kickers.test',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      senderName: 'Kickers Office',
      replyTo: 'office@kickers.test',
    });

    const { email } = await book('Ada');
    await sendDue();
    const [confirmation] = receivedBy(email);
    expect(confirmation?.from?.value).toEqual([
      { name: 'Kickers Office', address: 'mail@classwise.test' },
    ]);
    expect(confirmation?.replyTo?.value).toEqual([
      { name: 'Kickers Office', address: 'office@kickers.test' },
    ]);
  });

  it('falls back to the organisation name, with no Reply-To, once both are cleared', async () => {
    expect((await saveSettings({ senderName: '', replyTo: '' })).status).toBe(200);
    const { email } = await book('Bea');
    await sendDue();
    const [confirmation] = receivedBy(email);
    const name = (await ctx.request('GET', '/api/client', { token: org.token })).body.data.name;
    expect(confirmation?.from?.value).toEqual([{ name, address: 'mail@classwise.test' }]);
    expect(confirmation?.replyTo).toBeUndefined();
  });

  it('refuses a sender name that would add a header line, and a reply-to that is not one address', async () => {
    const before = await ctx.request('GET', '/api/client', { token: org.token });
    const bad = await saveSettings({
      senderName: 'Kickers\r\nBcc: everyone@example.com',
      replyTo: 'office@kickers.test, thief@example.com',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      senderName: mailSettingsMessages.senderNameOneLine,
      replyTo: mailSettingsMessages.replyToInvalid,
    });
    const after = await ctx.request('GET', '/api/client', { token: org.token });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('writes no session reminders while switched off, and honours the hours chosen', async () => {
    const db = ctx.handle.db;
    const off = await saveSettings({ sessionReminders: false });
    expect(off.body.data.sessionReminders).toBe(false);
    expect(await queueSessionReminders(db, new Date(start - 23 * HOUR))).toBe(0);

    const bad = await saveSettings({ sessionReminders: true, sessionReminderHours: '0' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sessionReminderHours).toBe(
      mailSettingsMessages.sessionReminderHoursRange,
    );

    const on = await saveSettings({ sessionReminders: true, sessionReminderHours: '48' });
    expect(on.body.data).toMatchObject({ sessionReminders: true, sessionReminderHours: 48 });
    // 49 hours before: not yet. 47 hours before: one per booking made so far (Ada's and Bea's).
    expect(await queueSessionReminders(db, new Date(start - 49 * HOUR))).toBe(0);
    expect(await queueSessionReminders(db, new Date(start - 47 * HOUR))).toBe(2);
    await sendDue(new Date(start - 47 * HOUR));
    const reminders = inbox.received.filter((m) => m.subject?.startsWith('Reminder:'));
    expect(reminders).toHaveLength(2);
  });
});
