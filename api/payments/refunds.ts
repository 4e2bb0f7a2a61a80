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

/**
 * Gives a refused or failed refund's reservation back, once: a pending refund Stripe refused,
 * or a refund Stripe reports failed later (refund.updated), also after it had succeeded (a
 * refund to a closed card fails days later). Runs in the caller's transaction when there is one.
 */
async function markFailed(db: Db, clientId: string, refundId: string) {
  const work = async (trx: Db) => {
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
      .where('status', 'in', ['pending', 'succeeded'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1 || !refund.payment_id) return false;
    await trx
      .updateTable('payments')
      .set((eb) => ({
        amount_refunded: eb('amount_refunded', '-', refund.amount),
        updated_at: now,
      }))
      .where('id', '=', refund.payment_id)
      .execute();
    return true;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** How long a refund Stripe accepted as pending waits before we ask Stripe about it again. */
export const PENDING_REFUND_RECHECK_MINUTES = 60;

/**
 * Sends a pending refund to Stripe (first try or a retry: the idempotency key is the refund
 * row's id, so Stripe refunds it once whatever the number of tries). Stripe may answer
 * `pending` (the money is not out yet): the row stays pending with Stripe's id, to be settled by
 * refund.updated, or by this function run again later, which then re-reads the refund.
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
    const options = { stripeAccount: account.account_id };
    const sent = refund.provider_ref
      ? await stripe.refunds.retrieve(refund.provider_ref, {}, options)
      : await stripe.refunds.create(
          {
            payment_intent: refund.intent_id!,
            amount: refund.amount,
            metadata: { clientId, bookingId: refund.booking_id, refundId },
          },
          { ...options, idempotencyKey: `refund:${refundId}` },
        );
    const status = await db
      .transaction()
      .execute((trx) => applyRefundStatus(trx, { clientId, refundId, stripeRefund: sent }));
    if (status === 'pending')
      await enqueue(
        db,
        RETRY_REFUND_JOB,
        { clientId, refundId },
        {
          runAt: new Date(Date.now() + PENDING_REFUND_RECHECK_MINUTES * 60_000),
          // One re-check per hour while Stripe says pending.
          dedupeKey: `${RETRY_REFUND_JOB}:${refundId}:recheck:${Math.floor(Date.now() / 3_600_000)}`,
        },
      );
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
 * Applies what Stripe says of a refund to our row: succeeded (only from pending), failed or
 * canceled (the reservation comes back, see markFailed), pending (Stripe's id kept, nothing
 * else). Failed is final, so an older "succeeded" delivered after it changes nothing. Answers
 * the row's status afterwards.
 */
async function applyRefundStatus(
  trx: Db,
  {
    clientId,
    refundId,
    stripeRefund,
  }: { clientId: string; refundId: string; stripeRefund: Stripe.Refund },
): Promise<CardRefund['status']> {
  const now = nowIso();
  await trx
    .updateTable('refunds')
    .set({ provider_ref: stripeRefund.id, updated_at: now })
    .where('id', '=', refundId)
    .where('provider_ref', 'is', null)
    .execute();
  if (stripeRefund.status === 'failed' || stripeRefund.status === 'canceled')
    await markFailed(trx, clientId, refundId);
  else if (stripeRefund.status === 'succeeded')
    await trx
      .updateTable('refunds')
      .set({ status: 'succeeded', updated_at: now })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
  const row = await trx
    .selectFrom('refunds')
    .select('status')
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
  return row.status as CardRefund['status'];
}

/**
 * refund.updated / charge.refund.updated (inside the webhook's transaction): a refund Stripe
 * first answered pending has settled, or one has failed. Our row is found by Stripe's id, or by
 * our id in its metadata when the event overtook the create call's answer; the event must come
 * from the account of the refund's organiser.
 */
export async function applyRefundEvent(
  trx: Db,
  stripeRefund: Stripe.Refund,
  account: string | null,
) {
  const row = await trx
    .selectFrom('refunds')
    .innerJoin('connected_accounts', (join) =>
      join
        .onRef('connected_accounts.client_id', '=', 'refunds.client_id')
        .on('connected_accounts.provider', '=', 'stripe'),
    )
    .select(['refunds.id', 'refunds.client_id', 'connected_accounts.account_id'])
    .where((eb) =>
      eb.or([
        eb('refunds.provider_ref', '=', stripeRefund.id),
        eb.and([
          eb('refunds.id', '=', stripeRefund.metadata?.refundId ?? ''),
          eb('refunds.provider_ref', 'is', null),
        ]),
      ]),
    )
    .executeTakeFirst();
  if (!row || (account && row.account_id !== account)) return 'none';
  const status = await applyRefundStatus(trx, {
    clientId: row.client_id,
    refundId: row.id,
    stripeRefund,
  });
  return `refund-${status}`;
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
