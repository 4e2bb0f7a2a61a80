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
import { createBooking } from '../services/bookings/create.ts';
import { confirmBookingPayment } from '../services/bookings/lifecycle.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { enqueueBookingConfirmation } from './booking-messages.ts';
import { mailJobHandlers } from './jobs.ts';
import { retryDelayMs, sendMessage } from './send.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * The booking confirmation, received over real SMTP by an in-process server and read the way a
 * mail client reads it. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('booking confirmation e-mail', () => {
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
      .set({ allow_pay_later: 1, name: 'Little Kickers <Leeds>' })
      .where('id', '=', org.clientId)
      .execute();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const sendDue = (at = new Date()) => runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail), at);

  const messagesOf = (bookingId: string) =>
    ctx.handle.db
      .selectFrom('messages')
      .selectAll()
      .where('client_id', '=', org.clientId)
      .where('booking_id', '=', bookingId)
      .execute();

  async function bookPayLater(children = ['Ada']) {
    const family = await parentWithChildren(ctx, org, children);
    const me = await ctx.request('GET', '/api/users/me', { token: family.token });
    const res = await ctx.request('POST', '/api/bookings', {
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
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { bookingId: res.body.data._id as string, email: me.body.data.email as string };
  }

  it('is written with the booking and received with sessions, child, money and an .ics', async () => {
    const { bookingId, email } = await bookPayLater();
    // Written in the booking's own transaction: there before any worker ran.
    const [queued] = await messagesOf(bookingId);
    expect(queued).toMatchObject({ kind: 'booking-confirmation', status: 'queued' });

    await sendDue();
    const mail = inbox.received.find((m) => m.subject?.includes(bookingId.slice(-8).toUpperCase()));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(
      `Booking received: Booking number ${bookingId.slice(-8).toUpperCase()} with Little Kickers <Leeds>`,
    );
    expect(mail!.to).toMatchObject({ value: [{ address: email, name: 'Pat Parent' }] });
    // The organiser's name is the sender's name, encoded, whatever characters it has.
    expect(mail!.from?.value[0]).toEqual({
      address: 'mail@classwise.test',
      name: 'Little Kickers <Leeds>',
    });
    const text = mail!.text ?? '';
    expect(text).toContain('Summer Camp: Ada Lovelace');
    expect(text).toContain('Day ticket, £50.00');
    expect(text).toContain('Tue 01/07/2031, 9am–3pm');
    expect(text).toContain('Wed 02/07/2031, 9am–3pm');
    expect(text).toMatch(/Total\s+£50\.00/);
    expect(text).toMatch(/Paid\s+£0\.00/);
    expect(text).toMatch(/Still to pay\s+£50\.00/);
    expect(text).toContain('How to pay');
    expect(text).toContain(
      'Summer Camp: Places cannot be cancelled online; contact Little Kickers <Leeds> to cancel.',
    );
    expect(text).toMatch(/Please pay by \w{3} \d\d\/\d\d\/\d{4} at \d/);
    expect(mail!.html).toContain('Ada Lovelace');
    expect(mail!.html).toContain('Little Kickers &lt;Leeds&gt;');

    const ics = mail!.attachments.find((a) => a.filename === 'booking.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = ics!.content.toString('utf8');
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // 9am in London in July is 08:00 UTC.
    expect(calendar).toContain('DTSTART:20310701T080000Z');
    expect(calendar).toContain('DTEND:20310701T140000Z');
    expect(calendar).toContain('SUMMARY:Summer Camp (Little Kickers <Leeds>)');

    const [sent] = await messagesOf(bookingId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent!.subject).toBe(mail!.subject);
    expect(sent!.html).toContain('Ada Lovelace');
  });

  it('is one message per booking however often the event is raised', async () => {
    const { bookingId } = await bookPayLater(['Grace']);
    const again = await ctx.handle.db
      .transaction()
      .execute((trx) => enqueueBookingConfirmation(trx, { clientId: org.clientId, bookingId }));
    expect(again).toBeNull();
    expect(await messagesOf(bookingId)).toHaveLength(1);
  });

  it('never fails the booking when the mail server refuses; it records why and retries later', async () => {
    inbox.refuse('Mailbox unavailable for policy reasons');
    try {
      const { bookingId } = await bookPayLater(['Alan']);
      const number = bookingId.slice(-8).toUpperCase();
      const delivered = () => inbox.received.filter((m) => m.subject?.includes(number)).length;
      const now = new Date();
      await sendDue(now);
      expect(delivered()).toBe(0);
      const [failed] = await messagesOf(bookingId);
      expect(failed!.status).toBe('failed');
      expect(failed!.last_error).toContain('Mailbox unavailable for policy reasons');
      expect(failed!.next_attempt_at).toBe(new Date(now.getTime() + retryDelayMs(2)).toISOString());
      const booking = await ctx.request('GET', `/api/bookings/${bookingId}`, { token: org.token });
      expect(booking.body.data.status).toBe('awaiting_payment');

      // Nothing is retried before its time…
      await sendDue(new Date(now.getTime() + retryDelayMs(2) - 1000));
      expect((await messagesOf(bookingId))[0]!.attempts).toBe(1);
      // …and once the server takes mail again, the retry delivers it.
      inbox.refuse(null);
      await sendDue(new Date(now.getTime() + retryDelayMs(2) + 1000));
      const [sent] = await messagesOf(bookingId);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(delivered()).toBe(1);
    } finally {
      inbox.refuse(null);
    }
  });

  it('is sent at most once by two senders racing for it', async () => {
    const { bookingId } = await bookPayLater(['Barbara']);
    const number = bookingId.slice(-8).toUpperCase();
    const [message] = await messagesOf(bookingId);
    const job = { clientId: org.clientId, messageId: message!.id, attempt: 1 };
    const outcomes = await Promise.all([
      sendMessage(ctx.handle.db, inbox.mail, job, new Date()),
      sendMessage(ctx.handle.db, inbox.mail, job, new Date()),
      // Two workers polling the queue at once, as two API processes would.
      sendDue(),
      sendDue(),
    ]);
    expect(outcomes.slice(0, 2).sort()).toEqual(['sent', 'skipped']);
    expect(inbox.received.filter((m) => m.subject?.includes(number))).toHaveLength(1);
    expect((await messagesOf(bookingId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('waits for a card payment before confirming a held booking, then sends one', async () => {
    const family = await parentWithChildren(ctx, org, ['Katherine']);
    const { bookingId } = await createBooking(ctx.handle, {
      clientId: org.clientId,
      userId: family.userId,
      basket: basket(camp._id, {
        ticket: camp.day,
        activities: [camp.sessions[3]!],
        attendees: [family.children[0]!],
      }) as never,
      hold: true,
    });
    expect(await messagesOf(bookingId)).toEqual([]);
    const paid = { clientId: org.clientId, bookingId, provider: 'stripe', amount: 2500 } as const;
    await confirmBookingPayment(ctx.handle.db, { ...paid, providerRef: 'pi_test_1' });
    // A replayed webhook confirms nothing new and writes no second message.
    await confirmBookingPayment(ctx.handle.db, { ...paid, providerRef: 'pi_test_1' });
    const written = await messagesOf(bookingId);
    expect(written).toHaveLength(1);
    await sendDue();
    const number = bookingId.slice(-8).toUpperCase();
    const [mail] = inbox.received.filter((m) => m.subject?.includes(number));
    expect(mail?.subject).toBe(
      `Booking confirmed: Booking number ${number} with Little Kickers <Leeds>`,
    );
    expect(mail?.text).toMatch(/Paid\s+£25\.00/);
    expect(mail?.text).toMatch(/Still to pay\s+£0\.00/);
  });

  it('cannot be given extra headers through a name', async () => {
    const { bookingId, email } = await bookPayLater(['Mallory']);
    // Written straight to the row: whatever a form lets through, the sender must stay safe.
    await ctx.handle.db
      .updateTable('users')
      .set({ full_name: 'Eve\r\nBcc: victim@evil.test\r\nX-Evil: 1' })
      .where('client_id', '=', org.clientId)
      .where('email', '=', email)
      .execute();
    await ctx.handle.db
      .updateTable('messages')
      .set({ recipient_name: 'Eve\r\nBcc: victim@evil.test\r\nX-Evil: 1' })
      .where('booking_id', '=', bookingId)
      .execute();
    await sendDue();
    const number = bookingId.slice(-8).toUpperCase();
    const mail = inbox.received.find((m) => m.subject?.includes(number));
    expect(mail).toBeDefined();
    expect(mail!.headers.has('x-evil')).toBe(false);
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.headerLines.map((h) => h.key)).not.toContain('bcc');
    const to = Array.isArray(mail!.to) ? mail!.to[0] : mail!.to;
    expect(to?.value).toHaveLength(1);
    expect(to?.value[0]?.address).toBe(email);
  });
});
