import type Stripe from 'stripe';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { fromFlag, nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { findConnectedAccount } from '../services/stripe-accounts.ts';
import { RECONCILE_AFTER_MINUTES, scheduleReconcile } from './jobs.ts';
import { hasSchedule } from './schedules.ts';
import { type StripeSettings, stripeFailure } from './stripe.ts';
import { ensureCustomer, subscriptionItemsOf } from './subscriptions.ts';

/*
 * The start of a card payment: a PaymentIntent on the organiser's connected account (a direct
 * charge, so the organiser's own payment method configuration decides what the Payment Element
 * offers) for the amount the engine computed when the booking was made (`amount_due_now`).
 * The /pay page asks for it; asking again answers the same PaymentIntent, so a reload, a
 * second tab or a retried request never makes a second charge.
 */

/** Why a booking cannot be paid by card now (ours: the spec is silent). */
export const checkoutMessages = {
  notCard: 'This booking is not paid by card.',
  released:
    'Sorry, the time to pay for this booking ran out and its places were released. Please book again.',
  nothingDue: 'There is nothing to pay for this booking.',
  unavailable: 'Card payments are not available for this organiser at the moment.',
} as const;

export interface CardCheckout {
  bookingId: string;
  /** 'confirmed' once paid (nothing more to do), else 'awaiting_payment'. */
  status: 'awaiting_payment' | 'confirmed';
  amount: number;
  currency: string;
  holdExpiresAt: string | null;
  /** For Stripe.js on the /pay page; absent once confirmed. */
  clientSecret?: string;
  publishableKey?: string;
  stripeAccount?: string;
  /** The PaymentIntent's state, so a page returning from a redirect can report the outcome. */
  paymentStatus?: Stripe.PaymentIntent.Status | Stripe.SetupIntent.Status;
  /**
   * 'setup' when nothing is due now but a membership or instalments will charge the card later:
   * the page saves the card (a SetupIntent) instead of taking a payment.
   */
  mode?: 'payment' | 'setup';
}

/** The idempotency key of a booking's PaymentIntent: one intent per booking, ever. */
export const intentKey = (bookingId: string) => `payment-intent:${bookingId}`;

/**
 * Creates (or finds) the PaymentIntent of a customer's held card booking and records it as a
 * pending payment. Only the booking's own customer may start it.
 *
 * @example const checkout = await startCardCheckout(db, stripe, settings, { clientId, userId, bookingId });
 */
export async function startCardCheckout(
  db: Db,
  stripe: Stripe,
  settings: StripeSettings,
  input: { clientId: string; userId: string; bookingId: string; now?: Date },
): Promise<CardCheckout> {
  const { clientId, bookingId } = input;
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'status', 'payment_method', 'amount_due_now', 'currency', 'hold_expires_at'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', input.userId)
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) throw notFound();
  if (booking.payment_method !== 'card') throw new HttpError(409, checkoutMessages.notCard);
  const base = {
    bookingId,
    amount: booking.amount_due_now,
    currency: booking.currency,
    holdExpiresAt: booking.hold_expires_at,
  };
  if (booking.status === 'confirmed') return { ...base, status: 'confirmed' };
  const now = input.now ?? new Date();
  const expired =
    booking.status !== 'held' ||
    (booking.hold_expires_at !== null && booking.hold_expires_at <= now.toISOString());
  if (expired) throw new HttpError(409, checkoutMessages.released);
  // Subscriptions and payment schedules charge this card again later: keep it. With nothing
  // due now, keeping it is the whole point of the page (issue 11: no membership at £0 for good).
  const recurring =
    (await subscriptionItemsOf(db, clientId, bookingId)).length > 0 ||
    (await hasSchedule(db, clientId, bookingId));
  const saving = booking.amount_due_now <= 0;
  if (saving && !recurring) throw new HttpError(409, checkoutMessages.nothingDue);
  const account = await findConnectedAccount(db, clientId);
  if (!account || !fromFlag(account.connected) || !fromFlag(account.charges_enabled))
    throw new HttpError(409, checkoutMessages.unavailable);
  const options: Stripe.RequestOptions = { stripeAccount: account.account_id };

  const recorded = await db
    .selectFrom('payments')
    .select('provider_ref')
    .where('client_id', '=', clientId)
    .where('booking_id', '=', bookingId)
    .where('provider', '=', 'stripe')
    .executeTakeFirst();
  let intent: Stripe.PaymentIntent | Stripe.SetupIntent;
  try {
    const keepCard = !recorded && recurring;
    const subscriber = keepCard
      ? await ensureCustomer(db, stripe, {
          clientId,
          userId: input.userId,
          accountId: account.account_id,
        })
      : null;
    // A replayed create answers the intent as it was created; a re-read answers its state now.
    intent = recorded?.provider_ref
      ? recorded.provider_ref.startsWith('seti_')
        ? await stripe.setupIntents.retrieve(recorded.provider_ref, {}, options)
        : await stripe.paymentIntents.retrieve(recorded.provider_ref, {}, options)
      : saving
        ? await stripe.setupIntents.create(
            {
              customer: subscriber ?? undefined,
              usage: 'off_session',
              automatic_payment_methods: { enabled: true },
              ...(account.payment_method_config_id
                ? { payment_method_configuration: account.payment_method_config_id }
                : {}),
              metadata: { clientId, bookingId },
            },
            { ...options, idempotencyKey: `setup-intent:${bookingId}` },
          )
        : await stripe.paymentIntents.create(
            {
              amount: booking.amount_due_now,
              currency: booking.currency.toLowerCase(),
              automatic_payment_methods: { enabled: true },
              ...(account.payment_method_config_id
                ? { payment_method_configuration: account.payment_method_config_id }
                : {}),
              metadata: { clientId, bookingId },
              // Saved to the parent's Customer for the subscription or the later instalments.
              ...(subscriber
                ? { customer: subscriber, setup_future_usage: 'off_session' as const }
                : {}),
            },
            { ...options, idempotencyKey: intentKey(bookingId) },
          );
  } catch (error) {
    throw stripeFailure(error);
  }
  const stamp = nowIso();
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('payments')
      .values({
        id: newId(),
        client_id: clientId,
        booking_id: bookingId,
        user_id: input.userId,
        provider: 'stripe',
        provider_ref: intent.id,
        childcare_voucher_provider_id: null,
        amount: intent.object === 'payment_intent' ? intent.amount : 0,
        currency: booking.currency,
        status: 'pending',
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.columns(['client_id', 'provider', 'provider_ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // If the webhook never comes, this job asks Stripe how the payment went.
    if (inserted)
      await scheduleReconcile(
        trx,
        clientId,
        inserted.id,
        new Date(now.getTime() + RECONCILE_AFTER_MINUTES * 60_000),
      );
  });
  return {
    ...base,
    status: 'awaiting_payment',
    clientSecret: intent.client_secret ?? undefined,
    publishableKey: settings.publishableKey,
    stripeAccount: account.account_id,
    paymentStatus: intent.status,
    mode: intent.object === 'setup_intent' ? 'setup' : 'payment',
  };
}
