import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { endWithBench } from './child-server.ts';

/*
 * The framework's ceiling on this machine: a bare Hono app answering one small JSON route, in
 * its own process like the product's server. The product's health route is measured against it.
 */
const app = new Hono();
app.get('/api/health', (c) => c.json({ ok: true }));
const server = serve(
  { fetch: app.fetch, port: Number(process.env.BENCH_PORT), hostname: '127.0.0.1' },
  (info) => console.log(JSON.stringify({ port: info.port })),
);
endWithBench(() => new Promise((done) => server.close(() => done(undefined))));
