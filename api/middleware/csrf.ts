import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { SESSION_COOKIE } from '../auth/tokens.ts';
import type { AppConfig, AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_REFUSED = 'This change must be made from the Classwise dashboard itself.';
export const JSON_ONLY = 'Send this request as application/json.';

/** The dashboard's own origin (PUBLIC_URL) and any configured in ALLOWED_ORIGINS. */
export const allowedOrigins = (config: AppConfig): string[] => [
  new URL(config.publicUrl).origin,
  ...(config.allowedOrigins ?? []),
];

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/** In HTTP/1.1 a request has a body only if it says so (a DELETE from fetch says nothing). */
const declaresBody = (length: string | undefined, encoding: string | undefined) =>
  encoding !== undefined || (length !== undefined && length.trim() !== '0');

/**
 * A browser attaches the dashboard's cookie to any request to our host, and SameSite=Lax does
 * not stop a page on another port of the same site. So a write that rides the cookie must come
 * from one of our own origins, and its body must be JSON (a form or text/plain body is what a
 * foreign page can send without asking first); uploads are multipart from the dashboard's own
 * page. A bearer token is never sent by the browser on its own, so those writes (the widget's)
 * are not affected, and neither is a request without the cookie (sign-in, sign-up).
 */
export const csrfGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  const bearer = /^Bearer\s+\S+$/i.test(c.req.header('authorization') ?? '');
  if (bearer || !getCookie(c, SESSION_COOKIE)) return next();
  const origin = c.req.header('origin');
  const sameOrigin = origin
    ? allowedOrigins(c.get('config')).includes(origin)
    : c.req.header('sec-fetch-site') === 'same-origin';
  if (!sameOrigin) throw new HttpError(403, CROSS_SITE_REFUSED);
  const type = mediaType(c.req.header('content-type'));
  if (type) {
    const upload = type === 'multipart/form-data' && c.req.path.startsWith('/api/file-uploads/');
    if (type !== 'application/json' && !upload) throw new HttpError(415, JSON_ONLY);
  } else if (declaresBody(c.req.header('content-length'), c.req.header('transfer-encoding'))) {
    // A body with no type at all is no more JSON than text/plain is.
    throw new HttpError(415, JSON_ONLY);
  }
  return next();
});
