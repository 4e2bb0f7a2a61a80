import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { fromFlag } from '../db/time.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { subscriptionPlanUses } from '../services/activity-groups.ts';

/**
 * The client's subscription plans, for the ticket dialog's plan select. Plans are created with
 * the payments set-up (a Stripe price per plan), so this route only lists them. `usedByTicket`
 * names the ticket (and its group) using each plan: a plan serves one ticket only, across all
 * of the client's groups, and the wizard checks that before the server does.
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
  const uses = new Map(
    (await subscriptionPlanUses(c.get('db'), admin.clientId)).map((u) => [u.planId, u]),
  );
  return c.json({
    data: plans.map((p) => {
      const use = uses.get(p.id);
      return {
        _id: p.id,
        name: p.name,
        amount: p.amount,
        enabled: fromFlag(p.enabled),
        usedByTicket: use ? { ...use.ticket, activityGroup: use.activityGroup } : null,
      };
    }),
  });
});
