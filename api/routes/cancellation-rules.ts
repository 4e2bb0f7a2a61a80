import { Hono } from 'hono';
import { cardRefundsAvailable, createCancellationRuleSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  createCancellationRule,
  deleteCancellationRule,
  listCancellationRules,
  updateCancellationRule,
} from '../services/cancellation-rules.ts';
import { connectedAccountDto, findConnectedAccount } from '../services/stripe-accounts.ts';

/**
 * Account credit as a refund method depends on the plan, and refunds to card on card payments
 * being set up (this server's Stripe keys and the client's connected account), so the schema is
 * the client's: the same engine rule the dialog asks before it offers the method.
 */
async function ruleSchema(db: Db, clientId: string, stripeConfigured: boolean) {
  const [client, account] = await Promise.all([
    findClientById(db, clientId),
    findConnectedAccount(db, clientId),
  ]);
  return createCancellationRuleSchema({
    planLevel: client?.plan_level ?? 0,
    cardRefundsAvailable: cardRefundsAvailable(connectedAccountDto(account, stripeConfigured)),
  });
}

async function loadRule(db: Db, clientId: string, id: string) {
  const rule = (await listCancellationRules(db, clientId)).find((r) => r._id === id);
  if (!rule) throw notFound();
  return rule;
}

export const cancellationRules = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listCancellationRules(c.get('db'), admin.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const rule = await readBody(
      c,
      await ruleSchema(c.get('db'), admin.clientId, Boolean(c.get('config').stripe)),
    );
    const id = await createCancellationRule(c.get('db'), admin.clientId, rule);
    return c.json({ data: await loadRule(c.get('db'), admin.clientId, id) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const rule = await readBody(
      c,
      await ruleSchema(c.get('db'), admin.clientId, Boolean(c.get('config').stripe)),
    );
    await updateCancellationRule(c.get('db'), admin.clientId, c.req.param('id'), rule);
    return c.json({ data: await loadRule(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteCancellationRule(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
