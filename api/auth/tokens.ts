import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the bearer token the widget keeps and the dashboard's cookie. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only this hash is stored; a copy of the database signs nobody in. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export const SESSION_COOKIE = 'cw_session';
export const TOKEN_TTL_DAYS = 30;
