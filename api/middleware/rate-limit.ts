import type { Context } from 'hono';
import { messages } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { hit } from '../db/repositories/rate-limits.ts';
import { HttpError } from '../http/errors.ts';

/** The address a request came from; behind a proxy, its first X-Forwarded-For hop. */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * Allows `limit` hits per `windowSeconds` for a key, else 429 with Retry-After. Counters live in
 * the database so every API process shares them.
 *
 * @example await rateLimit(c, `login:${email}`, { limit: 10, windowSeconds: 300 });
 */
export async function rateLimit(
  c: Context<AppEnv>,
  key: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): Promise<void> {
  const now = Date.now();
  const windowMs = windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const count = await hit(c.get('db'), key, windowStart);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    throw new HttpError(429, messages.tooManyAttempts, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
