import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { requireUser } from '../middleware/auth.ts';
import { loadUser } from '../services/users.ts';

export const users = new Hono<AppEnv>()
  .get('/me', async (c) => {
    const caller = requireUser(c);
    return c.json({ data: await loadUser(c.get('db'), caller.clientId, caller.userId) });
  })
  // Admins read their client's users; a customer reads only themselves (others answer 404).
  .get('/:id', async (c) => {
    const caller = requireUser(c);
    const id = c.req.param('id');
    if (caller.role !== 'admin' && id !== caller.userId) throw notFound();
    return c.json({ data: await loadUser(c.get('db'), caller.clientId, id) });
  });
