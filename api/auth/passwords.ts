import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's password storage cheat sheet, first argon2id line: 19 MiB, two passes, one lane. About
 * 60 ms here: slow for guessing, fine for sign-in.
 */
const ARGON2 = {
  algorithm: 2 as const /* Algorithm.Argon2id: a const enum, not importable here */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/**
 * Longer than any schema lets through (200): a password is never hashed unbounded, whatever
 * route reaches here. Over it, hashing refuses and verifying fails without any work.
 */
export const MAX_PASSWORD_CHARS = 1024;

/** Hashes written before argon2id: `scrypt$N$r$p$salt$key`, still verified, then upgraded. */
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

const normalise = (password: string) => password.normalize('NFKC');

/**
 * @example const stored = await hashPassword('classwise-admin'); // '$argon2id$v=19$m=19456,t=2,p=1$…'
 */
export async function hashPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_CHARS) throw new Error('Password too long to hash');
  return hash(normalise(password), ARGON2);
}

function scryptKey(password: string, salt: Buffer, N: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 32, { N, r, p, maxmem: SCRYPT_MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const key = await scryptKey(
    password,
    Buffer.from(salt, 'base64'),
    Number(n),
    Number(r),
    Number(p),
  );
  const want = Buffer.from(expected, 'base64');
  return key.length === want.length && timingSafeEqual(key, want);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_CHARS) return false;
  const normalised = normalise(password);
  if (stored.startsWith('$argon2')) return verify(stored, normalised).catch(() => false);
  if (stored.startsWith('scrypt$')) return verifyScrypt(normalised, stored);
  return false;
}

/** Whether a stored hash predates the current algorithm or parameters: rehash at next sign-in. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(CURRENT_PREFIX);

/** A hash to compare against when the email is unknown, so timing does not reveal accounts. */
export const decoyHash = hashPassword(randomBytes(16).toString('hex'));
