import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import { bookingJobHandlers } from '../jobs/handlers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  type Camp,
  countTakenPlaces,
  createCamp,
  type Organiser,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { confirmBookingPayment } from '../services/bookings/lifecycle.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * A booking awaiting a Tax-Free Childcare (voucher) payment: the parent is reminded 2 days before
 * the organiser's deadline, and told when the places are released unpaid. Both are received over
 * real SMTP; neither is sent for a booking paid in time.
 */
describe('offline payment reminder and release notice', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;
  let voucher: string;
  const DAY = 86_400_000;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    camp = await createCamp(ctx, org);
    const now = new Date().toISOString();
    voucher = newId();
    await ctx.handle.db
      .insertInto('childcare_voucher_providers')
      .values({
        id: voucher,
        client_id: org.clientId,
        name: 'Tax-Free Childcare',
        payment_instructions: 'Pay from your account, quoting your booking number.',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await ctx.handle.db
      .updateTable('clients')
      .set({ name: 'Little Kickers' })
      .where('id', '=', org.clientId)
      .execute();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  const run = (at: number) =>
    runDueJobs(
      ctx.handle.db,
      { ...bookingJobHandlers(), ...mailJobHandlers(inbox.mail) },
      new Date(at),
    );

  async function bookByVoucher(child: string, session: number) {
    const family = await parentWithChildren(ctx, org, [child]);
    const held = await ctx.request('POST', '/api/bookings/holds', {
      token: family.token,
      body: basket(camp._id, {
        ticket: camp.day,
        activities: [camp.sessions[session]!],
        attendees: family.children,
      }),
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const placed = await ctx.request('POST', `/api/bookings/${held.body.data._id}/place`, {
      token: family.token,
      body: { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.status).toBe('awaiting_payment');
    const me = await ctx.request('GET', '/api/users/me', { token: family.token });
    return {
      bookingId: placed.body.data._id as string,
      dueAt: Date.parse(placed.body.data.paymentDueAt),
      email: me.body.data.email as string,
      session: camp.sessions[session]!,
    };
  }

  const mailTo = (email: string) =>
    inbox.received.filter(
      (m: ParsedMail) => m.to && 'value' in m.to && m.to.value[0]?.address === email,
    );
  const kindsOf = async (bookingId: string) =>
    (
      await ctx.handle.db
        .selectFrom('messages')
        .select(['kind', 'status'])
        .where('client_id', '=', org.clientId)
        .where('booking_id', '=', bookingId)
        .orderBy('kind')
        .execute()
    ).map((m) => `${m.kind}:${m.status}`);

  it('reminds the parent 2 days before the deadline, then tells them the places went', async () => {
    const booking = await bookByVoucher('Ada', 0);
    await run(Date.now());
    expect(mailTo(booking.email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Booking received: /),
    ]);

    // Not before 2 days ahead of the deadline (7 days after booking)…
    await run(booking.dueAt - 2 * DAY - 60_000);
    expect(mailTo(booking.email)).toHaveLength(1);
    // …then once.
    await run(booking.dueAt - 2 * DAY + 60_000);
    await run(booking.dueAt - DAY);
    const reminder = mailTo(booking.email)[1]!;
    expect(mailTo(booking.email)).toHaveLength(2);
    expect(reminder.subject).toMatch(
      /^Payment due by \w{3} \d\d\/\d\d\/\d{4} at .+: Booking number \w+ with Little Kickers$/,
    );
    expect(reminder.text).toContain('Little Kickers has not yet received the payment of £25.00');
    expect(reminder.text).toContain(
      'How to pay: Pay from your account, quoting your booking number.',
    );
    expect(reminder.text).toContain('Summer Camp: Ada Lovelace');

    // The deadline passes: the job releases the places and writes the notice with it.
    expect(await countTakenPlaces(ctx, booking.session)).toBe(1);
    await run(booking.dueAt + 60_000);
    expect(await countTakenPlaces(ctx, booking.session)).toBe(0);
    await run(booking.dueAt + 120_000);
    const released = mailTo(booking.email)[2]!;
    expect(released.subject).toMatch(
      /^Not paid in time, places released: Booking number \w+ with Little Kickers$/,
    );
    expect(released.text).toContain(
      'Little Kickers did not receive the payment of £25.00 for your booking by',
    );
    expect(released.text).toContain('so its places have been released');
    expect(await kindsOf(booking.bookingId)).toEqual([
      'booking-confirmation:sent',
      'payment-due-released:sent',
      'payment-due-reminder:sent',
    ]);
  });

  it('skips the reminder of a booking paid in time, and sends no release notice', async () => {
    const booking = await bookByVoucher('Bea', 1);
    await confirmBookingPayment(ctx.handle.db, {
      clientId: org.clientId,
      bookingId: booking.bookingId,
      provider: 'childcareVoucher',
      providerRef: null,
      amount: 2500,
    });
    await run(booking.dueAt - DAY);
    await run(booking.dueAt + 60_000);
    expect(await kindsOf(booking.bookingId)).toEqual([
      'booking-confirmation:sent',
      'payment-due-reminder:skipped',
      'payment-received:sent',
    ]);
    expect(mailTo(booking.email).map((m) => m.subject)).not.toContainEqual(
      expect.stringMatching(/Payment due|Not paid in time/),
    );
  });

  it('writes no reminder when the deadline is 2 days or less away', async () => {
    await ctx.handle.db
      .updateTable('clients')
      .set({ unpaid_release_days: 2 })
      .where('id', '=', org.clientId)
      .execute();
    const booking = await bookByVoucher('Cy', 2);
    expect(await kindsOf(booking.bookingId)).toEqual(['booking-confirmation:queued']);
  });
});
