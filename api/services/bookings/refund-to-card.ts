import { messages } from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../db/ids.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueue } from '../../jobs/queue.ts';

/** The job the payments side runs to send a recorded card refund to the provider. */
export const REFUND_TO_CARD_JOB = 'bookings.refund-to-card';

/**
 * HOOK for the payments engineer (api/payments): refunds part of a booking's card payment.
 * Inside the cancel transaction it records a pending refund against the card payment that can
 * carry it and queues REFUND_TO_CARD_JOB, which must call the provider (with the refund's
 * idempotency key) and mark the refund succeeded or failed. Without a card payment there is
 * nothing to refund to: 422 'Card refunds are not available yet'.
 *
 * @example await refundToCard(trx, { clientId, bookingId, amount: 1500, idempotencyKey, now });
 */
export async function refundToCard(
  trx: Db,
  input: {
    clientId: string;
    bookingId: string;
    amount: number;
    idempotencyKey: string;
    now: string;
  },
): Promise<string> {
  const payments = await trx
    .selectFrom('payments')
    .select('id')
    .where('client_id', '=', input.clientId)
    .where('booking_id', '=', input.bookingId)
    .where('provider', '=', 'stripe')
    .where('status', '=', 'succeeded')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // The amount is reserved with one conditional update per candidate (`amount_refunded + x <=
  // amount`), as api/payments/refunds.ts does: what was read above may be stale, and the row's
  // own check is what keeps refunds within what was paid, with or without the booking lock.
  let paymentId: string | undefined;
  for (const candidate of payments) {
    const reserved = await trx
      .updateTable('payments')
      .set((eb) => ({
        amount_refunded: eb('amount_refunded', '+', input.amount),
        updated_at: input.now,
      }))
      .where('client_id', '=', input.clientId)
      .where('id', '=', candidate.id)
      .where((eb) => eb(eb('amount_refunded', '+', input.amount), '<=', eb.ref('amount')))
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) === 1) {
      paymentId = candidate.id;
      break;
    }
  }
  if (!paymentId) throw new HttpError(422, messages.cardRefundsUnavailableYet);
  const refundId = newId();
  await trx
    .insertInto('refunds')
    .values({
      id: refundId,
      client_id: input.clientId,
      payment_id: paymentId,
      booking_id: input.bookingId,
      amount: input.amount,
      method: 'stripe',
      provider_ref: null,
      status: 'pending',
      idempotency_key: input.idempotencyKey,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
  await enqueue(
    trx,
    REFUND_TO_CARD_JOB,
    { clientId: input.clientId, refundId },
    { dedupeKey: `${REFUND_TO_CARD_JOB}:${refundId}` },
  );
  return refundId;
}
