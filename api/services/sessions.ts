import { hashToken, newToken, TOKEN_TTL_DAYS } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { deleteToken, insertToken } from '../db/repositories/auth-tokens.ts';
import { addDays, nowIso } from '../db/time.ts';

/**
 * Starts a signed-in session and returns the raw token, which is shown once and never stored.
 *
 * @example const token = await issueToken(db, { clientId, userId });
 */
export async function issueToken(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<string> {
  const token = newToken();
  const now = nowIso();
  await insertToken(db, {
    token_hash: hashToken(token),
    client_id: clientId,
    user_id: userId,
    expires_at: addDays(now, TOKEN_TTL_DAYS),
    created_at: now,
  });
  return token;
}

export const revokeToken = (db: Db, token: string) => deleteToken(db, hashToken(token));
