import type { Db } from '../connection.ts';

export const insertToken = (
  db: Db,
  row: {
    token_hash: string;
    client_id: string;
    user_id: string;
    expires_at: string;
    created_at: string;
  },
) => db.insertInto('auth_tokens').values(row).execute();

/** The caller behind a token, if the token exists and has not expired. */
export const findCallerByTokenHash = (db: Db, tokenHash: string, now: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['users.id as userId', 'users.client_id as clientId', 'users.role as role'])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.expires_at', '>', now)
    .executeTakeFirst();

export const deleteToken = (db: Db, tokenHash: string) =>
  db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();

export const deleteExpiredTokens = (db: Db, now: string) =>
  db.deleteFrom('auth_tokens').where('expires_at', '<=', now).execute();
