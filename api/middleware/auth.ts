import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { messages } from '../../engine/index.ts';
import { hashToken, SESSION_COOKIE } from '../auth/tokens.ts';
import type { AppEnv, Caller } from '../context.ts';
import { inRequestOrder } from '../db/connection.ts';
import { findCallerByTokenHash } from '../db/repositories/auth-tokens.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';

/** The raw token of a request: `Authorization: Bearer …` (widget) or the session cookie (dashboard). */
export function requestToken(authorization: string | undefined, cookie: string | undefined) {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? cookie ?? null;
}

/**
 * Resolves the caller once per request; routes then demand a role with the guards below. The
 * request's queries queue for SQLite's connection in the order requests arrived from here on
 * (api/db/connection.ts).
 */
export const resolveCaller = createMiddleware<AppEnv>((c, next) =>
  inRequestOrder(Date.now(), async () => {
    const token = requestToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    const caller = token
      ? ((await findCallerByTokenHash(c.get('db'), hashToken(token), nowIso())) ?? null)
      : null;
    c.set('caller', caller as Caller | null);
    await next();
  }),
);

/** @example const admin = requireAdmin(c); // 401 when signed out, 403 for a customer */
export function requireAdmin(c: { get: (key: 'caller') => Caller | null }): Caller {
  const caller = requireUser(c);
  if (caller.role !== 'admin') throw new HttpError(403, messages.forbidden);
  return caller;
}

export function requireCustomer(c: { get: (key: 'caller') => Caller | null }): Caller {
  const caller = requireUser(c);
  if (caller.role !== 'customer') throw new HttpError(403, messages.forbidden);
  return caller;
}

export function requireUser(c: { get: (key: 'caller') => Caller | null }): Caller {
  const caller = c.get('caller');
  if (!caller) throw new HttpError(401, messages.unauthorised);
  return caller;
}
