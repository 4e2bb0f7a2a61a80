import { Hono } from 'hono';
import { organiserSignupSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';
import { createOrganiser } from '../services/organisers.ts';

export const organisers = new Hono<AppEnv>().post('/', async (c) => {
  await rateLimit(c, `signup:${clientAddress(c)}`, { limit: 20, windowSeconds: 3600 });
  const input = await readBody(c, organiserSignupSchema);
  // Per e-mail too, for a caller with many addresses.
  await rateLimit(c, `signup-email:${input.email.trim().toLowerCase()}`, {
    limit: 5,
    windowSeconds: 3600,
  });
  const { clientId, token } = await createOrganiser(c.get('db'), input);
  return c.json({ data: { clientId, token } }, 201);
});
