import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { replaceResponse } from '../http/response-headers.ts';
import { textBody } from '../http/response-text.ts';
import { noteOrganiserWrite, organiserWriteCount } from '../services/organiser-writes.ts';

/*
 * The anonymous public reads (the listing, a group's page, the organiser's public settings, the
 * widget's first read) answered from memory for a moment: at a term's opening a thousand
 * parents open the same listing within a second, and building it costs ~2 ms of the event loop
 * each (sixteen statements, the engine's availability, JSON) where a kept copy costs nothing.
 *
 * What a parent sees is never older than `ttlMs` (1 s by default, PUBLIC_READ_CACHE_MS), and a
 * write this process answers (a booking, a cancellation, an organiser's edit) drops its
 * organiser's copies at once, so the parent who has just booked sees the places go down. That is
 * fresher than the public reads' own Cache-Control, which lets a browser or CDN keep them 10 s
 * (api/middleware/caching.ts); and as there, the booking step always asks the database, which
 * refuses a full session whatever a listing said. Signed-in callers (an admin's fuller view) are
 * never kept. Concurrent misses for one address share one build.
 */

export interface KeptRead {
  text: string;
  contentType: string;
  /** Worked out once, so hono's etag middleware has nothing to hash on a hit. */
  etag: string;
  /** The compressed bytes per encoding, made by the first answer that needed them. */
  packed: Partial<Record<'br' | 'gzip', Buffer>>;
  /** The organiser's write count when it was built: a later write makes it stale. */
  generation: number;
  expiresAt: number;
}

/**
 * Writes that change nothing a public read shows, so they keep the copies: signing in, signing
 * up and the other account steps (sessions, passwords, households), and quotes, which price a
 * basket without taking a place. At a term's opening every parent signs in and re-prices their
 * basket a few times; each of those dropping the organiser's copies would build the listing
 * again for everyone.
 */
const LEAVES_PUBLIC_READS = /^\/api\/auth\/|quote$/;

/** Addresses kept at most; the oldest goes first. */
const MAX_KEPT = 1000;

export interface PublicReadCache {
  /** Mounted before a public read's handler (after etag, so If-None-Match still gives 304). */
  read: MiddlewareHandler<AppEnv>;
  /** Mounted on every API request: a successful write drops its organiser's kept reads. */
  dropOnWrite: MiddlewareHandler<AppEnv>;
}

export function createPublicReadCache({
  ttlMs,
  now = Date.now,
}: {
  ttlMs: number;
  now?: () => number;
}): PublicReadCache {
  const kept = new Map<string, KeptRead>();
  const building = new Map<string, Promise<KeptRead | null>>();
  const generationOf = organiserWriteCount;

  const answer = (c: Context<AppEnv>, copy: KeptRead) => {
    c.set('keptRead', copy);
    return c.body(copy.text, 200, { 'Content-Type': copy.contentType, ETag: copy.etag });
  };

  const read = createMiddleware<AppEnv>(async (c, next) => {
    const clientId = c.req.header('x-client-id') ?? c.req.query('clientId') ?? '';
    if (ttlMs <= 0 || c.req.method !== 'GET' || c.get('caller') || c.req.header('authorization'))
      return next();
    const key = `${clientId}\n${c.req.url}`;
    const generation = generationOf(clientId);
    const copy = kept.get(key);
    if (copy && copy.generation === generation && copy.expiresAt > now()) return answer(c, copy);
    const pending = building.get(key);
    if (pending) {
      const built = await pending;
      if (built && built.generation === generationOf(clientId)) return answer(c, built);
      return next();
    }
    let done: (value: KeptRead | null) => void = () => undefined;
    building.set(key, new Promise((resolve) => (done = resolve)));
    try {
      await next();
      const res = c.res;
      const contentType = res.headers.get('Content-Type') ?? '';
      if (res.status !== 200 || !contentType.startsWith('application/json')) return done(null);
      let text = textBody(res);
      if (text === undefined) {
        text = await res.text();
        replaceResponse(c, new Response(text, res));
      }
      const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
      c.res.headers.set('ETag', etag);
      const built: KeptRead = {
        text,
        contentType,
        etag,
        packed: {},
        generation,
        expiresAt: now() + ttlMs,
      };
      c.set('keptRead', built);
      // A write that landed while this was built may not be in it: keep it only if none did.
      if (generationOf(clientId) !== generation) return done(null);
      kept.delete(key);
      kept.set(key, built);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
      done(built);
    } finally {
      done(null);
      building.delete(key);
    }
  });

  const dropOnWrite = createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || c.res.status >= 400)
      return;
    if (LEAVES_PUBLIC_READS.test(c.req.path)) return;
    noteOrganiserWrite(c.get('caller')?.clientId ?? null);
  });

  return { read, dropOnWrite };
}
