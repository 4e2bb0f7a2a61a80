import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { queueInstalments } from '../payments/schedules.ts';
import {
  connectStripe,
  heldCardBooking,
  type StripeTestContext,
  startStripeTest,
} from '../payments/testing.ts';
import { signUpOrganiser } from '../test/harness.ts';
import { mailJobHandlers } from './jobs.ts';
import { startTestInbox, type TestInbox } from './testing.ts';

/*
 * Payment messages, received over real SMTP: a declined card payment tells the admins who chose
 * failed-payment notices; a subscription's failed monthly charge (Stripe's invoice.payment_failed
 * webhook) tells the parent and those admins; a payment-schedule instalment is announced to the
 * parent before it is collected, and not once it is paid. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
let t: StripeTestContext;
let inbox: TestInbox;
beforeAll(async () => {
  t = await startStripeTest();
  inbox = await startTestInbox();
});
afterAll(async () => {
  await inbox.close();
  await t.close();
});

const sendDue = (at = new Date()) => runDueJobs(t.ctx.handle.db, mailJobHandlers(inbox.mail), at);
const inboxOf = (email: string) =>
  inbox.received.filter((m) => JSON.stringify(m.to).includes(email.toLowerCase()));
const deliver = (event: Stripe.Event) => {
  const { body, headers } = t.fake.signedDelivery(event);
  return t.raw('/api/stripe/webhook', body, headers);
};

async function organiser({ failedPayments }: { failedPayments: boolean }) {
  const org = await signUpOrganiser(t.ctx);
  const row = await connectStripe(t, org.token, org.clientId);
  await t.request('PUT', '/api/messages/my-notifications', {
    token: org.token,
    body: {
      newBooking: false,
      cancellation: false,
      paymentFailed: failedPayments,
      dailyDigest: false,
    },
  });
  const email = (await t.request('GET', '/api/users/me', { token: org.token })).body.data.email;
  return { ...org, accountId: row.account_id, email: email as string };
}

const parentEmail = async (bookingId: string) =>
  (
    await t.ctx.handle.db
      .selectFrom('bookings as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select('u.email')
      .where('b.id', '=', bookingId)
      .executeTakeFirstOrThrow()
  ).email;

describe('payment messages', () => {
  it('tells the admins who chose it that a card payment was declined', async () => {
    const org = await organiser({ failedPayments: true });
    const quiet = await organiser({ failedPayments: false });
    const booking = await heldCardBooking(t, org);
    const other = await heldCardBooking(t, quiet);
    for (const b of [booking, other]) {
      t.fake.failPaymentIntent(b.intentId);
      const failed = t.fake.lastEvent('payment_intent.payment_failed', b.intentId)!;
      expect((await deliver(failed)).status).toBe(200);
      // A second delivery of the same event writes nothing more.
      await deliver(failed);
    }
    await sendDue();
    const notices = inboxOf(org.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/^Payment failed: £25\.00 for booking [0-9A-F]+$/);
    expect(notices[0]!.text).toContain('A card payment of £25.00 from');
    expect(inboxOf(quiet.email)).toEqual([]);
  });

  it('tells the parent and the admins when a subscription’s monthly payment fails', async () => {
    const org = await organiser({ failedPayments: true });
    const booking = await heldCardBooking(t, org);
    const db = t.ctx.handle.db;
    const item = await db
      .selectFrom('booking_items as i')
      .innerJoin('bookings as b', 'b.id', 'i.booking_id')
      .select(['i.attendee_id', 'i.ticket_id', 'b.user_id'])
      .where('i.booking_id', '=', booking.bookingId)
      .executeTakeFirstOrThrow();
    const now = nowIso();
    const owned = { client_id: org.clientId, created_at: now, updated_at: now };
    const planId = newId();
    await db
      .insertInto('subscription_plans')
      .values({ id: planId, ...owned, name: 'Monthly', amount: 3000 } as never)
      .execute();
    const subscriptionId = `sub_${newId()}`;
    await db
      .insertInto('subscriptions')
      .values({
        id: newId(),
        ...owned,
        user_id: item.user_id,
        attendee_id: item.attendee_id,
        ticket_id: item.ticket_id,
        subscription_plan_id: planId,
        booking_id: booking.bookingId,
        status: 'active',
        provider_subscription_id: subscriptionId,
        cancelled_at: null,
      })
      .execute();
    const invoiceFailed = (id: string, account: string, attempt: number) =>
      ({
        id: `evt_${newId()}`,
        object: 'event',
        type: 'invoice.payment_failed',
        account,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id,
            object: 'invoice',
            amount_due: 3000,
            attempt_count: attempt,
            next_payment_attempt: Math.floor(Date.parse('2031-02-04T10:00:00Z') / 1000),
            parent: { subscription_details: { subscription: subscriptionId } },
          },
        },
      }) as unknown as Stripe.Event;
    // Another organiser's account cannot claim our subscription's invoice.
    const stranger = await deliver(invoiceFailed('in_1', 'acct_someone_else', 1));
    expect(stranger.body.data.effect).toBe('none');
    const delivered = await deliver(invoiceFailed('in_1', org.accountId, 1));
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.data.effect).toBe('notified');
    await sendDue();

    const parent = inboxOf(await parentEmail(booking.bookingId));
    expect(parent).toHaveLength(1);
    expect(parent[0]!.subject).toMatch(/^Your payment of £30\.00 to .+ failed$/);
    expect(parent[0]!.text).toContain(
      "We could not take this month's payment of £30.00 for Gymnastics",
    );
    expect(parent[0]!.text).toContain('Your card will be tried again on Tue 04/02/2031 at 10am.');
    const admin = inboxOf(org.email);
    expect(admin).toHaveLength(1);
    expect(admin[0]!.subject).toMatch(/^Payment failed: £30\.00 for booking /);
    expect(admin[0]!.text).toContain('A subscription payment of £30.00');
  });

  it('tells the parent before an instalment is taken, and not once it was paid', async () => {
    const org = await organiser({ failedPayments: false });
    const booking = await heldCardBooking(t, org);
    const db = t.ctx.handle.db;
    const now = nowIso();
    const owned = { client_id: org.clientId, created_at: now, updated_at: now };
    const [due, paid] = [newId(), newId()];
    for (const [id, date] of [
      [due, '2031-01-20'],
      [paid, '2031-02-20'],
    ] as const)
      await db
        .insertInto('scheduled_payments')
        .values({
          id,
          ...owned,
          booking_id: booking.bookingId,
          due_date: date,
          amount: 1200,
          status: 'scheduled',
          provider_ref: null,
          last_error: null,
        })
        .execute();
    await db.transaction().execute((trx) =>
      queueInstalments(trx, {
        clientId: org.clientId,
        bookingId: booking.bookingId,
        paymentMethod: null,
      }),
    );
    const email = await parentEmail(booking.bookingId);
    // Not before 3 days ahead of the collection (09:00 London on 20 January).
    await sendDue(new Date('2031-01-17T08:59:00Z'));
    expect(inboxOf(email)).toEqual([]);
    await sendDue(new Date('2031-01-17T09:00:30Z'));
    const [notice] = inboxOf(email);
    expect(notice?.subject).toMatch(
      /^Your next payment of £12\.00 to .+ is on Mon 20\/01\/2031 at 9am$/,
    );
    expect(notice!.text).toContain('The next instalment for Gymnastics');
    expect(notice!.text).toContain(
      'will be taken from the card you saved on Mon 20/01/2031 at 9am.',
    );

    // The February one was paid early: its notice is skipped, not sent.
    await db
      .updateTable('scheduled_payments')
      .set({ status: 'paid' })
      .where('id', '=', paid)
      .execute();
    await sendDue(new Date('2031-02-17T09:00:30Z'));
    expect(inboxOf(email)).toHaveLength(1);
    const skipped = await db
      .selectFrom('messages')
      .select(['status', 'last_error'])
      .where('client_id', '=', org.clientId)
      .where('event_key', '=', `instalment-due:${paid}`)
      .executeTakeFirstOrThrow();
    expect(skipped).toEqual({
      status: 'skipped',
      last_error: 'The instalment was taken, cancelled or failed by then.',
    });
  });
});
