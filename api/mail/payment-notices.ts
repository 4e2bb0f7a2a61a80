import type Stripe from 'stripe';
import { instalmentNoticeAt } from '../../engine/instalment-reminder.ts';
import type { Db } from '../db/connection.ts';
import { enqueueAdminNotices } from './admin-notifications.ts';
import { enqueueMessage } from './outbox.ts';

/*
 * Messages about card and subscription payments (docs/rules/messages.md), written inside the
 * transaction that records what Stripe told us.
 */

/**
 * A card payment (checkout or a scheduled instalment) was declined: the admins who chose to hear
 * of failed payments are told. One notice per payment.
 *
 * @example await enqueueCardPaymentFailed(trx, { clientId, bookingId, paymentId, amount, what: 'card payment' });
 */
export async function enqueueCardPaymentFailed(
  trx: Db,
  input: {
    clientId: string;
    bookingId: string;
    paymentId: string;
    amount: number;
    what: 'card payment' | 'scheduled instalment';
    reason?: string | null;
  },
) {
  await enqueueAdminNotices(trx, {
    clientId: input.clientId,
    key: 'paymentFailed',
    event: `payment:${input.paymentId}`,
    bookingId: input.bookingId,
    payload: { amount: input.amount, what: input.what, reason: input.reason ?? null },
  });
}

/**
 * A subscription's monthly invoice could not be collected: the parent is asked to update their
 * card or pay, and the admins who chose it are told. One of each per invoice and attempt, so
 * Stripe's retries of the same charge each tell the parent once.
 *
 * @example await enqueueSubscriptionPaymentFailed(trx, { clientId, bookingId, invoiceId, attempt, amount });
 */
export async function enqueueSubscriptionPaymentFailed(
  trx: Db,
  input: {
    clientId: string;
    bookingId: string;
    invoiceId: string;
    attempt: number;
    amount: number;
    reason?: string | null;
    /** When Stripe tries again, if it will (ISO). */
    nextAttemptAt?: string | null;
  },
) {
  const parent = await trx
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('b.client_id', '=', input.clientId)
    .where('b.id', '=', input.bookingId)
    .executeTakeFirst();
  if (!parent) return;
  const event = `${input.invoiceId}:${input.attempt}`;
  const payload = {
    amount: input.amount,
    reason: input.reason ?? null,
    nextAttemptAt: input.nextAttemptAt ?? null,
    what: 'subscription payment',
  };
  await enqueueMessage(trx, {
    clientId: input.clientId,
    kind: 'subscription-payment-failed',
    eventKey: `subscription-payment-failed:${event}`,
    to: { email: parent.email, name: parent.full_name, userId: parent.id },
    bookingId: input.bookingId,
    payload,
  });
  await enqueueAdminNotices(trx, {
    clientId: input.clientId,
    key: 'paymentFailed',
    event: `subscription:${event}`,
    bookingId: input.bookingId,
    payload,
  });
}

/**
 * Writes, with the job that will collect it, the parent's notice before a payment-schedule
 * instalment is taken from their card (engine `instalmentNoticeAt`: 3 days before). One per
 * instalment; skipped if it was paid, cancelled or failed by then.
 *
 * @example await enqueueInstalmentNotice(trx, { clientId, bookingId, scheduledPaymentId, collectAt, now });
 */
export async function enqueueInstalmentNotice(
  trx: Db,
  input: {
    clientId: string;
    bookingId: string;
    scheduledPaymentId: string;
    collectAt: number;
    now?: Date;
  },
) {
  const now = input.now ?? new Date();
  const at = instalmentNoticeAt(now.getTime(), input.collectAt);
  if (at === null) return null;
  const parent = await trx
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('b.client_id', '=', input.clientId)
    .where('b.id', '=', input.bookingId)
    .executeTakeFirstOrThrow();
  return enqueueMessage(trx, {
    clientId: input.clientId,
    kind: 'instalment-due',
    eventKey: `instalment-due:${input.scheduledPaymentId}`,
    to: { email: parent.email, name: parent.full_name, userId: parent.id },
    bookingId: input.bookingId,
    payload: {
      scheduledPaymentId: input.scheduledPaymentId,
      collectAt: new Date(input.collectAt).toISOString(),
    },
    now,
    sendAt: new Date(at),
  });
}

/** The subscription id an invoice belongs to, in both of Stripe's shapes. */
function subscriptionOf(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  const current = (
    invoice as unknown as {
      parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
    }
  ).parent?.subscription_details?.subscription;
  const sub = current ?? legacy ?? null;
  return typeof sub === 'string' ? sub : (sub?.id ?? null);
}

/**
 * Stripe's `invoice.payment_failed` for one of our subscriptions, inside the webhook's
 * transaction: the parent and the admins who chose it are told. An invoice of another account's
 * subscription, or of none of ours, changes nothing.
 */
export async function applyInvoicePaymentFailed(
  trx: Db,
  invoice: Stripe.Invoice,
  account: string | null,
): Promise<'notified' | 'none'> {
  const subscriptionId = subscriptionOf(invoice);
  if (!subscriptionId || !invoice.id) return 'none';
  const row = await trx
    .selectFrom('subscriptions as s')
    .innerJoin('connected_accounts as a', (join) =>
      join.onRef('a.client_id', '=', 's.client_id').on('a.provider', '=', 'stripe'),
    )
    .select(['s.client_id', 's.booking_id', 'a.account_id'])
    .where('s.provider_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row?.booking_id || (account && row.account_id !== account)) return 'none';
  await enqueueSubscriptionPaymentFailed(trx, {
    clientId: row.client_id,
    bookingId: row.booking_id,
    invoiceId: invoice.id,
    attempt: invoice.attempt_count ?? 1,
    amount: invoice.amount_due ?? 0,
    nextAttemptAt: invoice.next_payment_attempt
      ? new Date(invoice.next_payment_attempt * 1000).toISOString()
      : null,
  });
  return 'notified';
}
