import Stripe from 'stripe';
import { scheduleTexts, todayIn, zonedToInstant } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { notFound } from '../http/errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { enqueueInstalmentNotice } from '../mail/payment-notices.ts';
import { findConnectedAccount } from '../services/stripe-accounts.ts';

/*
 * Payment schedules (docs/data-model.md, docs/rules/editing-and-states.md): a booking paid by
 * schedule pays what is due now at checkout, where its card is saved to the parent's Stripe
 * Customer, and each later instalment the engine split off (PriceResult.schedule) is charged to
 * that card off-session on its date, at 09:00 in the organiser's zone. The instalment's
 * PaymentIntent is recorded like any card payment, so the webhook (or reconciliation) settles it; a
 * declined instalment is marked failed and the booking stays confirmed: the organiser follows it
 * up.
 */

export const COLLECT_INSTALMENT_JOB = 'stripe.collect-instalment';
const COLLECT_AT = '09:00';

/**
 * Records a booking's later instalments, in the bookings service's create transaction.
 *
 * @example await planScheduledPayments(trx, { clientId, bookingId, schedule: priced.schedule });
 */
export async function planScheduledPayments(
  trx: Db,
  input: {
    clientId: string;
    bookingId: string;
    schedule: readonly { date: string; amount: number }[];
  },
) {
  const now = nowIso();
  for (const entry of input.schedule) {
    if (entry.amount <= 0) continue;
    await trx
      .insertInto('scheduled_payments')
      .values({
        id: newId(),
        client_id: input.clientId,
        booking_id: input.bookingId,
        due_date: entry.date,
        amount: entry.amount,
        status: 'scheduled',
        provider_ref: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['client_id', 'booking_id', 'due_date']).doNothing())
      .execute();
  }
}

export const hasSchedule = async (db: Db, clientId: string, bookingId: string) =>
  Boolean(
    await db
      .selectFrom('scheduled_payments')
      .select('id')
      .where('client_id', '=', clientId)
      .where('booking_id', '=', bookingId)
      .executeTakeFirst(),
  );

/**
 * Queues each scheduled instalment's charge for its date, once the booking is paid and its card
 * saved (in the transaction that confirms it).
 */
export async function queueInstalments(
  trx: Db,
  input: { clientId: string; bookingId: string; paymentMethod: string | null },
) {
  const client = await trx
    .selectFrom('clients')
    .select('time_zone')
    .where('id', '=', input.clientId)
    .executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('scheduled_payments')
    .select(['id', 'due_date'])
    .where('client_id', '=', input.clientId)
    .where('booking_id', '=', input.bookingId)
    .where('status', '=', 'scheduled')
    .execute();
  for (const row of rows) {
    const collectAt = zonedToInstant(row.due_date, COLLECT_AT, client.time_zone);
    await enqueue(
      trx,
      COLLECT_INSTALMENT_JOB,
      { clientId: input.clientId, scheduledPaymentId: row.id, paymentMethod: input.paymentMethod },
      { runAt: new Date(collectAt), dedupeKey: `${COLLECT_INSTALMENT_JOB}:${row.id}` },
    );
    // The parent hears before the card is charged (docs/rules/messages.md).
    await enqueueInstalmentNotice(trx, {
      clientId: input.clientId,
      bookingId: input.bookingId,
      scheduledPaymentId: row.id,
      collectAt,
    });
  }
}

const setStatus = (
  db: Db,
  id: string,
  patch: { status: 'processing' | 'paid' | 'failed'; provider_ref?: string; last_error?: string },
) =>
  db
    .updateTable('scheduled_payments')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();

/** What charging an instalment came to, for the job to apply as any card outcome. */
export interface InstalmentCharge {
  paymentId: string;
  intentId: string | null;
  /** The PaymentIntent as created; null when the card was declined (a card error). */
  intent: Stripe.PaymentIntent | null;
}

/**
 * Charges one instalment to the saved card (the job). Our pending payment row is written first,
 * in the transaction that moves the instalment to 'processing', and the PaymentIntent carries
 * its id in metadata: an off-session charge is confirmed at once, so Stripe may deliver
 * payment_intent.succeeded before the create call answers, and the webhook must find the row
 * (see applyCardOutcome). The idempotency key is the instalment's id, so a retried job (also
 * one that crashed between our row and Stripe's answer) charges once. Answers the charge for the
 * caller to settle, or null when there was nothing to charge. A cancelled booking's instalments
 * are not charged.
 */
export async function collectInstalment(
  db: Db,
  stripe: Stripe,
  input: { clientId: string; scheduledPaymentId: string; paymentMethod: string | null },
): Promise<InstalmentCharge | null> {
  const row = await db
    .selectFrom('scheduled_payments')
    .innerJoin('bookings', 'bookings.id', 'scheduled_payments.booking_id')
    .leftJoin('payments', 'payments.id', 'scheduled_payments.payment_id')
    .select([
      'scheduled_payments.id',
      'scheduled_payments.amount',
      'scheduled_payments.status',
      'scheduled_payments.booking_id',
      'scheduled_payments.payment_id',
      'payments.provider_ref as payment_ref',
      'payments.status as payment_status',
      'bookings.status as booking_status',
      'bookings.user_id',
      'bookings.currency',
    ])
    .where('scheduled_payments.client_id', '=', input.clientId)
    .where('scheduled_payments.id', '=', input.scheduledPaymentId)
    .executeTakeFirst();
  if (!row) return null;
  // A run that wrote our row but never heard Stripe's answer resumes with the same key.
  const resuming =
    row.status === 'processing' &&
    row.payment_id !== null &&
    row.payment_ref === null &&
    row.payment_status === 'pending';
  if (row.status !== 'scheduled' && !resuming) return null;
  if (!resuming && row.booking_status !== 'confirmed') {
    await db
      .updateTable('scheduled_payments')
      .set({ status: 'cancelled', updated_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'scheduled')
      .execute();
    return null;
  }
  const account = await findConnectedAccount(db, input.clientId);
  const customer = account
    ? await db
        .selectFrom('stripe_customers')
        .select('customer_id')
        .where('client_id', '=', input.clientId)
        .where('user_id', '=', row.user_id)
        .where('account_id', '=', account.account_id)
        .executeTakeFirst()
    : undefined;
  if (!resuming && (!account || !customer || !input.paymentMethod)) {
    await setStatus(db, row.id, { status: 'failed', last_error: 'No saved card to charge.' });
    return null;
  }
  let paymentId = row.payment_id;
  if (!resuming) {
    const id = newId();
    const claimed = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const moved = await trx
        .updateTable('scheduled_payments')
        .set({ status: 'processing', payment_id: id, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'scheduled')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('payments')
        .values({
          id,
          client_id: input.clientId,
          booking_id: row.booking_id,
          user_id: row.user_id,
          provider: 'stripe',
          provider_ref: null,
          childcare_voucher_provider_id: null,
          amount: row.amount,
          currency: row.currency,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return true;
    });
    // Another worker claimed it first: that one charges.
    if (!claimed) return null;
    paymentId = id;
  }
  if (!account || !customer || !paymentId) return null;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: row.amount,
        currency: row.currency.toLowerCase(),
        customer: customer.customer_id,
        payment_method: input.paymentMethod ?? undefined,
        off_session: true,
        confirm: true,
        metadata: {
          clientId: input.clientId,
          bookingId: row.booking_id,
          scheduledPaymentId: row.id,
          paymentId,
        },
      },
      { stripeAccount: account.account_id, idempotencyKey: `instalment:${row.id}` },
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    const intentId = error.payment_intent?.id ?? null;
    await attachIntent(db, { paymentId, scheduledPaymentId: row.id, intentId }, error.message);
    if (!intentId) {
      // Declined without a PaymentIntent to follow: nothing at Stripe will tell us more.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payments')
          .set({ status: 'failed', updated_at: nowIso() })
          .where('id', '=', paymentId)
          .where('status', '=', 'pending')
          .execute();
        await setStatus(trx, row.id, { status: 'failed' });
      });
    }
    return { paymentId, intentId, intent: null };
  }
  await attachIntent(db, { paymentId, scheduledPaymentId: row.id, intentId: intent.id });
  return { paymentId, intentId: intent.id, intent };
}

/** Gives our instalment rows the PaymentIntent's id (unless the webhook already did). */
async function attachIntent(
  db: Db,
  ids: { paymentId: string; scheduledPaymentId: string; intentId: string | null },
  lastError?: string,
) {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (ids.intentId)
      await trx
        .updateTable('payments')
        .set({ provider_ref: ids.intentId, updated_at: now })
        .where('id', '=', ids.paymentId)
        .where('provider_ref', 'is', null)
        .execute();
    await trx
      .updateTable('scheduled_payments')
      .set({
        ...(ids.intentId ? { provider_ref: ids.intentId } : {}),
        ...(lastError ? { last_error: lastError } : {}),
        updated_at: now,
      })
      .where('id', '=', ids.scheduledPaymentId)
      .execute();
  });
}

/**
 * The webhook's (or the collecting job's) word on an instalment's payment, inside its
 * transaction. Answers whether the payment was an instalment's.
 */
export async function settleInstalment(
  trx: Db,
  payment: { id: string; intentId: string },
  paid: boolean,
): Promise<boolean> {
  const moved = await trx
    .updateTable('scheduled_payments')
    .set({ status: paid ? 'paid' : 'failed', updated_at: nowIso() })
    .where((eb) =>
      eb.or([eb('payment_id', '=', payment.id), eb('provider_ref', '=', payment.intentId)]),
    )
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/**
 * A booking's instalments and the spec's texts ('First payment on …' / 'Next payment on …',
 * 'Final payment on …'), for the booking's owner or the organiser.
 *
 * @example const { payments, texts } = await bookingSchedule(db, { clientId, bookingId, userId, now });
 */
export async function bookingSchedule(
  db: Db,
  input: { clientId: string; bookingId: string; userId: string | null; now: Date },
) {
  const booking = await db
    .selectFrom('bookings')
    .innerJoin('clients', 'clients.id', 'bookings.client_id')
    .select(['bookings.user_id', 'clients.time_zone', 'clients.date_format'])
    .where('bookings.client_id', '=', input.clientId)
    .where('bookings.id', '=', input.bookingId)
    .executeTakeFirst();
  if (!booking || (input.userId && booking.user_id !== input.userId)) throw notFound();
  const rows = await db
    .selectFrom('scheduled_payments')
    .select(['due_date', 'amount', 'status'])
    .where('client_id', '=', input.clientId)
    .where('booking_id', '=', input.bookingId)
    .orderBy('due_date')
    .execute();
  const today = todayIn(input.now, booking.time_zone);
  const open = rows.filter((r) => r.status !== 'cancelled');
  return {
    payments: rows.map((r) => ({ date: r.due_date, amount: r.amount, status: r.status })),
    texts: scheduleTexts({
      dates: open.map((r) => r.due_date),
      today,
      dateFormat: booking.date_format,
    }),
  };
}
