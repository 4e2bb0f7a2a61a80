import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { setResponseHeader } from '../http/response-headers.ts';

const CORS_ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
const CORS_ALLOW_HEADERS = 'Content-Type,Authorization,X-Client-Id,Idempotency-Key';
const CORS_EXPOSE_HEADERS = 'Retry-After';
const CORS_MAX_AGE = '600';

/**
 * The widget calls the API from organisers' sites on any origin with a bearer token, never a
 * cookie, so CORS is open but credential-less: a foreign page can never ride an admin's cookie.
 * Any origin gets `*` (so no Vary: Origin); a preflight is answered here, before anything else
 * runs. Ours rather than hono/cors, which sets its headers on `c.res` before the handler has
 * answered, so that Hono then rebuilds every answer from its body to merge them in (a third of
 * a small read's time on the Node server, issue 18); these go on after the answer is made.
 */
export const apiCors = createMiddleware(async (c, next) => {
  if (c.req.method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
        'Access-Control-Max-Age': CORS_MAX_AGE,
        'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
        'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
      },
    });
  }
  await next();
  setResponseHeader(c, 'Access-Control-Allow-Origin', '*');
  setResponseHeader(c, 'Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
});

/**
 * The dashboard's policy: only our own scripts (the built bundle has no inline script), no
 * plugins, no <base> rewriting, never framed. Stripe.js is not loaded by the dashboard (the pay
 * page is separate), so nothing else is allowed. Styles and images keep what the SPA needs.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** One year, the minimum for the browsers' preload lists. */
const HSTS = 'max-age=31536000; includeSubDomains';

const isDashboard = (path: string) =>
  path === '/' || path === '/admin' || path.startsWith('/admin/');

/** Headers every response carries; the dashboard also gets its CSP and may not be framed. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  setResponseHeader(c, 'X-Content-Type-Options', 'nosniff');
  setResponseHeader(c, 'Referrer-Policy', 'strict-origin-when-cross-origin');
  // Only in production: a developer's http://localhost must not learn to refuse plain HTTP.
  if (c.get('config').production) setResponseHeader(c, 'Strict-Transport-Security', HSTS);
  if (isDashboard(c.req.path)) {
    setResponseHeader(c, 'X-Frame-Options', 'DENY');
    setResponseHeader(c, 'Content-Security-Policy', DASHBOARD_CSP);
  }
});
