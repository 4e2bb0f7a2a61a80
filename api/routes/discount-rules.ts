import { Hono } from 'hono';
import { createDiscountRuleSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  deleteDiscountRule,
  listDiscountRules,
  loadDiscountRule,
  saveDiscountRule,
} from '../services/discount-rules.ts';

/**
 * The rule form's schema knows the saved rule (its use locks fields) and the other rules (an
 * activity cannot have two rules of the same multi type: 'Another rule already applied').
 */
async function ruleSchema(db: Db, clientId: string, id?: string) {
  const rules = await listDiscountRules(db, clientId);
  const saved = id ? await loadDiscountRule(db, clientId, id) : null;
  return createDiscountRuleSchema({ saved, otherRules: rules.filter((r) => r._id !== id) });
}

export const discountRules = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listDiscountRules(c.get('db'), admin.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const rule = await readBody(c, await ruleSchema(c.get('db'), admin.clientId));
    const id = await saveDiscountRule(c.get('db'), admin.clientId, null, rule);
    return c.json({ data: await loadDiscountRule(c.get('db'), admin.clientId, id) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = c.req.param('id');
    const rule = await readBody(c, await ruleSchema(c.get('db'), admin.clientId, id));
    await saveDiscountRule(c.get('db'), admin.clientId, id, rule);
    return c.json({ data: await loadDiscountRule(c.get('db'), admin.clientId, id) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteDiscountRule(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
