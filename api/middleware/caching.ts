import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { setResponseHeader } from '../http/response-headers.ts';

/*
 * Public reads (the listing, a group's page, the organiser's public settings) may be kept by a
 * browser or CDN for a few seconds and served stale for a minute while revalidated: the 'places
 * left' they show is a hint, and the booking step (quote, hold, book) always asks the server,
 * which refuses a full session. Signed-in callers (an admin sees their own, fuller view) are
 * never shared: theirs is private and revalidated every time, with the same ETag and 304.
 */
export const PUBLIC_READ = 'public, max-age=10, stale-while-revalidate=60';
export const PRIVATE_READ = 'private, no-cache';

const cacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || !c.res.ok) return;
  if (c.get('caller')) {
    setResponseHeader(c, 'Cache-Control', PRIVATE_READ);
  } else {
    setResponseHeader(c, 'Cache-Control', PUBLIC_READ);
    // Anonymous callers name the organiser by header; a shared cache must key on it.
    setResponseHeader(c, 'Vary', 'X-Client-Id, Authorization', { append: true });
  }
});

/** ETag (304 on If-None-Match) and Cache-Control for a public read; put before the handler. */
export const publicRead: MiddlewareHandler<AppEnv>[] = [etag(), cacheHeaders];

/** Booking steps must always reach the server, never a cache between it and the parent. */
export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  setResponseHeader(c, 'Cache-Control', 'no-store');
});
