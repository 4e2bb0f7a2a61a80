import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { messages } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { hit } from '../db/repositories/rate-limits.ts';
import { HttpError } from '../http/errors.ts';

/** The TCP peer; 'local' under `app.request` in tests, where there is no socket. */
function socketAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/**
 * IPv6 hosts get a /64 each, so one attacker holds billions of addresses: counting per /64 is
 * counting per host. IPv4 (also IPv4-mapped IPv6) counts per address.
 */
function addressBucket(address: string): string {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The address a request came from. X-Forwarded-For is anyone's to write, so it counts only when
 * the operator says how many proxies in front of us append to it (TRUST_PROXY): the client is the
 * entry the outermost of those proxies wrote, counted from the right; whatever the client itself
 * put further left is ignored. Otherwise, and for anything that is not an IP address, the socket.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.get('config').trustProxy ?? 0;
  const socket = socketAddress(c);
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = chain.length === 0 ? null : chain[Math.max(0, chain.length - hops)];
    if (entry && isIP(entry)) return addressBucket(entry);
  }
  return addressBucket(socket);
}

/** 429 with Retry-After, the one way every limit refuses. */
export function tooMany(retryAfterSeconds: number, message: string = messages.tooManyAttempts) {
  return new HttpError(429, message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/**
 * Allows `limit` hits per `windowSeconds` for a key, else 429 with Retry-After. Counters live in
 * the database so every API process shares them.
 *
 * @example await rateLimit(c, `register-email:${clientId}:${email}`, { limit: 5, windowSeconds: 3600 });
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
  if (count > limit) throw tooMany((windowStart + windowMs - now) / 1000);
}
