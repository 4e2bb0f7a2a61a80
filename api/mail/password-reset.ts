import {
  type ForgotPasswordInput,
  type ResetPasswordInput,
  resetMessages,
} from '../../engine/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { findAdminsByEmail, findUserByEmail } from '../db/repositories/users.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMessage } from './outbox.ts';

/**
 * 'Forgot password?': queues a reset e-mail to each account with that address — the parent's
 * account with this organiser (`clientId`, from the widget), or every organiser account of an
 * admin signing in to the dashboard (no client named). An address with no account queues
 * nothing, and the caller answers the same either way.
 *
 * @example await requestPasswordReset(db, { clientId, input: { email }, now: new Date() });
 */
export async function requestPasswordReset(
  db: Db,
  { clientId, input, now }: { clientId: string | null; input: ForgotPasswordInput; now: Date },
): Promise<void> {
  const users = clientId
    ? [await findUserByEmail(db, clientId, input.email.trim())].filter((u) => u !== undefined)
    : await findAdminsByEmail(db, input.email.trim());
  for (const user of users)
    await db.transaction().execute((trx) =>
      enqueueMessage(trx, {
        clientId: user.client_id,
        kind: 'password-reset',
        // Each request is its own event: asking twice sends two links, both working.
        eventKey: `password-reset:${user.id}:${newId()}`,
        to: { email: user.email, name: user.full_name, userId: user.id },
        payload: { audience: user.role === 'admin' ? 'admin' : 'customer' },
        now,
      }),
    );
}

const invalidLink = () =>
  new HttpError(400, resetMessages.linkInvalid, { token: resetMessages.linkInvalid });

/**
 * Sets a new password from an e-mailed link. The link works once and for an hour: using it
 * marks it (and every other link of that account) used in the same transaction as the new
 * password, and signs the account out everywhere, since whoever knew the old password may be
 * signed in.
 *
 * @example await resetPassword(db, { clientId: null, input, now: new Date() });
 */
export async function resetPassword(
  db: Db,
  { clientId, input, now }: { clientId: string | null; input: ResetPasswordInput; now: Date },
): Promise<void> {
  const tokenHash = hashToken(input.token);
  const nowIso = now.toISOString();
  const reset = await db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  const usable = (row: typeof reset) =>
    row && !row.used_at && row.expires_at > nowIso && (!clientId || row.client_id === clientId);
  if (!usable(reset)) throw invalidLink();
  // Hashing is slow on purpose: done before the transaction so no write lock waits for it.
  const hash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    // Two tabs racing with one link: only one of them changes the password.
    if (Number(claimed.numUpdatedRows) !== 1) throw invalidLink();
    const { client_id, user_id } = reset!;
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: nowIso })
      .where('client_id', '=', client_id)
      .where('id', '=', user_id)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: nowIso })
      .where('client_id', '=', client_id)
      .where('user_id', '=', user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .deleteFrom('auth_tokens')
      .where('client_id', '=', client_id)
      .where('user_id', '=', user_id)
      .execute();
  });
}
