import type { Db } from '../db/connection.ts';
import { findUserById } from '../db/repositories/users.ts';
import { notFound } from '../http/errors.ts';

export interface UserDto {
  _id: string;
  fullName: string;
  email: string;
  role: 'admin' | 'customer';
  fieldData: unknown[];
  attendees: string[];
}

/** A user of a client in the wire shape (spec §3 User: fullName, fieldData, attendees). */
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
