import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { loadOverview } from '../services/overview.ts';

/* The organiser's overview on the dashboard home: the week's sessions, money owed and taken. */
export const overview = new Hono<AppEnv>().get('/', async (c) => {
  const admin = requireAdmin(c);
  return c.json({ data: await loadOverview(c.get('db'), admin.clientId, Date.now()) });
});
