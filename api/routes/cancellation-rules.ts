import { Hono } from 'hono';
import { createCancellationRuleSchema } from '../../engine/index.ts';
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

/** Account credit as a refund method depends on the plan, so the schema is the client's. */
async function ruleSchema(db: Db, clientId: string) {
  const client = await findClientById(db, clientId);
  return createCancellationRuleSchema({ planLevel: client?.plan_level ?? 0 });
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
    const rule = await readBody(c, await ruleSchema(c.get('db'), admin.clientId));
    const id = await createCancellationRule(c.get('db'), admin.clientId, rule);
    return c.json({ data: await loadRule(c.get('db'), admin.clientId, id) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const rule = await readBody(c, await ruleSchema(c.get('db'), admin.clientId));
    await updateCancellationRule(c.get('db'), admin.clientId, c.req.param('id'), rule);
    return c.json({ data: await loadRule(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteCancellationRule(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
