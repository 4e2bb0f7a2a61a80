import type Stripe from 'stripe';
import type { Db } from '../db/connection.ts';
import type { PaymentsTable } from '../db/schema.ts';
import { nowIso } from '../db/time.ts';

/*
 * What Stripe kept of a card payment (docs/rules/exports.md): the fee on the balance transaction
 * of the PaymentIntent's charge, on the organiser's connected account. Read once, after the
 * payment succeeded, by a job; running it again changes nothing. A fee in another currency than
 * the payment's (a balance kept in another currency) is left unknown rather than mixed in.
 */

/**
 * Stores the Stripe fee of one succeeded card payment, if Stripe reports one.
 *
 * @example await recordStripeFee(db, stripe, { payment, account: 'acct_1' });
 */
export async function recordStripeFee(
  db: Db,
  stripe: Stripe,
  {
    payment,
    account,
  }: {
    payment: Pick<
      PaymentsTable,
      'id' | 'client_id' | 'provider_ref' | 'currency' | 'status' | 'stripe_fee'
    >;
    account: string;
  },
): Promise<number | null> {
  if (payment.stripe_fee !== null) return payment.stripe_fee;
  if (payment.status !== 'succeeded' || !payment.provider_ref?.startsWith('pi_')) return null;
  const options = { stripeAccount: account };
  const intent = await stripe.paymentIntents.retrieve(payment.provider_ref, {}, options);
  const chargeId =
    typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
  if (!chargeId) return null;
  const charge = await stripe.charges.retrieve(
    chargeId,
    { expand: ['balance_transaction'] },
    options,
  );
  const txn = charge.balance_transaction;
  if (!txn || typeof txn === 'string') return null;
  if (txn.currency.toLowerCase() !== payment.currency.toLowerCase()) return null;
  await db
    .updateTable('payments')
    .set({ stripe_fee: txn.fee, updated_at: nowIso() })
    .where('client_id', '=', payment.client_id)
    .where('id', '=', payment.id)
    .where('stripe_fee', 'is', null)
    .execute();
  return txn.fee;
}
