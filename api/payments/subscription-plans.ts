import type Stripe from 'stripe';
import * as v from 'valibot';
import { messages } from '../../engine/index.ts';
import { subscriptionPlanSchema } from '../../engine/schemas/subscription-plan.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { findConnectedAccount } from '../services/stripe-accounts.ts';
import { stripeFailure } from './stripe.ts';

/*
 * Subscription plans: what a subscription ticket charges each month. Each plan is a Stripe
 * Product with a monthly Price on the organiser's connected account, made when the plan is
 * made (idempotency keys from our row id), so a subscription can start the moment a parent
 * books. A Stripe price cannot change its amount, so a plan's amount is fixed; its name can be
 * edited and it can be disabled.
 */

/** Ours: the spec is silent on plan deletion. */
export const planMessages = {
  connectFirst: 'Connect a Stripe account before creating subscription plans.',
  inUse:
    'This subscription plan is used by a ticket or by subscriptions, so it cannot be deleted. Disable it instead.',
} as const;

type PlanRow = {
  id: string;
  name: string;
  amount: number;
  enabled: number;
  provider_product_id: string | null;
  provider_price_id: string | null;
};

const planDto = (row: PlanRow) => ({
  _id: row.id,
  name: row.name,
  amount: row.amount,
  enabled: fromFlag(row.enabled),
  providerPriceId: row.provider_price_id,
});
export type SubscriptionPlanDto = ReturnType<typeof planDto>;

async function stripeAccountFor(db: Db, clientId: string) {
  const account = await findConnectedAccount(db, clientId);
  if (!account || !fromFlag(account.connected)) throw new HttpError(409, planMessages.connectFirst);
  return account;
}

export async function listPlans(db: Db, clientId: string) {
  const rows = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(planDto);
}

async function loadPlan(db: Db, clientId: string, id: string) {
  const row = await db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Creates a plan and its Stripe product and monthly price on the organiser's account.
 *
 * @example await createPlan(db, stripe, clientId, { name: 'Monthly club', amount: '30' });
 */
export async function createPlan(db: Db, stripe: Stripe, clientId: string, body: unknown) {
  const input = parse(subscriptionPlanSchema, body);
  const account = await stripeAccountFor(db, clientId);
  const client = await db
    .selectFrom('clients')
    .select('currency')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const id = newId();
  const options = { stripeAccount: account.account_id };
  let price: Stripe.Price;
  try {
    const product = await stripe.products.create(
      { name: input.name, metadata: { clientId, planId: id } },
      { ...options, idempotencyKey: `plan-product:${id}` },
    );
    price = await stripe.prices.create(
      {
        product: product.id,
        unit_amount: input.amount,
        currency: client.currency.toLowerCase(),
        recurring: { interval: 'month' },
        metadata: { clientId, planId: id },
      },
      { ...options, idempotencyKey: `plan-price:${id}` },
    );
  } catch (error) {
    throw stripeFailure(error);
  }
  const now = nowIso();
  const row = {
    id,
    client_id: clientId,
    name: input.name,
    amount: input.amount,
    provider_product_id: typeof price.product === 'string' ? price.product : price.product.id,
    provider_price_id: price.id,
    enabled: 1 as const,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('subscription_plans').values(row).execute();
  return planDto(row);
}

/** Also the API description's schema for this body (api/openapi/). */
export const updateBody = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(messages.nameRequired))),
  enabled: v.optional(v.boolean()),
});

/** Renames a plan (and its Stripe product) or turns it on or off. */
export async function updatePlan(
  db: Db,
  stripe: Stripe,
  clientId: string,
  id: string,
  body: unknown,
) {
  const input = parse(updateBody, body);
  const row = await loadPlan(db, clientId, id);
  if (input.name !== undefined && input.name !== row.name && row.provider_product_id) {
    const account = await stripeAccountFor(db, clientId);
    try {
      await stripe.products.update(
        row.provider_product_id,
        { name: input.name },
        { stripeAccount: account.account_id },
      );
    } catch (error) {
      throw stripeFailure(error);
    }
  }
  await db
    .updateTable('subscription_plans')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.enabled !== undefined ? { enabled: toFlag(input.enabled) } : {}),
      updated_at: nowIso(),
    })
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
  return planDto(await loadPlan(db, clientId, id));
}

/**
 * Deletes a plan no ticket and no subscription uses, and archives its Stripe price so nothing
 * new can subscribe to it.
 */
export async function deletePlan(db: Db, stripe: Stripe, clientId: string, id: string) {
  const row = await loadPlan(db, clientId, id);
  const count = async (table: 'tickets' | 'subscriptions') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_id', '=', clientId)
          .where('subscription_plan_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count('tickets')) > 0 || (await count('subscriptions')) > 0)
    throw new HttpError(409, planMessages.inUse);
  if (row.provider_price_id) {
    const account = await findConnectedAccount(db, clientId);
    if (account) {
      try {
        await stripe.prices.update(
          row.provider_price_id,
          { active: false },
          { stripeAccount: account.account_id },
        );
      } catch (error) {
        throw stripeFailure(error);
      }
    }
  }
  await db
    .deleteFrom('subscription_plans')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .execute();
}
