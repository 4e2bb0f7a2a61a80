import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { parse } from '../http/validate.ts';
import { readFileForCaller } from '../services/files.ts';

/**
 * Sends stored bytes as exactly the type we checked on upload: never sniffed, never run as a
 * page (sandboxed), images inline and everything else as a download.
 */
function send(
  c: Context<AppEnv>,
  file: { name: string; mimeType: string; bytes: Uint8Array },
  cache: string,
) {
  const inline = file.mimeType.startsWith('image/');
  const name = encodeURIComponent(file.name);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.mimeType,
    'Content-Length': String(file.bytes.length),
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': cache,
  });
}

/** GET /api/asset?fileId=: private files, for their uploader and the client's admins. */
export const asset = new Hono<AppEnv>().get('/', async (c) => {
  const { fileId } = parse(v.object({ fileId: v.string() }), c.req.query());
  const file = await readFileForCaller(c.get('db'), fileId, c.get('caller'), {
    publicOnly: false,
  });
  return send(c, file, 'private, no-store');
});

/** GET /api/files/{id}/{name}: an organiser's public images, cacheable forever (ids never change). */
export const publicFiles = new Hono<AppEnv>().get('/:id/:name', async (c) => {
  const file = await readFileForCaller(c.get('db'), c.req.param('id'), null, { publicOnly: true });
  return send(c, file, 'public, max-age=31536000, immutable');
});
