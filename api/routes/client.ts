import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { loadClientSettings } from '../services/client-settings.ts';

/** GET /api/client (spec §7): the caller's client, or the one the widget names. */
export const client = new Hono<AppEnv>().get('/', async (c) => {
  const clientId = await requestClientId(c);
  return c.json({ data: await loadClientSettings(c.get('db'), clientId) });
});
