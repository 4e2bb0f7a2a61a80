import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from './context.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Reads a file under `root`, refusing any path that climbs out of it. */
async function readUnder(root: string, relative: string): Promise<Buffer | null> {
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    if (!(await stat(path)).isFile()) return null;
    return await readFile(path);
  } catch {
    return null;
  }
}

function send(body: Buffer, file: string, cacheControl: string, cors = false) {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      // Organisers' pages load the widget cross-origin, and module scripts (widget.js and its
      // lazy chunks) are always fetched in CORS mode: without this header the browser refuses them.
      ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
    },
  });
}

/*
 * The /pay page runs Stripe.js and nothing else from outside: scripts from us and js.stripe.com,
 * Stripe's frames (card fields, 3-D Secure), calls to our API and Stripe's. Any organiser's page
 * may frame it (the widget runs anywhere); it talks to the framer only by pinned postMessage.
 */
const PAY_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "connect-src 'self' https://api.stripe.com https://errors.stripe.com",
  "img-src 'self' data: https://*.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  'frame-ancestors *',
].join('; ');

// Hashed chunk names never change content, so browsers keep them; entry points stay fresh.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';
// The two URLs organisers' pages name are fixed, so a release must reach them within a minute;
// after that a browser revalidates with the ETag and gets a bodiless 304 while nothing changed.
export const ENTRY = 'public, max-age=60';

/**
 * The built front ends: the dashboard SPA at /admin (unknown paths get index.html so deep links
 * work), the widget at /widget.js with its lazy chunks, the embed loader at /embed.js, and the
 * card payment page at /pay/{bookingId}.
 */
export function staticRoutes(distDir: string) {
  const dashboard = join(distDir, 'dashboard');
  const widget = join(distDir, 'widget');
  const embed = join(distDir, 'embed');
  const pay = join(distDir, 'pay');
  return new Hono<AppEnv>()
    .get('/', (c) => c.redirect('/admin/'))
    .get('/admin', (c) => c.redirect('/admin/'))
    .get('/admin/*', async (c) => {
      const relative = c.req.path.slice('/admin/'.length);
      const asset = relative ? await readUnder(dashboard, relative) : null;
      if (asset) return send(asset, relative, relative.startsWith('assets/') ? IMMUTABLE : SHORT);
      const index = await readUnder(dashboard, 'index.html');
      if (!index) return c.text('The dashboard is not built. Run `npm run build`.', 503);
      return send(index, 'index.html', 'no-cache');
    })
    .get('/pay/assets/*', async (c) => {
      const relative = c.req.path.slice('/pay/'.length);
      const body = await readUnder(pay, relative);
      return body ? send(body, relative, IMMUTABLE) : c.notFound();
    })
    .get('/pay/:bookingId', async (c) => {
      const index = await readUnder(pay, 'index.html');
      if (!index) return c.text('The payment page is not built. Run `npm run build`.', 503);
      const response = send(index, 'index.html', 'no-store');
      response.headers.set('Content-Security-Policy', PAY_PAGE_CSP);
      response.headers.set('Permissions-Policy', 'payment=(self "https://js.stripe.com")');
      return response;
    })
    .get('/embed.js', etag(), async (c) => {
      const body = await readUnder(embed, 'embed.js');
      return body ? send(body, 'embed.js', ENTRY, true) : c.text('Not built', 503);
    })
    .get('/widget.js', etag(), async (c) => {
      const body = await readUnder(widget, 'widget.js');
      return body ? send(body, 'widget.js', ENTRY, true) : c.text('Not built', 503);
    })
    .get('/widget/*', async (c) => {
      const relative = c.req.path.slice('/widget/'.length);
      const body = await readUnder(join(widget, 'widget'), relative);
      return body ? send(body, relative, IMMUTABLE, true) : c.notFound();
    });
}
