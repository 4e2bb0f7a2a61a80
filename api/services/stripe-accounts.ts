import type Stripe from 'stripe';
import {
  canDisconnectAccount,
  connectedAccountBadge,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentMethodToggles,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { findClientById } from '../db/repositories/clients.ts';
import type { ConnectedAccountsTable } from '../db/schema.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { stripeFailure } from '../payments/stripe.ts';

/*
 * The organiser's connected Stripe account (docs/data-model.md "Connected payment account",
 * docs/rules/editing-and-states.md badge) and its payment method configuration (docs/data-model.md,
 * docs/rules/constants.md). One account per client (unique index): it is created on the first
 * Connect, and Connect/Disconnect afterwards only flips `connected`. Charges are direct charges on
 * that account, so its own payment method configuration decides what the Payment Element offers.
 */

type AccountRow = Pick<ConnectedAccountsTable, 'id' | 'account_id' | 'payment_method_config_id'> & {
  connected: number;
  details_submitted: number;
  charges_enabled: number;
  payouts_enabled: number;
};

export const findConnectedAccount = (db: Db, clientId: string) =>
  db
    .selectFrom('connected_accounts')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('provider', '=', 'stripe')
    .executeTakeFirst();

/**
 * The account as the dashboard reads it; `_id` is the `paymentMethodId` of docs/api/calls.md's
 * call.
 */
export function connectedAccountDto(row: AccountRow | undefined, configured: boolean) {
  const flags = {
    connected: fromFlag(row?.connected),
    detailsSubmitted: fromFlag(row?.details_submitted),
    chargesEnabled: fromFlag(row?.charges_enabled),
    payoutsEnabled: fromFlag(row?.payouts_enabled),
  };
  return {
    configured,
    _id: row?.id ?? null,
    accountId: row?.account_id ?? null,
    ...flags,
    status: connectedAccountBadge(flags),
  };
}

const accountFlags = (account: Stripe.Account) => ({
  details_submitted: toFlag(account.details_submitted),
  charges_enabled: toFlag(account.charges_enabled),
  payouts_enabled: toFlag(account.payouts_enabled),
});

/**
 * Copies Stripe's view of an account (details submitted, charges and payouts enabled) onto our
 * row: after onboarding, on `account.updated`, and when the organiser reconnects. With
 * `eventCreated` (an event's `created`), an event older than the newest one already applied is
 * skipped: Stripe delivers in any order, and each carries the whole account, so a late old one
 * would undo a newer one. Events of the same second are applied (their order is unknowable);
 * the settings screen re-reads the account from Stripe, which corrects any such case. A re-read
 * applies without moving the stamp, since our clock is not Stripe's. Answers whether it applied.
 */
export async function saveAccountFlags(
  db: Db,
  account: Stripe.Account,
  eventCreated?: number,
): Promise<boolean> {
  let update = db
    .updateTable('connected_accounts')
    .set({
      ...accountFlags(account),
      ...(eventCreated !== undefined ? { stripe_event_at: eventCreated } : {}),
      updated_at: nowIso(),
    })
    .where('provider', '=', 'stripe')
    .where('account_id', '=', account.id);
  if (eventCreated !== undefined)
    update = update.where((eb) =>
      eb.or([eb('stripe_event_at', 'is', null), eb('stripe_event_at', '<=', eventCreated)]),
    );
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * GET /api/payment-methods/stripe-onboard: the client's account (created on first use, with an
 * idempotency key from the client's id so a double click cannot make two) and a fresh account
 * link to Stripe's hosted onboarding, which returns to the payments settings screen.
 *
 * @example const url = await onboardingLink(db, stripe, { clientId, email, publicUrl });
 */
export async function onboardingLink(
  db: Db,
  stripe: Stripe,
  input: { clientId: string; email: string; publicUrl: string; accountId?: string },
): Promise<string> {
  const client = await findClientById(db, input.clientId);
  if (!client) throw notFound();
  let row = await findConnectedAccount(db, input.clientId);
  if (input.accountId && row?.account_id !== input.accountId) throw notFound();
  try {
    if (!row) {
      const account = await stripe.accounts.create(
        {
          type: 'standard',
          country: client.country,
          email: input.email,
          default_currency: client.currency.toLowerCase(),
          business_profile: { name: client.name },
          metadata: { clientId: client.id },
        },
        { idempotencyKey: `connected-account:${client.id}` },
      );
      const now = nowIso();
      await db
        .insertInto('connected_accounts')
        .values({
          id: newId(),
          client_id: client.id,
          provider: 'stripe',
          account_id: account.id,
          payment_method_config_id: null,
          connected: 1,
          ...accountFlags(account),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['client_id', 'provider']).doNothing())
        .execute();
      row = await findConnectedAccount(db, input.clientId);
    }
    const back = `${input.publicUrl.replace(/\/$/, '')}/admin/settings/payments`;
    // No idempotency key of ours (the one Stripe create call without): a link has no effect to
    // duplicate, works once and expires in minutes, and Stripe replays a keyed answer for 24
    // hours, so a key from our row would hand an organiser sent back through refresh_url the
    // link they just used. The SDK keys each request itself and reuses that key on retries.
    const link = await stripe.accountLinks.create({
      account: row!.account_id,
      type: 'account_onboarding',
      refresh_url: `${back}?stripe=refresh`,
      return_url: `${back}?stripe=return`,
    });
    return link.url;
  } catch (error) {
    throw stripeFailure(error);
  }
}

/**
 * The account with Stripe's current flags (re-read so the badge is right after onboarding even
 * before the `account.updated` webhook arrives).
 */
export async function loadConnectedAccount(db: Db, stripe: Stripe | null, clientId: string) {
  const row = await findConnectedAccount(db, clientId);
  if (row && stripe) {
    try {
      const account = await stripe.accounts.retrieve(row.account_id);
      await saveAccountFlags(db, account);
      return connectedAccountDto({ ...row, ...accountFlags(account) }, true);
    } catch (error) {
      // Stripe unreachable: the stored flags are the best answer; the badge may be stale.
      console.warn('[stripe] account refresh failed:', (error as Error).message);
    }
  }
  return connectedAccountDto(row, Boolean(stripe));
}

/**
 * POST /api/stripe/update-connected-account-status: Connect or Disconnect. Disconnecting is
 * refused while subscription plans or live subscriptions depend on the account
 * (docs/rules/forms-and-messages.md).
 */
export async function updateConnectedStatus(
  db: Db,
  stripe: Stripe,
  clientId: string,
  input: { accountId: string; paymentMethodId: string; connected: boolean },
) {
  const row = await findConnectedAccount(db, clientId);
  if (!row || row.id !== input.paymentMethodId || row.account_id !== input.accountId)
    throw notFound('This connected account was not found.');
  if (!input.connected) {
    const [plans, subscriptions] = await Promise.all([
      db
        .selectFrom('subscription_plans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .where('cancelled_at', 'is', null)
        .where('status', 'not in', ['cancelled', 'canceled', 'expired', 'incomplete_expired'])
        .executeTakeFirstOrThrow(),
    ]);
    const guard = canDisconnectAccount({
      subscriptionPlans: Number(plans.n),
      activeSubscriptions: Number(subscriptions.n),
    });
    if (!guard.ok) throw new HttpError(409, guard.message);
  }
  let flags = {};
  if (input.connected) {
    try {
      flags = accountFlags(await stripe.accounts.retrieve(row.account_id));
    } catch (error) {
      throw stripeFailure(error);
    }
  }
  await db
    .updateTable('connected_accounts')
    .set({ connected: toFlag(input.connected), ...flags, updated_at: nowIso() })
    .where('id', '=', row.id)
    .where('client_id', '=', clientId)
    .execute();
  return { success: true };
}

/** docs/data-model.md: the configuration's id plus each known method's display_preference.value. */
function configurationDto(config: Stripe.PaymentMethodConfiguration) {
  const dto: Record<string, unknown> = { id: config.id };
  for (const method of PAYMENT_METHODS) {
    const entry = (config as unknown as Record<string, any>)[method];
    dto[method] = { display_preference: { value: entry?.display_preference?.value ?? 'off' } };
  }
  return dto as { id: string } & Record<PaymentMethod, { display_preference: { value: string } }>;
}

async function configurationFor(db: Db, stripe: Stripe, clientId: string) {
  const row = await findConnectedAccount(db, clientId);
  if (!row?.connected) throw new HttpError(409, 'Connect a Stripe account first.');
  const options = { stripeAccount: row.account_id };
  if (row.payment_method_config_id) {
    return {
      row,
      options,
      config: await stripe.paymentMethodConfigurations.retrieve(
        row.payment_method_config_id,
        {},
        options,
      ),
    };
  }
  const list = await stripe.paymentMethodConfigurations.list({ limit: 20 }, options);
  const config = list.data.find((c) => c.is_default) ?? list.data[0];
  if (!config) throw new HttpError(502, 'Stripe returned no payment method configuration.');
  await db
    .updateTable('connected_accounts')
    .set({ payment_method_config_id: config.id, updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  return { row, options, config };
}

/** GET /api/stripe/payment-method-configurations. */
export async function getPaymentMethodConfiguration(db: Db, stripe: Stripe, clientId: string) {
  try {
    return configurationDto((await configurationFor(db, stripe, clientId)).config);
  } catch (error) {
    throw stripeFailure(error);
  }
}

/**
 * PUT /api/stripe/payment-method-configurations: turns one method on or off. Card is always on
 * (docs/rules/constants.md), and a method not offered in the client's country cannot be changed.
 */
export async function updatePaymentMethod(
  db: Db,
  stripe: Stripe,
  clientId: string,
  input: { paymentMethodConfigId: string; paymentMethod: PaymentMethod; enabled: boolean },
) {
  const client = await findClientById(db, clientId);
  const toggle = paymentMethodToggles(client?.country ?? 'GB').find(
    (t) => t.method === input.paymentMethod,
  );
  if (!toggle) throw new HttpError(400, 'This payment method is not available in your country.');
  if (toggle.disabled) throw new HttpError(400, 'Card payments are always on.');
  try {
    const { row, options } = await configurationFor(db, stripe, clientId);
    if (row.payment_method_config_id !== input.paymentMethodConfigId)
      throw notFound('This payment method configuration was not found.');
    const updated = await stripe.paymentMethodConfigurations.update(
      input.paymentMethodConfigId,
      {
        [input.paymentMethod]: { display_preference: { preference: input.enabled ? 'on' : 'off' } },
      },
      options,
    );
    return configurationDto(updated);
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** Whether the widget may offer card payment: Stripe configured, account connected and able to charge. */
export async function cardPaymentsAvailable(db: Db, configured: boolean, clientId: string) {
  if (!configured) return false;
  const row = await findConnectedAccount(db, clientId);
  return Boolean(row && fromFlag(row.connected) && fromFlag(row.charges_enabled));
}

/** The signed-in admin's email, which Stripe pre-fills in onboarding. */
export async function findUserEmail(db: Db, clientId: string, userId: string) {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email ?? '';
}
