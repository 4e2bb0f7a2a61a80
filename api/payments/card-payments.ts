import type Stripe from 'stripe';
import type { Db } from '../db/connection.ts';
import { nowIso } from '../db/time.ts';
import { enqueue } from '../jobs/queue.ts';
import { enqueueCardPaymentFailed } from '../mail/payment-notices.ts';
import { confirmBookingPayment, releaseBooking } from '../services/bookings/lifecycle.ts';
import { hasSchedule, queueInstalments, settleInstalment } from './schedules.ts';
import { queueSubscriptionStart, subscriptionItemsOf } from './subscriptions.ts';

/*
 * What a card payment's outcome does to its booking. Stripe tells us (webhook, or the
 * reconciliation job re-reading the PaymentIntent); these functions apply it inside the caller's
 * transaction, and are written so that applying the same outcome twice, or an older outcome
 * after a newer one, changes nothing:
 *
 *   succeeded  → payment succeeded, booking confirmed, held places confirmed. Terminal.
 *   failed     → payment failed, booking expired, held places released; the PaymentIntent is
 *                cancelled at Stripe (a job, after commit) so a late retry cannot charge for
 *                places that are gone.
 *   canceled   → as failed, without the cancel call; a failed payment becomes cancelled
 *                (and nothing else), so failed-then-canceled ends the same in either order.
 *
 * A success that arrives after the places were released (the retry raced the cancel) is kept
 * as paid and refunded in full by a job: we never keep money for places we do not hold.
 * Bookings change only through the bookings service's lifecycle (confirmBookingPayment,
 * releaseBooking), which also gives back credit, passes and discount uses of a released hold.
 */

export const CANCEL_INTENT_JOB = 'stripe.cancel-payment-intent';
export const REFUND_LATE_PAYMENT_JOB = 'stripe.refund-late-payment';
/** Reads what Stripe kept of a succeeded card payment, for the payments export. */
export const RECORD_FEE_JOB = 'stripe.record-fee';

export type CardOutcome = 'succeeded' | 'failed' | 'canceled';

/** The card a PaymentIntent was paid with, saved for a subscription's monthly payments. */
export const paymentMethodOf = (intent: Pick<Stripe.PaymentIntent, 'payment_method'>) =>
  typeof intent.payment_method === 'string'
    ? intent.payment_method
    : (intent.payment_method?.id ?? null);

/** The outcome a PaymentIntent's state means for us, or null while it is still in progress. */
export function outcomeOf(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>) {
  if (intent.status === 'succeeded') return 'succeeded' as const;
  if (intent.status === 'canceled') return 'canceled' as const;
  if (intent.status === 'requires_payment_method' && intent.last_payment_error)
    return 'failed' as const;
  return null;
}

/**
 * Applies a PaymentIntent outcome to the payment row that carries its id. Returns what changed
 * ('none' when the payment is already final or belongs to another account, 'unknown' when no row
 * of ours matches), for the webhook, logs and tests.
 *
 * @example await db.transaction().execute((trx) => applyCardOutcome(trx, intent.id, 'succeeded'));
 */
export async function applyCardOutcome(
  trx: Db,
  intentId: string,
  outcome: CardOutcome,
  {
    account,
    paymentMethod = null,
    paymentId = null,
  }: {
    account?: string | null;
    paymentMethod?: string | null;
    /**
     * Our payment row's id from the PaymentIntent's metadata. An instalment's row is written
     * before Stripe is called and learns the intent's id from the create call's answer, which
     * the intent's webhook can overtake: then the row is found by its own id and given the
     * intent's id here.
     */
    paymentId?: string | null;
  } = {},
): Promise<'confirmed' | 'released' | 'late-refund' | 'none' | 'unknown'> {
  let payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', 'stripe')
    .where('provider_ref', '=', intentId)
    .executeTakeFirst();
  if (!payment && paymentId) {
    const waiting = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .where('provider', '=', 'stripe')
      .where('provider_ref', 'is', null)
      .executeTakeFirst();
    if (waiting && (await ownedBy(trx, waiting.client_id, account))) {
      const attached = await trx
        .updateTable('payments')
        .set({ provider_ref: intentId, updated_at: nowIso() })
        .where('id', '=', waiting.id)
        .where('provider_ref', 'is', null)
        .executeTakeFirst();
      if (Number(attached.numUpdatedRows) === 1) payment = { ...waiting, provider_ref: intentId };
    }
  }
  if (!payment) return 'unknown';
  // The event must come from the account the payment was taken on: a signed event about one
  // organiser's account never moves another organiser's booking.
  if (!(await ownedBy(trx, payment.client_id, account))) return 'none';
  if (payment.status === 'succeeded') return 'none';
  const clientId = payment.client_id;
  const bookingId = payment.booking_id;

  // The payment's own state change comes first, as a conditional update: of a webhook and a
  // reconciliation job applying the same outcome at once, exactly one sees its update change the
  // row (on PostgreSQL the other waits for its commit, then matches nothing) and only that one
  // goes on. Reading the status above is not enough: both would read 'pending', and the loser
  // would then see the booking the winner had just confirmed and refund it as a late payment.
  // A success may follow a decline (a retry that raced our cancel); nothing follows a success.
  const claimed = await trx
    .updateTable('payments')
    .set({
      status: outcome === 'succeeded' ? 'succeeded' : outcome === 'failed' ? 'failed' : 'cancelled',
      updated_at: nowIso(),
    })
    .where('id', '=', payment.id)
    .where(
      'status',
      outcome === 'succeeded' ? '!=' : '=',
      outcome === 'succeeded' ? 'succeeded' : 'pending',
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    // Canceled is the intent's last word after a decline (we cancel declined intents): the row
    // ends 'cancelled' whichever of the two events came first, and nothing else changes.
    if (outcome === 'canceled')
      await trx
        .updateTable('payments')
        .set({ status: 'cancelled', updated_at: nowIso() })
        .where('id', '=', payment.id)
        .where('status', '=', 'failed')
        .execute();
    return 'none';
  }

  if (outcome === 'succeeded') {
    // The fee is read after commit (a Stripe call has no place in this transaction).
    if (intentId.startsWith('pi_'))
      await enqueue(
        trx,
        RECORD_FEE_JOB,
        { clientId, paymentId: payment.id },
        { dedupeKey: `${RECORD_FEE_JOB}:${payment.id}` },
      );
    const confirmed = bookingId
      ? await confirmBookingPayment(trx, {
          clientId,
          bookingId,
          provider: 'stripe',
          providerRef: intentId,
          amount: payment.amount,
        })
      : null;
    if (confirmed?.status === 'confirmed') {
      // An instalment is a later payment of a booking already confirmed: nothing more to start.
      if (await settleInstalment(trx, { id: payment.id, intentId }, true)) return 'confirmed';
      if (bookingId && (await subscriptionItemsOf(trx, clientId, bookingId)).length > 0)
        await queueSubscriptionStart(trx, { clientId, bookingId, paymentMethod });
      if (bookingId && (await hasSchedule(trx, clientId, bookingId)))
        await queueInstalments(trx, { clientId, bookingId, paymentMethod });
      return 'confirmed';
    }
    // The places were released (hold ran out, or an earlier decline) before the money came.
    await enqueue(
      trx,
      REFUND_LATE_PAYMENT_JOB,
      { clientId, paymentId: payment.id },
      { dedupeKey: `${REFUND_LATE_PAYMENT_JOB}:${payment.id}` },
    );
    return 'late-refund';
  }

  const instalment = await settleInstalment(trx, { id: payment.id, intentId }, false);
  // The admins who chose to hear of failed payments are told, in this same commit.
  if (outcome === 'failed' && bookingId)
    await enqueueCardPaymentFailed(trx, {
      clientId,
      bookingId,
      paymentId: payment.id,
      amount: payment.amount,
      what: instalment ? 'scheduled instalment' : 'card payment',
    });
  if (bookingId) await releaseBooking(trx, clientId, bookingId, 'failed');
  if (outcome === 'failed') {
    await enqueue(
      trx,
      CANCEL_INTENT_JOB,
      { clientId, paymentId: payment.id },
      { dedupeKey: `${CANCEL_INTENT_JOB}:${payment.id}` },
    );
  }
  return 'released';
}

/** Whether `account` (when given) is the connected account of the payment's client. */
async function ownedBy(trx: Db, clientId: string, account: string | null | undefined) {
  if (!account) return true;
  const owner = await trx
    .selectFrom('connected_accounts')
    .select('account_id')
    .where('client_id', '=', clientId)
    .where('provider', '=', 'stripe')
    .executeTakeFirst();
  return owner?.account_id === account;
}
