import { localeFor } from '../../../engine/index.ts';
import {
  type ManualRefundInput,
  type ManualRefundLimits,
  manualRefundLimits,
  manualRefundProblem,
} from '../../../engine/refunds/manual.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { newId } from '../../db/ids.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { cardAvailable, loadClient } from './load.ts';
import { refundToCard } from './refund-to-card.ts';
import { inTransaction } from './transaction.ts';

/*
 * The organiser's manual refund (docs/rules/refunds.md): any amount up to what the booking
 * received and has not had back, to the card or as account credit, with a reason. The limit is
 * the engine's (`manualRefundLimits`), read inside the transaction that writes the refund.
 */

/** What the refund dialog needs: the limit, the methods open now, and the booking's currency. */
export interface ManualRefundOptions extends ManualRefundLimits {
  currency: string;
}

async function loadLimits(
  db: Db,
  clientId: string,
  bookingId: string,
  stripeConfigured: boolean,
): Promise<ManualRefundOptions & { userId: string }> {
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'user_id', 'credit_applied', 'currency'])
    .where('client_id', '=', clientId)
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) throw notFound();
  const [client, card, payments, refunds] = await Promise.all([
    loadClient(db, clientId),
    cardAvailable(db, clientId, stripeConfigured),
    db
      .selectFrom('payments')
      .select(['provider', 'provider_ref', 'amount', 'amount_refunded'])
      .where('client_id', '=', clientId)
      .where('booking_id', '=', bookingId)
      .where('status', '=', 'succeeded')
      .execute(),
    db
      .selectFrom('refunds')
      .select(['amount', 'status'])
      .where('client_id', '=', clientId)
      .where('booking_id', '=', bookingId)
      .execute(),
  ]);
  const limits = manualRefundLimits({
    // A card payment without Stripe's id cannot be refunded at Stripe.
    payments: payments.map((p) => ({
      provider: p.provider === 'stripe' && !p.provider_ref ? 'stripe-unreferenced' : p.provider,
      amount: p.amount,
      amountRefunded: p.amount_refunded,
    })),
    creditApplied: booking.credit_applied,
    refunds,
    cardRefunds: card,
    planLevel: client.plan_level,
  });
  return { ...limits, currency: booking.currency, userId: booking.user_id };
}

/**
 * How much may be refunded on a booking by hand, and by which methods.
 *
 * @example const { max, methods } = await manualRefundOptions(db, clientId, bookingId, true);
 */
export async function manualRefundOptions(
  db: Db,
  clientId: string,
  bookingId: string,
  stripeConfigured: boolean,
): Promise<ManualRefundOptions> {
  const { userId: _, ...options } = await loadLimits(db, clientId, bookingId, stripeConfigured);
  return options;
}

/**
 * Records a manual refund in one transaction, or nothing when the engine refuses it (422 naming
 * the field). Account credit is written to the parent's balance at once, without expiry; a card
 * refund is reserved on the card payment and recorded pending, for the caller to send to Stripe
 * (and queued, so it is sent even if that send never happens). On PostgreSQL the booking row is
 * locked first, so two refunds at once cannot both pass the limit.
 *
 * @example const { refundId } = await recordManualRefund(handle, { clientId, adminId, bookingId, input });
 */
export async function recordManualRefund(
  handle: { db: Db; dialect: Dialect; stripeConfigured: boolean },
  args: { clientId: string; adminId: string; bookingId: string; input: ManualRefundInput },
): Promise<{ refundId: string; method: ManualRefundInput['method'] }> {
  const { clientId, bookingId, input } = args;
  return inTransaction(handle.db, async (trx) => {
    if (handle.dialect === 'postgres')
      await trx
        .selectFrom('bookings')
        .select('id')
        .where('client_id', '=', clientId)
        .where('id', '=', bookingId)
        .forUpdate()
        .execute();
    const limits = await loadLimits(trx, clientId, bookingId, handle.stripeConfigured);
    const client = await loadClient(trx, clientId);
    const problem = manualRefundProblem(input, limits, limits.currency, localeFor(client.country));
    if (problem) throw new HttpError(422, Object.values(problem)[0]!, problem);
    const now = new Date().toISOString();
    const idempotencyKey = `manual:${bookingId}:${newId()}`;
    const who = { reason: input.reason, created_by_admin_id: args.adminId };
    if (input.method === 'stripe') {
      const refundId = await refundToCard(trx, {
        clientId,
        bookingId,
        amount: input.amount,
        idempotencyKey,
        now,
      });
      await trx
        .updateTable('refunds')
        .set(who)
        .where('client_id', '=', clientId)
        .where('id', '=', refundId)
        .execute();
      return { refundId, method: input.method };
    }
    const refundId = newId();
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        client_id: clientId,
        payment_id: null,
        booking_id: bookingId,
        amount: input.amount,
        method: 'accountCredit',
        provider_ref: null,
        status: 'succeeded',
        idempotency_key: idempotencyKey,
        ...who,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('account_credit_ledger')
      .values({
        id: newId(),
        client_id: clientId,
        user_id: limits.userId,
        amount: input.amount,
        expires_at: null,
        source: 'refund',
        booking_id: bookingId,
        refund_id: refundId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { refundId, method: input.method };
  });
}
