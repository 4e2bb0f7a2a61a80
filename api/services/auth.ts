import type { LoginInput, RegistrationInput } from '../../engine/index.ts';
import { messages } from '../../engine/index.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import {
  findAdminsByEmail,
  findUserByEmail,
  insertUser,
  replacePasswordHash,
  type UserRow,
} from '../db/repositories/users.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';
import { issueToken } from './sessions.ts';
import { loadUser, type UserDto } from './users.ts';

/** Registers a customer of a client and signs them in. */
export async function registerCustomer(
  db: Db,
  clientId: string,
  input: RegistrationInput,
): Promise<{ token: string; user: UserDto }> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, clientId, email)) {
    throw new HttpError(409, messages.emailTaken, { email: messages.emailTaken });
  }
  const now = nowIso();
  const id = newId();
  try {
    await insertUser(db, {
      id,
      client_id: clientId,
      role: 'customer',
      email,
      full_name: input.fullName.trim(),
      password_hash: await hashPassword(input.password),
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // Two registrations for one email racing: the unique index decides, the loser hears why.
    if (await findUserByEmail(db, clientId, email)) {
      throw new HttpError(409, messages.emailTaken, { email: messages.emailTaken });
    }
    throw error;
  }
  const token = await issueToken(db, { clientId, userId: id });
  return { token, user: await loadUser(db, clientId, id) };
}

/**
 * Checks a sign-in. With a client (the widget) any user of that client may sign in; without one
 * (the dashboard) only admins, found by email. One message for every failure, so the answer never
 * tells whether an email has an account, and an unknown email costs as much time as a known one.
 */
export async function signIn(
  db: Db,
  clientId: string | null,
  input: LoginInput,
): Promise<{ token: string; user: UserDto }> {
  const candidates: UserRow[] = clientId
    ? [await findUserByEmail(db, clientId, input.email)].filter((u): u is UserRow => Boolean(u))
    : await findAdminsByEmail(db, input.email);
  if (candidates.length === 0) await verifyPassword(input.password, await decoyHash);
  for (const user of candidates) {
    if (await verifyPassword(input.password, user.password_hash)) {
      // Hashes from before argon2id (or older parameters) are upgraded while we hold the password.
      if (needsRehash(user.password_hash))
        await replacePasswordHash(
          db,
          user.id,
          user.password_hash,
          await hashPassword(input.password),
          nowIso(),
        );
      const token = await issueToken(db, { clientId: user.client_id, userId: user.id });
      return { token, user: await loadUser(db, user.client_id, user.id) };
    }
  }
  throw new HttpError(401, messages.invalidCredentials);
}
