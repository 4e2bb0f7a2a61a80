import type { Db } from '../db/connection.ts';
import { findUserById } from '../db/repositories/users.ts';
import { notFound } from '../http/errors.ts';
import { customerMatches } from './search/customers.ts';
import { searchWords } from './search/terms.ts';

export interface UserDto {
  _id: string;
  fullName: string;
  email: string;
  role: 'admin' | 'customer' | 'coach';
  fieldData: unknown[];
  attendees: string[];
}

/**
 * A user of a client in the wire shape (docs/data-model.md User: fullName, fieldData, attendees).
 */
export async function loadUser(db: Db, clientId: string, userId: string): Promise<UserDto> {
  const user = await findUserById(db, clientId, userId);
  if (!user) throw notFound();
  const attendees = await db
    .selectFrom('attendees')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return {
    _id: user.id,
    fullName: user.full_name,
    email: user.email,
    role: user.role,
    fieldData: [],
    attendees: attendees.map((a) => a.id),
  };
}

export interface UserListFilters {
  /**
   * Every word must match the parent's name, e-mail or phone, or a child's first or last name,
   * case-insensitively, anywhere in the text (api/services/search/customers.ts).
   */
  search?: string;
  role?: UserDto['role'];
  page: number;
  limit: number;
}

/**
 * A client's users, by name, paged: the dashboard's Customers screen. Tenant-scoped like every
 * read; `total` counts every match so the screen can say 'Showing x to y of z results'.
 *
 * @example await listUsers(db, clientId, { role: 'customer', search: 'sam', page: 1, limit: 20 })
 */
export async function listUsers(
  db: Db,
  clientId: string,
  filters: UserListFilters,
): Promise<{ data: UserDto[]; total: number }> {
  let base = db.selectFrom('users').where('client_id', '=', clientId);
  if (filters.role) base = base.where('role', '=', filters.role);
  const words = searchWords(filters.search);
  if (words.length) {
    base = base.where((eb) =>
      customerMatches(eb, clientId, { id: 'users.id', name: 'full_name', email: 'email' }, words),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'full_name', 'email', 'role'])
      .orderBy('full_name')
      .orderBy('id')
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
  ]);
  const attendees = rows.length
    ? await db
        .selectFrom('attendees')
        .select(['id', 'user_id'])
        .where('client_id', '=', clientId)
        .where(
          'user_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('created_at')
        .execute()
    : [];
  return {
    total: Number(total),
    data: rows.map((r) => ({
      _id: r.id,
      fullName: r.full_name,
      email: r.email,
      role: r.role,
      fieldData: [],
      attendees: attendees.filter((a) => a.user_id === r.id).map((a) => a.id),
    })),
  };
}
