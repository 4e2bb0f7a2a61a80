import { Hono } from 'hono';
import { createPassCreditGrantSchema, createSessionPassSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import {
  deleteSessionPass,
  grantPassCredits,
  listPublicSessionPasses,
  listSessionPasses,
  loadSessionPass,
  saveSessionPass,
} from '../services/session-passes.ts';

/** The pass form's schema knows the other passes: an activity may be in one pass only. */
async function passSchema(db: Db, clientId: string, id?: string) {
  const passes = await listSessionPasses(db, clientId);
  return createSessionPassSchema({ otherPasses: passes, selfId: id ?? null });
}

/*
 * Session passes: credits parents buy (purchase options) and spend on the sessions of the
 * pass's activities. Admins manage them and grant credits; anyone may read the enabled ones of a
 * client (`/public`, named with X-Client-Id like the activity listing).
 */
export const sessionPasses = new Hono<AppEnv>()
  .get('/public', async (c) => {
    const clientId = await requestClientId(c);
    return c.json({ data: await listPublicSessionPasses(c.get('db'), clientId) });
  })
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listSessionPasses(c.get('db'), admin.clientId) });
  })
  .get('/:id', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await loadSessionPass(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const pass = await readBody(c, await passSchema(c.get('db'), admin.clientId));
    const id = await saveSessionPass(c.get('db'), admin.clientId, null, pass);
    return c.json({ data: await loadSessionPass(c.get('db'), admin.clientId, id) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = c.req.param('id');
    const pass = await readBody(c, await passSchema(c.get('db'), admin.clientId, id));
    await saveSessionPass(c.get('db'), admin.clientId, id, pass);
    return c.json({ data: await loadSessionPass(c.get('db'), admin.clientId, id) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteSessionPass(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  })
  .post('/:id/credits', async (c) => {
    const admin = requireAdmin(c);
    const grant = await readBody(c, createPassCreditGrantSchema(Date.now()));
    const result = await grantPassCredits(c.get('db'), admin.clientId, c.req.param('id'), grant);
    return c.json({ data: result }, 201);
  });
