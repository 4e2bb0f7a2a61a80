import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { fromFlag } from '../db/time.ts';
import { requireAdmin } from '../middleware/auth.ts';

/**
 * The client's subscription plans, for the ticket dialog's plan select. Plans are created with
 * the payments set-up (a Stripe price per plan), so this route only lists them.
 */
export const subscriptionPlans = new Hono<AppEnv>().get('/', async (c) => {
  const admin = requireAdmin(c);
  const plans = await c
    .get('db')
    .selectFrom('subscription_plans')
    .selectAll()
    .where('client_id', '=', admin.clientId)
    .orderBy('name')
    .execute();
  return c.json({
    data: plans.map((p) => ({
      _id: p.id,
      name: p.name,
      amount: p.amount,
      enabled: fromFlag(p.enabled),
    })),
  });
});
