import { Hono } from 'hono';
import { coachSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { createCoach, listCoaches, updateCoach } from '../services/coaches.ts';

/*
 * The organiser's coaches (issue 17, docs/api/registers.md): admins add coaches and choose the
 * activities whose registers each takes. Admins only, always within their own client.
 */
export const coaches = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listCoaches(c.get('db'), admin.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, coachSchema);
    return c.json({ data: await createCoach(c.get('db'), admin.clientId, input) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, coachSchema);
    return c.json({
      data: await updateCoach(c.get('db'), admin.clientId, c.req.param('id'), input),
    });
  });
