import type { Db } from '../../db/connection.ts';
import { queueSubscriptionStart, subscriptionItemsOf } from '../../payments/subscriptions.ts';

/**
 * A booking confirmed without a card (nothing due now, or marked paid by the organiser) still
 * starts its subscription tickets' monthly Stripe subscriptions: with no saved card Stripe
 * invoices the parent each month. Card bookings start theirs from the payments webhook, with
 * the card. Without Stripe keys on this server there is nothing to start.
 *
 * @example await startSubscriptionsWithoutCard(trx, { clientId, bookingId, stripeConfigured: true });
 */
export async function startSubscriptionsWithoutCard(
  trx: Db,
  input: { clientId: string; bookingId: string; stripeConfigured: boolean },
): Promise<void> {
  if (!input.stripeConfigured) return;
  const { clientId, bookingId } = input;
  if ((await subscriptionItemsOf(trx, clientId, bookingId)).length === 0) return;
  await queueSubscriptionStart(trx, { clientId, bookingId, paymentMethod: null });
}
