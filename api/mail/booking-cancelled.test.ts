import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
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
 * The cancellation notice, received over real SMTP: the places given up, the refund and its
 * method, and the booking's balance after. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
describe('booking cancelled e-mail', () => {
  let ctx: TestContext;
  let inbox: TestInbox;
  let org: Organiser;
  let camp: Camp;
  let voucher: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    inbox = await startTestInbox();
    org = await premiumOrganiser(ctx);
    const single = await createCancellationRule(ctx, org, {
      sessionScope: 'singleSession',
      percentageToRefund: '100',
      fee: '1',
      expiryDays: '30',
    });
    camp = await createCamp(ctx, org, { cancellationRules: [single] });
    voucher = newId();
    const now = new Date().toISOString();
    await ctx.handle.db
      .insertInto('childcare_voucher_providers')
      .values({
        id: voucher,
        client_id: org.clientId,
        name: 'Vouchers',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await inbox.close();
    await ctx.close();
  });

  it('tells the parent which places went and the refund as account credit', async () => {
    const parent = await parentWithChildren(ctx, org, ['Ada']);
    const created = await ctx.request('POST', '/api/bookings', {
      token: parent.token,
      body: basket(
        camp._id,
        {
          ticket: camp.day,
          activities: [camp.sessions[1]!, camp.sessions[2]!],
          attendees: parent.children,
        },
        { paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: voucher } },
      ),
    });
    const bookingId = created.body.data._id as string;
    const paid = await ctx.request('POST', `/api/bookings/${bookingId}/mark-paid`, {
      token: org.token,
    });
    expect(paid.status).toBe(200);
    const place = paid.body.data.items[0].places[0]._id;
    const cancelled = await ctx.request('POST', `/api/bookings/${bookingId}/cancel`, {
      token: parent.token,
      body: { places: [place], refundMethod: 'accountCredit' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const kinds = await ctx.handle.db
      .selectFrom('messages')
      .select('kind')
      .where('client_id', '=', org.clientId)
      .where('booking_id', '=', bookingId)
      .orderBy('created_at')
      .execute();
    // Marking it paid wrote 'payment received' (not a second confirmation); the cancellation
    // wrote its notice. (The voucher's payment reminder, written on booking, is skipped once paid.)
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      'booking-cancelled',
      'booking-confirmation',
      'payment-due-reminder',
      'payment-received',
    ]);

    await runDueJobs(ctx.handle.db, mailJobHandlers(inbox.mail));
    const number = bookingId.slice(-8).toUpperCase();
    // The confirmation carried the camp's cancellation terms, as worded by the engine.
    const confirmation = inbox.received.find((m) => m.subject?.startsWith('Booking confirmed'));
    expect(confirmation?.text).toMatch(
      /Summer Camp: Cancel a session up to \d+ \w+ before it starts: 100% refunded, less a £1\.00 fee\./,
    );
    const received = inbox.received.find((m) => m.subject?.startsWith('Payment received'));
    expect(received?.subject).toBe(
      `Payment received: Booking number ${number} with ${(await clientName()).name}`,
    );
    expect(received?.text).toContain('has received your payment of £50.00');
    const mail = inbox.received.find((m) => m.subject?.startsWith('Places cancelled'));
    expect(mail?.subject).toBe(
      `Places cancelled: Booking number ${number} with ${(await clientName()).name}`,
    );
    const text = mail!.text ?? '';
    expect(text).toContain('Ada Lovelace, Day ticket: Wed 02/07/2031, 9am');
    expect(text).not.toContain('Thu 03/07/2031');
    // Half of £50.00 paid for that day, less the £1.00 fee.
    expect(text).toContain('A refund of £24.00 as account credit');
    expect(text).toContain('Paid: £50.00. Refunded: £24.00. Still to pay: £0.00.');
  });

  const clientName = () =>
    ctx.handle.db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', org.clientId)
      .executeTakeFirstOrThrow();
});
