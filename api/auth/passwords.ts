import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// N=2^15 keeps a hash near 50 ms on this class of machine: slow for guessing, fine for sign-in.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params = PARAMS): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * @example const stored = await hashPassword('classwise-admin'); // 'scrypt$32768$8$1$…$…'
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const key = await derive(password, Buffer.from(salt, 'base64'), params);
  const want = Buffer.from(expected, 'base64');
  return key.length === want.length && timingSafeEqual(key, want);
}

/** A hash to compare against when the email is unknown, so timing does not reveal accounts. */
export const decoyHash = hashPassword('decoy-password-never-matches');
