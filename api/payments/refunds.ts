import Stripe from 'stripe';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { findConnectedAccount } from '../services/stripe-accounts.ts';
import { stripeFailure } from './stripe.ts';

/*
 * Refunds to the card a booking was paid with. The amount is reserved on our payment row first,
 * with one conditional update (`amount_refunded + x <= amount`), so however many refunds run
 * at once, on SQLite or PostgreSQL, their sum never passes what was paid; only then is Stripe
 * asked, with an idempotency key from our refund row. A refund Stripe refuses gives its
 * reservation back; one whose answer never came stays pending and a job asks Stripe again with
 * the same key, which cannot refund twice.
 */

export const RETRY_REFUND_JOB = 'stripe.retry-refund';

export const refundMessages = {
  noCardPayment: 'There is no card payment to refund for this booking.',
  tooMuch: 'A refund cannot be more than what was paid.',
  badAmount: 'The refund amount must be a positive whole number of minor units.',
} as const;

export interface CardRefundInput {
  clientId: string;
  bookingId: string;
  /** Minor units. */
  amount: number;
  /** The caller's own id for this refund (e.g. `cancel:<cancellationId>`): a repeat is a no-op. */
  idempotencyKey: string;
}

export interface CardRefund {
  refundId: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  providerRef: string | null;
}

const findRefund = (db: Db, clientId: string, key: string) =>
  db
    .selectFrom('refunds')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** Reserves the amount on the paid card payment and records the refund as pending. */
async function reserve(db: Db, input: CardRefundInput) {
  return db.transaction().execute(async (trx) => {
    // A booking paid by schedule has several card payments: the refund goes to the first one
    // with room for it, each tried with the conditional update.
    const payments = await trx
      .selectFrom('payments')
      .select(['id', 'provider_ref'])
      .where('client_id', '=', input.clientId)
      .where('booking_id', '=', input.bookingId)
      .where('provider', '=', 'stripe')
      .where('status', '=', 'succeeded')
      .where('provider_ref', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (payments.length === 0) throw new HttpError(409, refundMessages.noCardPayment);
    const now = nowIso();
    let payment: (typeof payments)[number] | undefined;
    for (const candidate of payments) {
      const reserved = await trx
        .updateTable('payments')
        .set((eb) => ({
          amount_refunded: eb('amount_refunded', '+', input.amount),
          updated_at: now,
        }))
        .where('id', '=', candidate.id)
        .where((eb) => eb(eb('amount_refunded', '+', input.amount), '<=', eb.ref('amount')))
        .executeTakeFirst();
      if (Number(reserved.numUpdatedRows) === 1) {
        payment = candidate;
        break;
      }
    }
    if (!payment) throw new HttpError(409, refundMessages.tooMuch);
    const id = newId();
    await trx
      .insertInto('refunds')
      .values({
        id,
        client_id: input.clientId,
        payment_id: payment.id,
        booking_id: input.bookingId,
        amount: input.amount,
        method: 'stripe',
        provider_ref: null,
        status: 'pending',
        idempotency_key: input.idempotencyKey,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id, paymentId: payment.id, intentId: payment.provider_ref };
  });
}

/** Gives a refused refund's reservation back, once (only a pending refund can fail). */
async function markFailed(db: Db, clientId: string, refundId: string) {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const refund = await trx
      .selectFrom('refunds')
      .select(['payment_id', 'amount'])
      .where('client_id', '=', clientId)
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow();
    const moved = await trx
      .updateTable('refunds')
      .set({ status: 'failed', updated_at: now })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || !refund.payment_id) return;
    await trx
      .updateTable('payments')
      .set((eb) => ({
        amount_refunded: eb('amount_refunded', '-', refund.amount),
        updated_at: now,
      }))
      .where('id', '=', refund.payment_id)
      .execute();
  });
}

/**
 * Sends a pending refund to Stripe (first try or a retry: the idempotency key is the refund
 * row's id, so Stripe refunds it once whatever the number of tries).
 */
export async function sendRefund(db: Db, stripe: Stripe, clientId: string, refundId: string) {
  const refund = await db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select([
      'refunds.id',
      'refunds.amount',
      'refunds.status',
      'refunds.booking_id',
      'refunds.provider_ref',
      'payments.provider_ref as intent_id',
    ])
    .where('refunds.client_id', '=', clientId)
    .where('refunds.id', '=', refundId)
    .executeTakeFirstOrThrow();
  if (refund.status !== 'pending') return refund.status;
  const account = await findConnectedAccount(db, clientId);
  if (!account) throw new HttpError(409, refundMessages.noCardPayment);
  try {
    const sent = await stripe.refunds.create(
      {
        payment_intent: refund.intent_id!,
        amount: refund.amount,
        metadata: { clientId, bookingId: refund.booking_id, refundId },
      },
      { stripeAccount: account.account_id, idempotencyKey: `refund:${refundId}` },
    );
    const status = sent.status === 'failed' || sent.status === 'canceled' ? 'failed' : 'succeeded';
    if (status === 'failed') {
      await markFailed(db, clientId, refundId);
      return 'failed';
    }
    await db
      .updateTable('refunds')
      .set({ status, provider_ref: sent.id, updated_at: nowIso() })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    return status;
  } catch (error) {
    const refused =
      error instanceof Stripe.errors.StripeError &&
      error.statusCode !== undefined &&
      error.statusCode < 500 &&
      !(error instanceof Stripe.errors.StripeRateLimitError);
    if (refused) await markFailed(db, clientId, refundId);
    else
      await enqueue(
        db,
        RETRY_REFUND_JOB,
        { clientId, refundId },
        { runAt: new Date(Date.now() + 60_000), dedupeKey: `${RETRY_REFUND_JOB}:${refundId}` },
      );
    throw stripeFailure(error);
  }
}

/**
 * Refunds part or all of a booking's card payment to the card. Never more than was paid, under
 * any number of concurrent calls; calling again with the same idempotency key answers the
 * first refund.
 *
 * @example await refundToCard(db, stripe, { clientId, bookingId, amount: 1250, idempotencyKey: `cancel:${cancellationId}` });
 */
export async function refundToCard(
  db: Db,
  stripe: Stripe,
  input: CardRefundInput,
): Promise<CardRefund> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new HttpError(400, refundMessages.badAmount);
  let refundId: string;
  const earlier = await findRefund(db, input.clientId, input.idempotencyKey);
  if (earlier) refundId = earlier.id;
  else {
    try {
      refundId = (await reserve(db, input)).id;
    } catch (error) {
      // The same refund asked for twice at once: the other call reserved it (we then either
      // hit the key's unique index or found the amount already taken by it).
      const twin = await findRefund(db, input.clientId, input.idempotencyKey);
      if (!twin) throw error;
      refundId = twin.id;
    }
  }
  await sendRefund(db, stripe, input.clientId, refundId);
  const row = (await findRefund(db, input.clientId, input.idempotencyKey))!;
  return {
    refundId: row.id,
    amount: row.amount,
    status: row.status as CardRefund['status'],
    providerRef: row.provider_ref,
  };
}
