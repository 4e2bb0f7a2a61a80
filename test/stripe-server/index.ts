import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { bool, int, parseStripeForm } from './form.ts';

/*
 * A local Stripe-compatible API server for tests and offline development. The real `stripe` SDK
 * talks to it through its `host`, `port` and `protocol` options, so every call our code makes
 * goes through the SDK's own request encoding, headers (Stripe-Account, Idempotency-Key) and
 * error classes. It keeps state in memory and implements only what the product uses:
 *
 *   accounts (create, retrieve, update), account_links, payment_method_configurations (list,
 *   retrieve, update), payment_intents (create, retrieve, confirm, cancel), charges (retrieve,
 *   with their balance transaction's fee), refunds, customers, products and prices (create,
 *   update), subscriptions (create, retrieve, cancel).
 *
 * Objects are shaped as the SDK's types (`satisfies Partial<Stripe.X>` keeps field names and
 * value types honest); errors carry Stripe's `{ error: { type, code, message, param } }` body.
 * Idempotency keys are honoured per account: a replay returns the first answer, a replay with
 * other parameters is refused with Stripe's idempotency_error. State changes append events
 * (`payment_intent.succeeded`, `account.updated`, …) that tests deliver, signed with the SDK's
 * test-header helper, in any order and as often as they like.
 *
 * For trying card payments by hand without the internet: `npx tsx test/stripe-server/cli.ts`.
 */

export const FAKE_SECRET_KEY = 'sk_test_classwise_fake';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_classwise_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_classwise_fake';
const PLATFORM = 'platform';
const API_VERSION = '2026-10-28.endive';

type Json = Record<string, any>;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      code?: string;
      message: string;
      param?: string;
      payment_intent?: Json;
    },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeApiError(400, { type: 'invalid_request_error', code, message, param });

const PAYMENT_METHOD_TYPES = [
  'afterpay_clearpay',
  'apple_pay',
  'card',
  'google_pay',
  'klarna',
  'link',
  'pay_by_bank',
  'revolut_pay',
] as const;

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Every object by id, whatever the account. */
  objects: Map<string, Json>;
  /** Events in the order they happened. */
  events: Stripe.Event[];
  /** Every request received: method, path, account, idempotency key. */
  requests: { method: string; path: string; account: string; idempotencyKey: string | null }[];
  /** The connected account finishes onboarding: details submitted, charges and payouts on. */
  completeOnboarding(accountId: string, flags?: Partial<Record<string, boolean>>): Stripe.Account;
  /** The customer pays: the PaymentIntent succeeds as if confirmed with a test card. */
  succeedPaymentIntent(id: string): Stripe.PaymentIntent;
  /** The customer's card is declined: the PaymentIntent needs a new payment method. */
  failPaymentIntent(id: string, code?: string): Stripe.PaymentIntent;
  /** The customer saves a card: the SetupIntent succeeds with a new payment method. */
  succeedSetupIntent(id: string): Stripe.SetupIntent;
  /**
   * While true, new refunds answer `pending` (as bank-debit and some card refunds do) until
   * settleRefund moves them on.
   */
  pendingRefunds: boolean;
  /** A pending refund settles: refund.updated and charge.refund.updated follow. */
  settleRefund(id: string, status: 'succeeded' | 'failed'): Stripe.Refund;
  /** The next request whose path starts with `pathPrefix` answers this error (an outage). */
  failNext(pathPrefix: string, status?: number, message?: string): void;
  /** A webhook delivery of an event: the raw body and a valid (or deliberately bad) signature. */
  signedDelivery(
    event: Stripe.Event,
    options?: { secret?: string; timestamp?: number },
  ): { body: string; headers: Record<string, string> };
  /** The newest event of a type about an object id. */
  lastEvent(type: string, objectId?: string): Stripe.Event | undefined;
  /**
   * Called with each event a request caused, and awaited, before that request is answered: a
   * test delivers webhooks that overtake the API call which caused them, as Stripe's can.
   */
  beforeAnswer: ((event: Stripe.Event) => Promise<unknown>) | null;
  close(): Promise<void>;
}

/**
 * Starts the test server on a free port of 127.0.0.1.
 *
 * @example
 * const fake = await startFakeStripe();
 * const stripe = new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: 'http' });
 */
export async function startFakeStripe({ port = 0 } = {}): Promise<FakeStripe> {
  const objects = new Map<string, Json>();
  const owner = new Map<string, string>(); // object id → account
  const events: Stripe.Event[] = [];
  const requests: FakeStripe['requests'] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const failures: { pathPrefix: string; status: number; message: string }[] = [];

  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function store<T extends Json>(account: string, object: T): T {
    objects.set(object.id, object);
    owner.set(object.id, account);
    return object;
  }

  function find(kind: string, prefix: string, id: string, account: string): Json {
    const object = objects.get(id);
    if (!object || !id.startsWith(prefix) || owner.get(id) !== account) throw missing(kind, id);
    return object;
  }

  function emit(type: string, object: Json, account: string, previous?: Json) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req'), idempotency_key: null },
      type,
      ...(account !== PLATFORM ? { account } : {}),
    } as unknown as Stripe.Event;
    events.push(event);
    return event;
  }

  // ---- accounts -------------------------------------------------------------------------

  function createAccount(params: Json): Stripe.Account {
    const account = {
      id: newId('acct'),
      object: 'account',
      type: (params.type ?? 'standard') as Stripe.Account.Type,
      country: params.country ?? 'GB',
      email: params.email ?? null,
      default_currency: (params.default_currency ?? 'gbp').toLowerCase(),
      created: now(),
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      metadata: params.metadata ?? {},
      business_type: params.business_type ?? null,
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date'],
        eventually_due: [],
        past_due: [],
        disabled_reason: 'requirements.past_due',
      } as unknown as Stripe.Account.Requirements,
    } satisfies Partial<Stripe.Account>;
    return store(PLATFORM, account) as unknown as Stripe.Account;
  }

  function completeOnboarding(accountId: string, flags: Partial<Record<string, boolean>> = {}) {
    const account = find('account', 'acct_', accountId, PLATFORM);
    const previous = {
      details_submitted: account.details_submitted,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
    };
    Object.assign(account, {
      details_submitted: flags.details_submitted ?? true,
      charges_enabled: flags.charges_enabled ?? true,
      payouts_enabled: flags.payouts_enabled ?? true,
      requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
    });
    emit('account.updated', account, accountId, previous);
    return structuredClone(account) as Stripe.Account;
  }

  // ---- payment method configurations ----------------------------------------------------

  function defaultConfiguration(account: string): Json {
    for (const [id, object] of objects) {
      if (object.object === 'payment_method_configuration' && owner.get(id) === account)
        return object;
    }
    const config: Json = {
      id: newId('pmc'),
      object: 'payment_method_configuration',
      active: true,
      application: null,
      is_default: true,
      livemode: false,
      name: 'Default',
      parent: null,
    };
    for (const method of PAYMENT_METHOD_TYPES) {
      const on = method === 'card' || method === 'apple_pay' || method === 'google_pay';
      config[method] = {
        available: on,
        display_preference: {
          overridable: true,
          preference: on ? 'on' : 'off',
          value: on ? 'on' : 'off',
        },
      };
    }
    return store(account, config);
  }

  function updateConfiguration(config: Json, params: Json) {
    for (const method of PAYMENT_METHOD_TYPES) {
      const preference = params[method]?.display_preference?.preference;
      if (preference === undefined) continue;
      if (preference !== 'on' && preference !== 'off' && preference !== 'none')
        throw invalid(
          `Invalid preference: ${preference}`,
          `${method}[display_preference][preference]`,
        );
      const value = preference === 'none' ? 'off' : preference;
      config[method] = {
        available: value === 'on',
        display_preference: { overridable: true, preference, value },
      };
    }
    if (params.name !== undefined) config.name = params.name;
    return config;
  }

  // ---- payment intents ------------------------------------------------------------------

  function createPaymentIntent(account: string, params: Json): Stripe.PaymentIntent {
    const amount = int(params.amount);
    if (amount === undefined)
      throw invalid('Missing required param: amount.', 'amount', 'parameter_missing');
    if (amount < 30)
      throw invalid('Amount must be at least £0.30 gbp', 'amount', 'amount_too_small');
    if (!params.currency)
      throw invalid('Missing required param: currency.', 'currency', 'parameter_missing');
    if (account !== PLATFORM) {
      const connected = objects.get(account);
      if (!connected?.charges_enabled)
        throw invalid(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          undefined,
          'insufficient_capabilities_for_transfer',
        );
    }
    const id = newId('pi');
    const intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application_fee_amount: int(params.application_fee_amount) ?? null,
      automatic_payment_methods: params.automatic_payment_methods
        ? { enabled: bool(params.automatic_payment_methods.enabled) ?? true }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: String(params.currency).toLowerCase(),
      customer: params.customer ?? null,
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: params.metadata ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: params.receipt_email ?? null,
      setup_future_usage: params.setup_future_usage ?? null,
      status: 'requires_payment_method',
    } satisfies Partial<Stripe.PaymentIntent>;
    store(account, intent);
    emit('payment_intent.created', intent, account);
    if (bool(params.confirm)) {
      // An off-session charge of a saved card: it succeeds, or is declined as Stripe does it
      // (a 402 card_error naming the PaymentIntent, now waiting for another payment method).
      if (params.payment_method === 'pm_card_chargeDeclined') {
        fail(intent, account);
        throw new StripeApiError(402, {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
          payment_intent: structuredClone(intent),
        } as StripeApiError['body']);
      }
      Object.assign(intent, { payment_method: params.payment_method ?? null });
      succeed(intent, account);
      if (params.payment_method) intent.payment_method = params.payment_method;
    }
    return intent as unknown as Stripe.PaymentIntent;
  }

  function succeed(intent: Json, account: string) {
    if (intent.status === 'succeeded') return intent;
    if (intent.status === 'canceled')
      throw invalid(
        'You cannot confirm this PaymentIntent because it has a status of canceled.',
        undefined,
        'payment_intent_unexpected_state',
      );
    // What Stripe keeps of the charge: the UK's standard card rate, 1.5% + 20p, as a balance
    // transaction on the connected account (what the payments export reads the fee from).
    const fee = Math.round(intent.amount * 0.015) + 20;
    const chargeId = newId('ch');
    const txn = store(account, {
      id: newId('txn'),
      object: 'balance_transaction',
      amount: intent.amount,
      fee,
      net: intent.amount - fee,
      currency: intent.currency,
      type: 'charge',
      source: chargeId,
      status: 'pending',
      created: now(),
    } satisfies Partial<Stripe.BalanceTransaction>);
    const charge = store(account, {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      balance_transaction: txn.id,
      paid: true,
      refunded: false,
      status: 'succeeded',
      created: now(),
    } satisfies Partial<Stripe.Charge>);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: newId('pm'),
      last_payment_error: null,
      next_action: null,
    });
    emit('charge.succeeded', charge, account);
    emit('payment_intent.succeeded', intent, account);
    return intent;
  }

  function fail(intent: Json, account: string, code = 'card_declined') {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        type: 'card_error',
        code,
        decline_code: code === 'card_declined' ? 'generic_decline' : undefined,
        message: 'Your card was declined.',
      },
    });
    emit('payment_intent.payment_failed', intent, account);
    return intent;
  }

  // ---- refunds ----------------------------------------------------------------------------

  function createRefund(account: string, params: Json): Stripe.Refund {
    const intentId = params.payment_intent;
    if (!intentId && !params.charge)
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        undefined,
        'parameter_missing',
      );
    const intent = intentId ? find('payment_intent', 'pi_', intentId, account) : null;
    const chargeId = params.charge ?? intent?.latest_charge;
    if (!chargeId)
      throw invalid(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    const charge = find('charge', 'ch_', chargeId, account);
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0)
      throw invalid(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = int(params.amount) ?? remaining;
    if (amount <= 0) throw invalid('Invalid positive integer', 'amount');
    if (amount > remaining)
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount',
        'amount_too_large',
      );
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = store(account, {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      created: now(),
      metadata: params.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: fake.pendingRefunds ? 'pending' : 'succeeded',
    } satisfies Partial<Stripe.Refund>);
    emit('refund.created', refund, account);
    emit('charge.refunded', charge, account);
    return refund as unknown as Stripe.Refund;
  }

  function settleRefund(id: string, status: 'succeeded' | 'failed'): Stripe.Refund {
    const account = owner.get(id) ?? PLATFORM;
    const refund = find('refund', 're_', id, account);
    if (refund.status !== 'pending')
      throw new Error(`refund ${id} is ${refund.status}, not pending (test server)`);
    const previous = { status: refund.status };
    refund.status = status;
    if (status === 'failed') {
      // The money comes back to the organiser's balance: the charge is refundable again.
      refund.failure_reason = 'expired_or_canceled_card';
      const charge = find('charge', 'ch_', refund.charge, account);
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
    }
    emit('refund.updated', refund, account, previous);
    emit('charge.refund.updated', refund, account, previous);
    return structuredClone(refund) as Stripe.Refund;
  }

  // ---- billing ----------------------------------------------------------------------------

  function createSubscription(account: string, params: Json): Stripe.Subscription {
    if (!params.customer)
      throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
    find('customer', 'cus_', params.customer, account);
    const items = (params.items ?? []) as Json[];
    if (items.length === 0)
      throw invalid('Missing required param: items.', 'items', 'parameter_missing');
    const id = newId('sub');
    const anchor = int(params.billing_cycle_anchor) ?? now();
    const subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: anchor,
      cancel_at_period_end: false,
      canceled_at: null,
      created: now(),
      currency: 'gbp',
      customer: params.customer,
      items: {
        object: 'list',
        data: items.map((item) => {
          // An inline price (price_data), as for a sibling's discounted membership.
          const inline = item.price_data as Json | undefined;
          if (inline) find('product', 'prod_', inline.product, account);
          const price = inline
            ? {
                id: newId('price'),
                object: 'price',
                currency: String(inline.currency ?? 'gbp').toLowerCase(),
                product: inline.product,
                unit_amount: int(inline.unit_amount),
                type: 'recurring',
                recurring: { interval: inline.recurring?.interval, interval_count: 1 },
              }
            : find('price', 'price_', item.price, account);
          return {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: int(item.quantity) ?? 1,
          };
        }),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      metadata: params.metadata ?? {},
      collection_method: params.collection_method ?? 'charge_automatically',
      days_until_due: int(params.days_until_due) ?? null,
      default_payment_method: params.default_payment_method ?? null,
      proration_behavior: params.proration_behavior ?? null,
      status: 'active',
    } as Json;
    store(account, subscription);
    emit('customer.subscription.created', subscription, account);
    return subscription as unknown as Stripe.Subscription;
  }

  // ---- setup intents (a card saved with nothing to pay now) -------------------------------

  function createSetupIntent(account: string, params: Json): Stripe.SetupIntent {
    const id = newId('seti');
    const intent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: now(),
      customer: params.customer ?? null,
      description: params.description ?? null,
      last_setup_error: null,
      livemode: false,
      metadata: params.metadata ?? {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
      usage: params.usage ?? 'off_session',
    } satisfies Partial<Stripe.SetupIntent>;
    store(account, intent);
    emit('setup_intent.created', intent, account);
    return intent as unknown as Stripe.SetupIntent;
  }

  function succeedSetup(intent: Json, account: string) {
    if (intent.status === 'succeeded') return intent;
    Object.assign(intent, { status: 'succeeded', payment_method: newId('pm'), next_action: null });
    emit('setup_intent.succeeded', intent, account);
    return intent;
  }

  // ---- routing ----------------------------------------------------------------------------

  function route(method: string, path: string, account: string, params: Json, base: string): Json {
    const parts = path.split('/').filter(Boolean); // ['v1', 'payment_intents', 'pi_1', 'cancel']
    const [, resource, id, action] = parts;
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST accounts':
        return createAccount(params);
      case 'GET accounts/:id':
        return find('account', 'acct_', id!, PLATFORM);
      case 'POST accounts/:id': {
        const acct = find('account', 'acct_', id!, PLATFORM);
        if (params.metadata) acct.metadata = { ...acct.metadata, ...params.metadata };
        if (params.email) acct.email = params.email;
        return acct;
      }
      case 'POST account_links': {
        const acct = find('account', 'acct_', String(params.account ?? ''), PLATFORM);
        if (!params.refresh_url || !params.return_url)
          throw invalid('Missing required param: return_url.', 'return_url', 'parameter_missing');
        const link = {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${base}/connect/onboarding/${acct.id}?return_url=${encodeURIComponent(params.return_url)}`,
        } satisfies Stripe.AccountLink;
        return link;
      }
      case 'GET payment_method_configurations': {
        const data = [defaultConfiguration(account)];
        return { object: 'list', data, has_more: false, url: '/v1/payment_method_configurations' };
      }
      case 'GET payment_method_configurations/:id':
        return find('payment_method_configuration', 'pmc_', id!, account);
      case 'POST payment_method_configurations/:id':
        return updateConfiguration(
          find('payment_method_configuration', 'pmc_', id!, account),
          params,
        );
      case 'POST payment_intents':
        return createPaymentIntent(account, params);
      case 'POST setup_intents':
        return createSetupIntent(account, params);
      case 'GET setup_intents/:id':
        return find('setup_intent', 'seti_', id!, account);
      case 'POST setup_intents/:id/confirm':
        return succeedSetup(find('setup_intent', 'seti_', id!, account), account);
      case 'POST setup_intents/:id/cancel': {
        const intent = find('setup_intent', 'seti_', id!, account);
        if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
          intent.status = 'canceled';
          emit('setup_intent.canceled', intent, account);
        }
        return intent;
      }
      case 'GET payment_intents/:id':
        return find('payment_intent', 'pi_', id!, account);
      case 'POST payment_intents/:id': {
        const intent = find('payment_intent', 'pi_', id!, account);
        if (params.metadata) intent.metadata = { ...intent.metadata, ...params.metadata };
        return intent;
      }
      case 'POST payment_intents/:id/confirm': {
        const intent = find('payment_intent', 'pi_', id!, account);
        const pm = params.payment_method ?? 'pm_card_visa';
        return pm === 'pm_card_chargeDeclined' ? fail(intent, account) : succeed(intent, account);
      }
      case 'POST payment_intents/:id/cancel': {
        const intent = find('payment_intent', 'pi_', id!, account);
        if (intent.status === 'canceled') return intent;
        if (intent.status === 'succeeded')
          throw invalid(
            'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
            undefined,
            'payment_intent_unexpected_state',
          );
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: now(),
          cancellation_reason: params.cancellation_reason ?? null,
        });
        emit('payment_intent.canceled', intent, account);
        return intent;
      }
      case 'GET charges/:id': {
        const charge = find('charge', 'ch_', id!, account);
        // The one expansion the product asks for: the charge's fee.
        const expand = Object.values((params.expand ?? {}) as Record<string, string>);
        return expand.includes('balance_transaction') && charge.balance_transaction
          ? { ...charge, balance_transaction: objects.get(charge.balance_transaction) ?? null }
          : charge;
      }
      case 'GET balance_transactions/:id':
        return find('balance_transaction', 'txn_', id!, account);
      case 'POST refunds':
        return createRefund(account, params);
      case 'GET refunds/:id':
        return find('refund', 're_', id!, account);
      case 'POST customers':
        return store(account, {
          id: newId('cus'),
          object: 'customer',
          created: now(),
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
        } satisfies Partial<Stripe.Customer>);
      case 'GET customers/:id':
        return find('customer', 'cus_', id!, account);
      case 'POST products':
        if (!params.name)
          throw invalid('Missing required param: name.', 'name', 'parameter_missing');
        return store(account, {
          id: newId('prod'),
          object: 'product',
          active: true,
          created: now(),
          name: params.name,
          metadata: params.metadata ?? {},
        } satisfies Partial<Stripe.Product>);
      case 'POST prices': {
        const amount = int(params.unit_amount);
        if (amount === undefined)
          throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
        if (params.product) find('product', 'prod_', params.product, account);
        return store(account, {
          id: newId('price'),
          object: 'price',
          active: true,
          created: now(),
          currency: String(params.currency ?? 'gbp').toLowerCase(),
          product: params.product,
          unit_amount: amount,
          type: params.recurring ? 'recurring' : 'one_time',
          recurring: params.recurring
            ? ({ interval: params.recurring.interval, interval_count: 1 } as Stripe.Price.Recurring)
            : null,
          metadata: params.metadata ?? {},
        } satisfies Partial<Stripe.Price>);
      }
      case 'POST prices/:id': {
        const price = find('price', 'price_', id!, account);
        if (params.active !== undefined) price.active = bool(params.active);
        if (params.metadata) price.metadata = { ...price.metadata, ...params.metadata };
        return price;
      }
      case 'POST products/:id': {
        const product = find('product', 'prod_', id!, account);
        if (params.name) product.name = params.name;
        if (params.active !== undefined) product.active = bool(params.active);
        return product;
      }
      case 'POST subscriptions':
        return createSubscription(account, params);
      case 'GET subscriptions/:id':
        return find('subscription', 'sub_', id!, account);
      case 'DELETE subscriptions/:id': {
        const sub = find('subscription', 'sub_', id!, account);
        if (sub.status !== 'canceled') {
          Object.assign(sub, { status: 'canceled', canceled_at: now() });
          emit('customer.subscription.deleted', sub, account);
        }
        return sub;
      }
      default:
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}). (test server)`,
        });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, base: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const account = (req.headers['stripe-account'] as string | undefined) ?? PLATFORM;
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, account, idempotencyKey: key });
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        'stripe-version': API_VERSION,
        ...extra,
      });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/connect/onboarding/')) {
      // Stripe's hosted onboarding, reduced to one button: finish, and go back to return_url.
      const accountId = url.pathname.split('/')[3] ?? '';
      const back = url.searchParams.get('return_url') ?? '/';
      if (method === 'POST') {
        try {
          completeOnboarding(accountId);
        } catch {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('No such account');
          return;
        }
        res.writeHead(303, { location: back });
        res.end();
        return;
      }
      const html = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Stripe onboarding (test server)</title><h1>Stripe onboarding (test server)</h1><p>Account ${html(accountId)}</p><form method="post" action="${html(url.pathname + url.search)}"><button>Complete onboarding</button></form>`,
      );
      return;
    }
    const auth = req.headers.authorization ?? '';
    const secret = auth.match(/^Bearer (.+)$/)?.[1];
    if (!secret?.startsWith('sk_test_')) {
      send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${secret ?? '(none)'}`,
        },
      });
      return;
    }
    const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const failure = failures.findIndex((f) => url.pathname.startsWith(f.pathPrefix));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      send(f!.status, { error: { type: 'api_error', message: f!.message } });
      return;
    }
    const fingerprint = createHash('sha256')
      .update(`${method} ${url.pathname} ${raw}`)
      .digest('hex');
    const scope = key && method !== 'GET' ? `${account} ${key}` : null;
    if (scope) {
      const seen = idempotency.get(scope);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        send(seen.status, seen.body, { 'idempotent-replayed': 'true', 'original-request': 'req' });
        return;
      }
    }
    let status = 200;
    let body: Json;
    const eventsBefore = events.length;
    try {
      body = structuredClone(route(method, url.pathname, account, params, base));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: `${base}/logs` } };
    }
    // Stripe saves the answer of a keyed request, errors included (except 5xx), for replays.
    if (scope && status < 500) idempotency.set(scope, { fingerprint, status, body });
    if (fake.beforeAnswer)
      for (const event of events.slice(eventsBefore)) await fake.beforeAnswer(event);
    send(status, body);
  }

  const server = createServer((req, res) => {
    const base = `http://${req.headers.host}`;
    handle(req, res, base).catch((error) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error?.message) } }));
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address() as AddressInfo;
  const helper = new Stripe(FAKE_SECRET_KEY);

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${address.port}`,
    host: '127.0.0.1',
    port: address.port,
    protocol: 'http',
    secretKey: FAKE_SECRET_KEY,
    publishableKey: FAKE_PUBLISHABLE_KEY,
    webhookSecret: FAKE_WEBHOOK_SECRET,
    objects,
    events,
    requests,
    completeOnboarding,
    succeedPaymentIntent(id) {
      const account = owner.get(id) ?? PLATFORM;
      return structuredClone(succeed(find('payment_intent', 'pi_', id, account), account)) as any;
    },
    succeedSetupIntent(id) {
      const account = owner.get(id) ?? PLATFORM;
      return structuredClone(
        succeedSetup(find('setup_intent', 'seti_', id, account), account),
      ) as any;
    },
    failPaymentIntent(id, code) {
      const account = owner.get(id) ?? PLATFORM;
      return structuredClone(
        fail(find('payment_intent', 'pi_', id, account), account, code),
      ) as any;
    },
    failNext(
      pathPrefix,
      status = 500,
      message = 'An unknown error occurred (test server outage).',
    ) {
      failures.push({ pathPrefix, status, message });
    },
    signedDelivery(event, { secret = FAKE_WEBHOOK_SECRET, timestamp } = {}) {
      const body = JSON.stringify(event, null, 2);
      const header = helper.webhooks.generateTestHeaderString({
        payload: body,
        secret,
        ...(timestamp !== undefined ? { timestamp } : {}),
      });
      return { body, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
    beforeAnswer: null,
    pendingRefunds: false,
    settleRefund,
    lastEvent(type, objectId) {
      return [...events]
        .reverse()
        .find((e) => e.type === type && (!objectId || (e.data.object as Json).id === objectId));
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  return fake;
}
