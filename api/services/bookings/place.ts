import {
  type Basket,
  messages,
  newBookingState,
  type PriceResult,
  paymentDueAt,
  paymentMethodProblem,
  placeHoldProblem,
  recurringPaymentProblem,
  unpaidBookingsProblem,
} from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { readJson } from '../../db/json.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueBookingConfirmation } from '../../mail/booking-messages.ts';
import { markReEnrolmentAccepted } from '../re-enrolment-places.ts';
import { markOffersUsed } from '../waitlists.ts';
import { enqueueUnpaidRelease } from './create.ts';
import { releaseBooking, setLineStatus } from './lifecycle.ts';
import { basketError, cardAvailable, listEnabledVoucherProviders, loadClient } from './load.ts';
import { startSubscriptionsWithoutCard } from './subscription-start.ts';
import { inTransaction } from './transaction.ts';

type Method = Basket['paymentMethod'];

/**
 * Places a basket held at the payment step (`createBooking` with `hold`): the parent has chosen
 * how to pay, within the hold's time. Card: the booking stays held, same expiry, until the card
 * payment confirms it. Voucher, Tax-Free Childcare or pay later: awaiting payment, its places
 * kept until the organiser marks it paid or the organiser's deadline passes (`expire-unpaid`).
 * Nothing due: confirmed. Placing it again with the same method answers the same booking.
 *
 * @example await placeHeldBooking({ db, stripeConfigured }, { clientId, userId, bookingId, paymentMethod: { type: 'payLater' } });
 */
export async function placeHeldBooking(
  handle: { db: Db; stripeConfigured: boolean },
  input: { clientId: string; userId: string; bookingId: string; paymentMethod: Method },
  now: number = Date.now(),
): Promise<void> {
  const { clientId, userId, bookingId } = input;
  await inTransaction(handle.db, async (trx) => {
    const booking = await trx
      .selectFrom('bookings')
      .select(['status', 'payment_method', 'hold_expires_at', 'amount_due_now', 'pricing'])
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!booking) throw notFound();
    const price = readJson<Partial<PriceResult>>(booking.pricing, {});
    const subscriptions = price.recurring?.length ?? 0;
    const laterInstalments = price.schedule?.length ?? 0;
    // A membership or instalments need the card even when nothing is due today (as on create);
    // what is stored is the method of what is paid now.
    const chosen = input.paymentMethod ?? null;
    // A card saved for a membership or instalments is the card method even at £0 today.
    const savesCard = subscriptions + laterInstalments > 0 && chosen?.type === 'card';
    const method = booking.amount_due_now > 0 || savesCard ? chosen : null;
    // A retried request (the answer was lost) finds its own booking placed: same answer.
    if (booking.status !== 'held' || booking.payment_method) {
      const same = (booking.payment_method ?? null) === (method?.type ?? null);
      if (same && booking.status !== 'expired' && booking.status !== 'cancelled') return;
    }
    const problem = placeHoldProblem(
      {
        status: booking.status,
        paymentMethod: booking.payment_method,
        holdExpiresAt: booking.hold_expires_at,
      },
      now,
    );
    if (problem) throw new HttpError(409, problem);
    const client = await loadClient(trx, clientId);
    const recurring = subscriptions + laterInstalments > 0;
    const card = recurring || chosen?.type === 'card';
    const canCharge = card ? await cardAvailable(trx, clientId, handle.stripeConfigured) : false;
    const methodProblem = paymentMethodProblem({
      amountDueNow: booking.amount_due_now,
      method,
      allowPayLater: client.allow_pay_later === 1,
      voucherProviderIds:
        method?.type === 'childcareVoucher'
          ? (await listEnabledVoucherProviders(trx, clientId)).map((p) => p.id)
          : [],
      cardAvailable: canCharge,
      laterInstalments,
    });
    if (methodProblem) throw basketError('paymentMethod', methodProblem);
    const recurringProblem = recurringPaymentProblem({
      subscriptions,
      laterInstalments,
      method: chosen,
      cardAvailable: canCharge,
    });
    if (recurringProblem) throw basketError('paymentMethod', recurringProblem);
    const state = newBookingState(
      booking.amount_due_now,
      method?.type,
      subscriptions + laterInstalments > 0,
    );
    if (state.booking === 'awaiting_payment') {
      const open = await trx
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .where('status', '=', 'awaiting_payment')
        .where('created_by_admin_id', 'is', null)
        .executeTakeFirstOrThrow();
      const unpaid = unpaidBookingsProblem({ newState: state.booking, openUnpaid: Number(open.n) });
      if (unpaid) throw new HttpError(429, unpaid);
    }
    const nowIso = new Date(now).toISOString();
    const dueAt =
      state.booking === 'awaiting_payment' ? paymentDueAt(now, client.unpaid_release_days) : null;
    const moved = await trx
      .updateTable('bookings')
      .set({
        status: state.booking,
        payment_method: method?.type ?? null,
        childcare_voucher_provider_id:
          method?.type === 'childcareVoucher' ? (method.childcareVoucherProvider ?? null) : null,
        // A card keeps the hold's clock running: the countdown started at the payment step.
        ...(state.booking === 'held' ? {} : { hold_expires_at: null }),
        payment_due_at: dueAt,
        confirmed_at: state.booking === 'confirmed' ? nowIso : null,
        updated_at: nowIso,
      })
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .where('status', '=', 'held')
      .where('payment_method', 'is', null)
      .where('hold_expires_at', '>', nowIso)
      .executeTakeFirst();
    // Released or placed by a concurrent request between our read and this update.
    if (Number(moved.numUpdatedRows) !== 1) {
      const latest = await trx
        .selectFrom('bookings')
        .select(['status', 'payment_method'])
        .where('client_id', '=', clientId)
        .where('id', '=', bookingId)
        .executeTakeFirstOrThrow();
      if (latest.status !== 'expired' && latest.payment_method === (method?.type ?? null)) return;
      throw new HttpError(
        409,
        latest.status === 'expired' ? messages.holdExpired : messages.bookingAlreadyPlaced,
      );
    }
    if (state.places === 'confirmed')
      await setLineStatus(trx, clientId, bookingId, 'held', 'confirmed', nowIso);
    if (dueAt) await enqueueUnpaidRelease(trx, clientId, bookingId, dueAt);
    // The waitlist offers this booking fulfils become Used now that it is placed, not held.
    const places = await trx
      .selectFrom('booking_places as p')
      .innerJoin('booking_items as i', 'i.id', 'p.booking_item_id')
      .select(['p.attendee_id', 'p.activity_id', 'i.activity_group_id'])
      .where('p.client_id', '=', clientId)
      .where('p.booking_id', '=', bookingId)
      .execute();
    await markOffersUsed(
      trx,
      clientId,
      places.map((p) => ({
        attendeeId: p.attendee_id,
        sessionId: p.activity_id,
        groupId: p.activity_group_id,
      })),
    );
    await markReEnrolmentAccepted(
      trx,
      clientId,
      bookingId,
      places.map((p) => ({ attendeeId: p.attendee_id, groupId: p.activity_group_id })),
      Date.parse(nowIso),
    );
    // The parent hears once the places are theirs; a card hold hears when it is paid.
    if (state.booking !== 'held')
      await enqueueBookingConfirmation(trx, { clientId, bookingId, now: new Date(now) });
    if (state.booking === 'confirmed')
      await startSubscriptionsWithoutCard(trx, {
        clientId,
        bookingId,
        stripeConfigured: handle.stripeConfigured,
      });
  });
}

/**
 * Gives a hold's places back when the parent leaves the payment step (Back to the basket) before
 * placing it. A placed booking is not touched: a card hold runs until paid or expired.
 *
 * @example await releaseUnplacedHold(db, { clientId, userId, bookingId });
 */
export async function releaseUnplacedHold(
  db: Db,
  input: { clientId: string; userId: string; bookingId: string },
): Promise<void> {
  const booking = await db
    .selectFrom('bookings')
    .select(['status', 'payment_method'])
    .where('client_id', '=', input.clientId)
    .where('user_id', '=', input.userId)
    .where('id', '=', input.bookingId)
    .executeTakeFirst();
  if (!booking) throw notFound();
  if (booking.status !== 'held' || booking.payment_method) return;
  await releaseBooking(db, input.clientId, input.bookingId, 'expired');
}
