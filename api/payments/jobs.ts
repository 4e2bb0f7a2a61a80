import type Stripe from 'stripe';
import type { Db } from '../db/connection.ts';
import { enqueue, type JobHandler } from '../jobs/queue.ts';
import { REFUND_TO_CARD_JOB } from '../services/bookings/refund-to-card.ts';
import { findConnectedAccount } from '../services/stripe-accounts.ts';
import {
  applyCardOutcome,
  CANCEL_INTENT_JOB,
  outcomeOf,
  paymentMethodOf,
  RECORD_FEE_JOB,
  REFUND_LATE_PAYMENT_JOB,
} from './card-payments.ts';
import { recordStripeFee } from './fees.ts';
import { RETRY_REFUND_JOB, refundToCard, sendRefund } from './refunds.ts';
import { COLLECT_INSTALMENT_JOB, collectInstalment } from './schedules.ts';
import { type StripeSettings, stripeClient } from './stripe.ts';
import {
  cancelAtStripe,
  END_SUBSCRIPTION_JOB,
  START_SUBSCRIPTIONS_JOB,
  startSubscriptions,
} from './subscriptions.ts';

export const RECONCILE_JOB = 'stripe.reconcile-payments';
export const RECONCILE_PAYMENT_JOB = 'stripe.reconcile-payment';
/** A card payment still pending this long after it started is re-checked with Stripe. */
export const RECONCILE_AFTER_MINUTES = 10;

async function paymentWithAccount(db: Db, clientId: string, paymentId: string) {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', paymentId)
    .executeTakeFirst();
  const account = await findConnectedAccount(db, clientId);
  return payment?.provider_ref && account ? { payment, account: account.account_id } : null;
}

const pendingCardPayments = (db: Db) =>
  db
    .selectFrom('payments')
    .innerJoin('connected_accounts', (join) =>
      join
        .onRef('connected_accounts.client_id', '=', 'payments.client_id')
        .on('connected_accounts.provider', '=', 'stripe'),
    )
    .leftJoin('bookings', (join) =>
      join
        .onRef('bookings.client_id', '=', 'payments.client_id')
        .onRef('bookings.id', '=', 'payments.booking_id'),
    )
    .select([
      'payments.id as payment_id',
      'payments.client_id',
      'payments.provider_ref',
      'connected_accounts.account_id',
      'bookings.status as booking_status',
      'bookings.hold_expires_at',
    ])
    .where('payments.provider', '=', 'stripe')
    .where('payments.status', '=', 'pending')
    .where('payments.provider_ref', 'is not', null);

type PendingRow = Awaited<ReturnType<ReturnType<typeof pendingCardPayments>['execute']>>[number];

type IntentView = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'last_payment_error' | 'payment_method'
>;

/** A SetupIntent (a card saved with nothing due now) read as the PaymentIntent fields we use. */
const asIntent = (s: Stripe.SetupIntent): IntentView => ({
  id: s.id,
  status: s.status,
  last_payment_error: s.last_setup_error as Stripe.PaymentIntent['last_payment_error'],
  payment_method: s.payment_method,
});

/** Reads a payment's intent, a PaymentIntent or a SetupIntent by its id's prefix. */
async function readIntent(stripe: Stripe, ref: string, options: Stripe.RequestOptions) {
  return ref.startsWith('seti_')
    ? asIntent(await stripe.setupIntents.retrieve(ref, {}, options))
    : ((await stripe.paymentIntents.retrieve(ref, {}, options)) as IntentView);
}

/** Cancels a payment's intent (abandoned), a PaymentIntent or a SetupIntent. */
async function cancelIntent(stripe: Stripe, ref: string, options: Stripe.RequestOptions) {
  return ref.startsWith('seti_')
    ? asIntent(await stripe.setupIntents.cancel(ref, { cancellation_reason: 'abandoned' }, options))
    : ((await stripe.paymentIntents.cancel(
        ref,
        { cancellation_reason: 'abandoned' },
        options,
      )) as IntentView);
}

/**
 * Re-reads one pending card payment from Stripe and applies what it finds; a payment whose
 * booking's hold ran out unpaid is cancelled at Stripe first, so a late attempt cannot charge
 * for places that are gone. Answers 'open' while the parent may still pay.
 */
async function reconcileOne(db: Db, stripe: Stripe, row: PendingRow) {
  const options = { stripeAccount: row.account_id };
  const intent = await readIntent(stripe, row.provider_ref!, options);
  let outcome = outcomeOf(intent);
  if (!outcome && row.booking_status === 'expired') {
    const cancelled = await cancelIntent(stripe, intent.id, {
      ...options,
      idempotencyKey: `cancel-intent:${row.payment_id}`,
    });
    outcome = outcomeOf(cancelled);
  }
  if (!outcome) return 'open' as const;
  return db.transaction().execute((trx) =>
    applyCardOutcome(trx, intent.id, outcome, {
      account: row.account_id,
      paymentMethod: paymentMethodOf(intent),
    }),
  );
}

/**
 * Re-reads every card payment still pending after RECONCILE_AFTER_MINUTES from Stripe, for the
 * webhooks that never came. Safe to run anywhere, any time; answers how many changed.
 *
 * @example await reconcilePendingPayments(db, stripe, new Date());
 */
export async function reconcilePendingPayments(db: Db, stripe: Stripe, now: Date) {
  const before = new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000).toISOString();
  const pending = await pendingCardPayments(db)
    .where('payments.created_at', '<', before)
    .limit(500)
    .execute();
  let changed = 0;
  for (const row of pending) {
    const effect = await reconcileOne(db, stripe, row);
    if (effect === 'confirmed' || effect === 'released' || effect === 'late-refund') changed += 1;
  }
  return changed;
}

/**
 * Queues the re-check of one card payment (at checkout, in the transaction that records it):
 * if its webhook never comes, the job finds out from Stripe.
 */
export async function scheduleReconcile(db: Db, clientId: string, paymentId: string, at: Date) {
  await enqueue(
    db,
    RECONCILE_PAYMENT_JOB,
    { clientId, paymentId },
    { runAt: at, dedupeKey: `${RECONCILE_PAYMENT_JOB}:${paymentId}:${at.toISOString()}` },
  );
}

/**
 * Queues the sweep over all pending card payments (RECONCILE_JOB) for `at`, one per
 * RECONCILE_AFTER_MINUTES window: the server queues one at start, and each run queues the next,
 * so the sweep recurs for as long as any API process runs; several processes, or a restart in
 * the same window, queue it once (the window is the dedupe key).
 *
 * @example await scheduleReconcileSweep(db, new Date());
 */
export async function scheduleReconcileSweep(db: Db, at: Date) {
  const windowMs = RECONCILE_AFTER_MINUTES * 60_000;
  const window = Math.floor(at.getTime() / windowMs);
  await enqueue(
    db,
    RECONCILE_JOB,
    {},
    { runAt: new Date(window * windowMs), dedupeKey: `${RECONCILE_JOB}:${window}` },
  );
}

/**
 * The payment jobs, for the worker (api/jobs/queue.ts): cancelling a failed payment's
 * PaymentIntent, refunding a payment that succeeded after its places were released, retrying a
 * refund whose answer never came, and the reconciliation run. Every Stripe call carries an idempotency key from our payment row.
 *
 * @example startWorker(db, { ...paymentJobHandlers(config.stripe) });
 */
export function paymentJobHandlers(settings: StripeSettings | null | undefined) {
  if (!settings) return {} as Record<string, JobHandler>;
  const stripe = stripeClient(settings);
  const handlers: Record<string, JobHandler> = {
    [CANCEL_INTENT_JOB]: async ({ clientId, paymentId }, { db }) => {
      const found = await paymentWithAccount(db, clientId, paymentId);
      if (!found) return;
      const intent = await readIntent(stripe, found.payment.provider_ref!, {
        stripeAccount: found.account,
      });
      if (intent.status === 'canceled' || intent.status === 'succeeded') return;
      await cancelIntent(stripe, intent.id, {
        stripeAccount: found.account,
        idempotencyKey: `cancel-intent:${paymentId}`,
      });
    },
    [REFUND_LATE_PAYMENT_JOB]: async ({ clientId, paymentId }, { db }) => {
      const found = await paymentWithAccount(db, clientId, paymentId);
      if (!found?.payment.booking_id) return;
      const { payment } = found;
      const amount = payment.amount - payment.amount_refunded;
      if (amount <= 0) return;
      await refundToCard(db, stripe, {
        clientId,
        bookingId: payment.booking_id!,
        amount,
        idempotencyKey: `late-refund:${payment.id}`,
      });
    },
    [RECORD_FEE_JOB]: async ({ clientId, paymentId }, { db }) => {
      const found = await paymentWithAccount(db, clientId, paymentId);
      if (found) await recordStripeFee(db, stripe, found);
    },
    [RETRY_REFUND_JOB]: async ({ clientId, refundId }, { db }) => {
      await sendRefund(db, stripe, clientId, refundId);
    },
    // A cancellation's refund, recorded as pending by the bookings service in its transaction.
    [REFUND_TO_CARD_JOB]: async ({ clientId, refundId }, { db }) => {
      await sendRefund(db, stripe, clientId, refundId);
    },
    [RECONCILE_PAYMENT_JOB]: async ({ clientId, paymentId }, { db, now }) => {
      const row = await pendingCardPayments(db)
        .where('payments.client_id', '=', clientId)
        .where('payments.id', '=', paymentId)
        .executeTakeFirst();
      if (!row) return;
      if ((await reconcileOne(db, stripe, row)) !== 'open') return;
      // Still open: look again after the hold's end (then it is abandoned) or in a while.
      const holdEnd = row.hold_expires_at ? Date.parse(row.hold_expires_at) + 60_000 : 0;
      const next = Math.max(holdEnd, now.getTime() + RECONCILE_AFTER_MINUTES * 60_000);
      await scheduleReconcile(db, clientId, paymentId, new Date(next));
    },
    [START_SUBSCRIPTIONS_JOB]: async ({ clientId, bookingId, paymentMethod }, { db, now }) => {
      await startSubscriptions(db, stripe, { clientId, bookingId, paymentMethod, now });
    },
    [END_SUBSCRIPTION_JOB]: async ({ clientId, subscriptionId }, { db }) => {
      await cancelAtStripe(db, stripe, clientId, subscriptionId);
    },
    [COLLECT_INSTALMENT_JOB]: async (payload, { db, now }) => {
      const charge = await collectInstalment(db, stripe, payload);
      if (!charge) return;
      // An off-session charge answers at once: settle it now, as the webhook would. The webhook
      // (or, if it never comes, the per-payment reconcile queued here) finds nothing left to do.
      const outcome = charge.intent ? outcomeOf(charge.intent) : charge.intentId ? 'failed' : null;
      const account = await findConnectedAccount(db, payload.clientId);
      await db.transaction().execute(async (trx) => {
        if (outcome && charge.intentId)
          await applyCardOutcome(trx, charge.intentId, outcome, {
            account: account?.account_id ?? null,
            paymentId: charge.paymentId,
          });
        await scheduleReconcile(
          trx,
          payload.clientId,
          charge.paymentId,
          new Date(now.getTime() + RECONCILE_AFTER_MINUTES * 60_000),
        );
      });
    },
    [RECONCILE_JOB]: async (_payload, { db, now }) => {
      // The next sweep is queued before this one works, so a failing run does not end them.
      await scheduleReconcileSweep(db, new Date(now.getTime() + RECONCILE_AFTER_MINUTES * 60_000));
      await reconcilePendingPayments(db, stripe, now);
    },
  };
  return handlers;
}
