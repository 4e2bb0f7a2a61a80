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

/**
 * The caller behind a token, if the token exists and has not expired. A guardian of another
 * parent's household acts for that household (docs/rules/households.md): `userId` is its main
 * account, `guardianId` the person signed in.
 */
export async function findCallerByTokenHash(db: Db, tokenHash: string, now: string) {
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .leftJoin('household_guardians as hg', (j) =>
      j.onRef('hg.user_id', '=', 'users.id').onRef('hg.client_id', '=', 'users.client_id'),
    )
    .select([
      'users.id as userId',
      'users.client_id as clientId',
      'users.role as role',
      'hg.household_id as householdId',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { householdId, ...caller } = row;
  if (!householdId || caller.role !== 'customer') return caller;
  return { ...caller, userId: householdId, guardianId: caller.userId };
}

export const deleteToken = (db: Db, tokenHash: string) =>
  db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();

export const deleteExpiredTokens = (db: Db, now: string) =>
  db.deleteFrom('auth_tokens').where('expires_at', '<=', now).execute();
