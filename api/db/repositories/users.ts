import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../connection.ts';
import type { UsersTable } from '../schema.ts';

export type UserRow = Selectable<UsersTable>;

export const insertUser = (db: Db, row: Insertable<UsersTable>) =>
  db.insertInto('users').values(row).execute();

export const findUserById = (db: Db, clientId: string, userId: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();

export const findUserByEmail = (db: Db, clientId: string, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();

/** Admins sign in to the dashboard without naming their client: their email finds it. */
/** Dashboard users of any client with this e-mail: admins, and coaches (registers only). */
export const findAdminsByEmail = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('role', 'in', ['admin', 'coach'])
    .where('email', '=', email.toLowerCase())
    .orderBy('created_at')
    .execute();

/** Replaces a hash, only if it is still the one checked: a password changed meanwhile wins. */
export const replacePasswordHash = (
  db: Db,
  userId: string,
  checked: string,
  replacement: string,
  now: string,
) =>
  db
    .updateTable('users')
    .set({ password_hash: replacement, updated_at: now })
    .where('id', '=', userId)
    .where('password_hash', '=', checked)
    .execute();
