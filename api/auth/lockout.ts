import type { Db } from '../db/connection.ts';
import { clearCounter, hit, readCounter, recordFailure } from '../db/repositories/rate-limits.ts';
import { tooMany } from '../middleware/rate-limit.ts';

/*
 * Wrong passwords are counted per (account, address), not per account: an attacker somewhere
 * else can only slow down their own guesses, never lock the real owner out. Each address gets a
 * few free tries, then waits twice as long after every further failure. A ceiling per account
 * over all addresses stops a guesser who rotates addresses; reaching it takes many addresses
 * (each spent after a few tries), see docs/rules/security.md.
 */
export const FREE_FAILURES = 5;
const FIRST_WAIT_SECONDS = 60;
const LONGEST_WAIT_SECONDS = 3600;
/** A run of failures is forgotten a day after its last failure. */
const FORGET_AFTER_MS = 24 * 3600 * 1000;
export const ACCOUNT_CEILING = { limit: 100, windowSeconds: 3600 };

/** How long an address waits after its `failures`-th failure in a row. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES));
}

const pairKey = (account: string, address: string) => `login-fail:${account}@${address}`;
const accountKey = (account: string) => `login-fail-all:${account}`;

/** 429 with Retry-After while this address must wait, or the account's ceiling is reached. */
export async function refuseWhileLocked(db: Db, account: string, address: string, now: number) {
  const pair = await readCounter(db, pairKey(account, address));
  if (pair && now - pair.at < FORGET_AFTER_MS) {
    const until = pair.at + waitAfter(pair.count) * 1000;
    if (until > now) throw tooMany((until - now) / 1000);
  }
  const windowMs = ACCOUNT_CEILING.windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const all = await readCounter(db, accountKey(account));
  if (all && all.at === windowStart && all.count >= ACCOUNT_CEILING.limit)
    throw tooMany((windowStart + windowMs - now) / 1000);
}

export async function noteFailure(db: Db, account: string, address: string, now: number) {
  await recordFailure(db, pairKey(account, address), now, now - FORGET_AFTER_MS);
  const windowMs = ACCOUNT_CEILING.windowSeconds * 1000;
  await hit(db, accountKey(account), now - (now % windowMs));
}

/** A right password from this address wipes its run of failures. */
export const noteSuccess = (db: Db, account: string, address: string) =>
  clearCounter(db, pairKey(account, address));
