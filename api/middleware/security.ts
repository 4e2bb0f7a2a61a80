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

/** Headers every response carries; the dashboard may not be framed (clickjacking). */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (c.req.path.startsWith('/admin') || c.req.path === '/') {
    c.header('X-Frame-Options', 'DENY');
    c.header('Content-Security-Policy', "frame-ancestors 'none'");
  }
});
