import type { Context } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';
import { applyInvoicePaymentFailed } from '../mail/payment-notices.ts';
import { saveAccountFlags } from '../services/stripe-accounts.ts';
import { applyCardOutcome, type CardOutcome, paymentMethodOf } from './card-payments.ts';
import { applyRefundEvent } from './refunds.ts';
import { STRIPE_NOT_CONFIGURED, stripeClient } from './stripe.ts';
import { applySubscriptionEvent } from './subscriptions.ts';

/** Stripe's default: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Our answer to Stripe for an event about one of our intents we have no payment row for. */
export const UNKNOWN_INTENT = 'Payment not recorded yet; deliver this event again later.';

const INTENT_EVENTS: Record<string, CardOutcome> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
  // A card saved with nothing due now (a membership booked mid-month): the same outcomes.
  'setup_intent.succeeded': 'succeeded',
  'setup_intent.setup_failed': 'failed',
  'setup_intent.canceled': 'canceled',
};

/**
 * Applies one Stripe event exactly once: its id goes into provider_events in the same
 * transaction as its effects, so a second delivery (Stripe retries, or sends twice) finds it
 * there and changes nothing, and a failure rolls both back so Stripe's retry applies it later.
 * Effects are monotonic (see card-payments.ts), so the order of deliveries does not matter.
 *
 * @example const { applied } = await applyStripeEvent(db, event);
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event) {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('provider_events')
      .values({ id: `stripe:${event.id}`, type: event.type, processed_at: nowIso() })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { applied: false, effect: 'duplicate' };
    const outcome = INTENT_EVENTS[event.type];
    if (outcome) {
      const intent = event.data.object as Stripe.PaymentIntent;
      const effect = await applyCardOutcome(trx, intent.id, outcome, {
        account: event.account ?? null,
        paymentMethod: paymentMethodOf(intent),
        paymentId: intent.metadata?.paymentId ?? null,
      });
      // One of our intents (we set clientId on each) whose payment row is not there (yet): not
      // recording the event, and answering an error, has Stripe deliver it again later, when
      // the row exists. Anyone else's intent on the account is simply not ours to apply.
      if (effect === 'unknown' && intent.metadata?.clientId)
        throw new HttpError(503, UNKNOWN_INTENT);
      return { applied: true, effect: effect === 'unknown' ? 'none' : effect };
    }
    if (
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.deleted'
    ) {
      const subscription = event.data.object as Stripe.Subscription;
      return {
        applied: true,
        effect: await applySubscriptionEvent(
          trx,
          subscription,
          event.account ?? null,
          event.created,
        ),
      };
    }
    // A subscription's monthly charge failed: the parent (and admins who asked) are told.
    if (event.type === 'invoice.payment_failed') {
      const invoice = event.data.object as Stripe.Invoice;
      return {
        applied: true,
        effect: await applyInvoicePaymentFailed(trx, invoice, event.account ?? null),
      };
    }
    if (event.type === 'refund.updated' || event.type === 'charge.refund.updated') {
      const refund = event.data.object as Stripe.Refund;
      return { applied: true, effect: await applyRefundEvent(trx, refund, event.account ?? null) };
    }
    if (event.type === 'account.updated') {
      const saved = await saveAccountFlags(trx, event.data.object as Stripe.Account, event.created);
      return { applied: true, effect: saved ? 'account' : 'none' };
    }
    return { applied: true, effect: 'ignored' };
  });
}

export const MALFORMED_EVENT = 'Webhook event is missing its id, type or data.object.';

function isReadableEvent(event: unknown): event is Stripe.Event {
  const e = event as { id?: unknown; type?: unknown; data?: { object?: unknown } | null } | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'string' &&
    typeof e.type === 'string' &&
    typeof e.data === 'object' &&
    e.data !== null &&
    typeof e.data.object === 'object' &&
    e.data.object !== null &&
    !Array.isArray(e.data.object)
  );
}

/**
 * POST /api/stripe/webhook: the signature is checked on the raw body, byte for byte, before
 * anything is parsed or written; a bad or stale one is a 400 and changes nothing.
 */
export async function handleStripeWebhook(c: Context<AppEnv>) {
  const settings = c.get('config').stripe;
  if (!settings?.webhookSecret) throw new HttpError(503, STRIPE_NOT_CONFIGURED);
  const raw = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await stripeClient(settings).webhooks.constructEventAsync(
      raw,
      c.req.header('stripe-signature') ?? '',
      settings.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (error) {
    throw new HttpError(400, `Webhook signature verification failed: ${(error as Error).message}`);
  }
  // Signed is not well formed: an event we cannot read is refused, never a crash (a 500 would
  // only have Stripe send it again and again).
  if (!isReadableEvent(event)) throw new HttpError(400, MALFORMED_EVENT);
  const result = await applyStripeEvent(c.get('db'), event);
  return c.json({ data: { received: true, ...result } });
}
