import { releaseDue } from '../../../engine/holds.ts';
import { paymentChased } from '../../../engine/reminders.ts';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../db/ids.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import {
  enqueueBookingConfirmation,
  enqueuePaymentReceived,
  enqueueUnpaidReleased,
} from '../../mail/booking-messages.ts';
import { inTransaction } from './transaction.ts';

/*
 * What happens to a booking after it is made, for the payments engineer's webhooks and for the
 * hold-expiry job. Both functions may be called twice for the same event (a retried webhook, a
 * job run again after a crash): each state change is a conditional update, so only the first
 * call changes anything.
 */

export interface BookingPaymentInput {
  clientId: string;
  bookingId: string;
  /** 'stripe', 'childcareVoucher', 'payLater', 'offline'… */
  provider: string;
  /** The provider's id of the payment (e.g. a PaymentIntent id); one payment row per ref. */
  providerRef: string | null;
  /** Minor units received. */
  amount: number;
}

/** Moves a booking's places, items and add-ons from one status to another (rows in `from` only). */
export async function setLineStatus(
  trx: Db,
  clientId: string,
  bookingId: string,
  from: string,
  to: 'confirmed' | 'expired',
  now: string,
) {
  await trx
    .updateTable('booking_places')
    .set({ status: to, hold_expires_at: null, updated_at: now })
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .where('status', '=', from as 'held')
    .execute();
  for (const table of ['booking_items', 'booking_add_ons'] as const) {
    await trx
      .updateTable(table)
      .set({ status: to, updated_at: now })
      .where('client_id', '=', clientId)
      .where('booking_id', '=', bookingId)
      .where('status', '=', from)
      .execute();
  }
}

/**
 * Records a received payment and confirms the booking: held or awaiting payment → confirmed,
 * held places → confirmed. Calling it again with the same provider ref records nothing more.
 * Answers the booking's status afterwards: 'expired' means the money came after the hold was
 * released, and the caller must refund it.
 *
 * @example await confirmBookingPayment(db, { clientId, bookingId, provider: 'stripe', providerRef: intent.id, amount: intent.amount_received });
 */
export async function confirmBookingPayment(
  db: Db,
  input: BookingPaymentInput,
): Promise<{ status: string; paymentId: string }> {
  const { clientId, bookingId } = input;
  return inTransaction(db, async (trx) => {
    const booking = await trx
      .selectFrom('bookings')
      .select([
        'id',
        'status',
        'user_id',
        'currency',
        'childcare_voucher_provider_id',
        'hold_expires_at',
      ])
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!booking) throw notFound();
    const now = new Date().toISOString();
    const previous = input.providerRef
      ? await trx
          .selectFrom('payments')
          .select(['id', 'status'])
          .where('client_id', '=', clientId)
          .where('booking_id', '=', bookingId)
          .where('provider', '=', input.provider)
          .where('provider_ref', '=', input.providerRef)
          .executeTakeFirst()
      : undefined;
    let paymentId = previous?.id;
    if (!previous) {
      paymentId = newId();
      await trx
        .insertInto('payments')
        .values({
          id: paymentId,
          client_id: clientId,
          booking_id: bookingId,
          user_id: booking.user_id,
          provider: input.provider,
          provider_ref: input.providerRef,
          childcare_voucher_provider_id:
            input.provider === 'childcareVoucher' ? booking.childcare_voucher_provider_id : null,
          amount: input.amount,
          currency: booking.currency,
          status: 'succeeded',
          created_at: now,
          updated_at: now,
        })
        .execute();
    } else if (previous.status !== 'succeeded') {
      await trx
        .updateTable('payments')
        .set({ status: 'succeeded', amount: input.amount, updated_at: now })
        .where('id', '=', previous.id)
        .execute();
    }
    // Money that arrives after the hold ran out must not take back a place that may be gone:
    // the hold is released and the caller refunds.
    if (
      booking.status === 'held' &&
      booking.hold_expires_at &&
      Date.parse(booking.hold_expires_at) <= Date.parse(now)
    ) {
      await releaseBooking(trx, clientId, bookingId, 'expired');
      return { status: 'expired', paymentId: paymentId! };
    }
    const moved = await trx
      .updateTable('bookings')
      .set({ status: 'confirmed', confirmed_at: now, hold_expires_at: null, updated_at: now })
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .where('status', 'in', ['held', 'awaiting_payment'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1)
      await setLineStatus(trx, clientId, bookingId, 'held', 'confirmed', now);
    // A card booking's confirmation goes out once it is paid; a booking that was awaiting an
    // offline payment already had its confirmation, and now hears the payment arrived.
    if (Number(moved.numUpdatedRows) === 1)
      await (booking.status === 'awaiting_payment'
        ? enqueuePaymentReceived(trx, {
            clientId,
            bookingId,
            paymentId: paymentId!,
            now: new Date(now),
          })
        : enqueueBookingConfirmation(trx, { clientId, bookingId, now: new Date(now) }));
    if (Number(moved.numUpdatedRows) === 1) return { status: 'confirmed', paymentId: paymentId! };
    // Nothing moved: another transaction changed the booking after our first read (on PostgreSQL
    // the update waited for it), so the status read above is stale. Answer what it is now, or a
    // caller would take a booking confirmed a moment ago for a released one and refund it.
    const current = await trx
      .selectFrom('bookings')
      .select('status')
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    return { status: current.status, paymentId: paymentId! };
  });
}

/**
 * Releases an unpaid booking: booking and its places → expired, account credit and pass credits
 * it spent given back, its discount redemptions removed (and the rules' use counts lowered) so
 * the code can be used again. 'expired' and 'failed' release a hold (held places); 'unpaid'
 * releases a booking awaiting an offline payment whose deadline passed (its kept places; its
 * `payment_due_at` stays, which is how it reads as "not paid in time"). Returns whether this call
 * released it.
 *
 * @example await releaseBooking(db, clientId, bookingId, 'expired');
 */
export async function releaseBooking(
  db: Db,
  clientId: string,
  bookingId: string,
  reason: 'expired' | 'failed' | 'unpaid',
): Promise<boolean> {
  if (reason !== 'expired' && reason !== 'failed' && reason !== 'unpaid')
    throw new HttpError(400, 'Unknown reason.');
  const from = reason === 'unpaid' ? 'awaiting_payment' : 'held';
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const moved = await trx
      .updateTable('bookings')
      .set({ status: 'expired', hold_expires_at: null, updated_at: now })
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await setLineStatus(
      trx,
      clientId,
      bookingId,
      from === 'held' ? 'held' : 'confirmed',
      'expired',
      now,
    );
    await reverseBookingSpend(trx, clientId, bookingId, now);
    // The parent is told in the same transaction (outbox rule): no release, no message.
    if (reason === 'unpaid') {
      const released = await trx
        .selectFrom('bookings')
        .select(['payment_due_at', 'payment_method'])
        .where('client_id', '=', clientId)
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      if (paymentChased(released.payment_method))
        await enqueueUnpaidReleased(trx, {
          clientId,
          bookingId,
          dueAt: released.payment_due_at,
        });
    }
    return true;
  });
}

/** Gives back the credit and passes a booking spent and forgets its discount redemptions. */
async function reverseBookingSpend(trx: Db, clientId: string, bookingId: string, now: string) {
  const stamp = { client_id: clientId, created_at: now, updated_at: now };
  const credit = await trx
    .selectFrom('account_credit_ledger')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .where('source', '=', 'booking')
    .execute();
  for (const entry of credit) {
    await trx
      .insertInto('account_credit_ledger')
      .values({
        id: newId(),
        ...stamp,
        user_id: entry.user_id,
        amount: -entry.amount,
        expires_at: entry.expires_at,
        source: 'booking-released',
        booking_id: bookingId,
        refund_id: null,
      })
      .execute();
  }
  const passes = await trx
    .selectFrom('pass_credit_ledger')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .where('credits', '<', 0)
    .execute();
  for (const entry of passes) {
    await trx
      .insertInto('pass_credit_ledger')
      .values({
        id: newId(),
        ...stamp,
        user_id: entry.user_id,
        session_pass_id: entry.session_pass_id,
        credits: -entry.credits,
        expires_at: entry.expires_at,
        booking_id: bookingId,
        payment_id: null,
      })
      .execute();
  }
  const redemptions = await trx
    .selectFrom('discount_redemptions')
    .select(['id', 'discount_rule_id'])
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .execute();
  for (const r of redemptions) {
    await trx
      .updateTable('discount_rules')
      .set((eb) => ({ times_used: eb('times_used', '-', 1), updated_at: now }))
      .where('client_id', '=', clientId)
      .where('id', '=', r.discount_rule_id)
      .where('times_used', '>', 0)
      .execute();
    await trx.deleteFrom('discount_redemptions').where('id', '=', r.id).execute();
  }
}

/**
 * Releases every hold whose time is up and every booking awaiting payment past its deadline: the
 * safety net behind the per-booking jobs (run at start-up, so places that came due while no
 * server ran are back on sale before anyone books).
 *
 * @example const released = await sweepExpiredHolds(db, new Date());
 */
export async function sweepExpiredHolds(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('bookings')
    .select(['id', 'client_id', 'status', 'hold_expires_at', 'payment_due_at'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'held'), eb('hold_expires_at', '<=', now.toISOString())]),
        eb.and([
          eb('status', '=', 'awaiting_payment'),
          eb('payment_due_at', '<=', now.toISOString()),
        ]),
      ]),
    )
    .limit(1000)
    .execute();
  let released = 0;
  for (const b of due) {
    const reason = releaseDue(
      { status: b.status, holdExpiresAt: b.hold_expires_at, paymentDueAt: b.payment_due_at },
      now.getTime(),
    );
    if (!reason) continue;
    const done = await releaseBooking(
      db,
      b.client_id,
      b.id,
      reason === 'hold' ? 'expired' : 'unpaid',
    );
    if (done) released += 1;
  }
  return released;
}
