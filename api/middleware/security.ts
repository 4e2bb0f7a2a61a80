import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

/**
 * The widget calls the API from organisers' sites on any origin with a bearer token, never a
 * cookie, so CORS is open but credential-less: a foreign page can never ride an admin's cookie.
 */
export const apiCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-Client-Id', 'Idempotency-Key'],
  exposeHeaders: ['Retry-After'],
  maxAge: 600,
  credentials: false,
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
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Only in production: a developer's http://localhost must not learn to refuse plain HTTP.
  if (c.get('config').production) c.header('Strict-Transport-Security', HSTS);
  if (isDashboard(c.req.path)) {
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', DASHBOARD_CSP);
  }
});
