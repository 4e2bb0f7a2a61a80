import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { embedCode } from '../embed-snippet/code.ts';

/**
 * The demo organiser's own website on a second origin: a plain HTML page that pastes the embed
 * code exactly as an organiser would, so the widget is always seen (and tested) cross-origin.
 */
export async function startDemoSite({
  port,
  productOrigin,
  clientId,
}: {
  port: number;
  productOrigin: string;
  clientId: string;
}) {
  const template = await readFile(new URL('../e2e/demo/index.html', import.meta.url), 'utf8');
  const page = template.replace(
    '<!-- EMBED CODE -->',
    embedCode({ origin: productOrigin, clientId }),
  );
  const app = new Hono().get('/', (c) => c.html(page));
  const server = serve({ fetch: app.fetch, port });
  await new Promise<void>((done, fail) => {
    server.once('listening', done);
    server.once('error', fail);
  });
  return {
    url: `http://localhost:${port}/`,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      }),
  };
}
