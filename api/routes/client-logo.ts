import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { setLogo } from '../mail/logo.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { loadClientSettings } from '../services/client-settings.ts';

export const logoBody = v.strictObject({
  fileId: v.nullable(
    v.pipe(v.string('Choose an image.'), v.nonEmpty('Choose an image.'), v.maxLength(64)),
  ),
});

/**
 * PUT /api/client/logo: the organiser's logo, one of their images uploaded with POST
 * /api/file-upload-image (or null to remove it); answers the client settings with `logoUrl`.
 * Admins only, within their own client (docs/rules/messages.md).
 */
export const clientLogo = new Hono<AppEnv>().put('/', async (c) => {
  const caller = requireAdmin(c);
  const { fileId } = await readBody(c, logoBody);
  await setLogo(c.get('db'), caller.clientId, fileId);
  return c.json({ data: await loadClientSettings(c.get('db'), caller.clientId) });
});
