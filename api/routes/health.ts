import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../context.ts';

/**
 * For a process manager and a balancer. Live: the process answers (restart it if not). Ready: it
 * can serve bookings now: the database answers, and it is not draining for a shutdown (a
 * balancer stops sending it new requests while in-flight ones finish).
 */
export const health = new Hono<AppEnv>()
  .get('/', (c) => c.json({ data: { ok: true } }))
  .get('/live', (c) => c.json({ data: { ok: true } }))
  .get('/ready', async (c) => {
    if (c.get('config').draining?.())
      return c.json({ data: { ok: false }, message: 'Shutting down.' }, 503);
    try {
      await sql`select 1`.execute(c.get('db'));
    } catch {
      return c.json({ data: { ok: false }, message: 'The database does not answer.' }, 503);
    }
    return c.json({ data: { ok: true } });
  });
