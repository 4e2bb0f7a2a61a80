import { isTimeZone, type OrganiserSignupInput, PLAN_LEVELS } from '../../engine/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { insertClient } from '../db/repositories/clients.ts';
import { insertUser } from '../db/repositories/users.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';
import { issueToken } from './sessions.ts';

/** Every organiser starts with the attendee fields a children's class cannot do without. */
const DEFAULT_ATTENDEE_FIELDS = [
  { title: 'First name', type: 'text', internal_key: 'firstName' },
  { title: 'Last name', type: 'text', internal_key: 'lastName' },
  { title: 'Date of birth', type: 'date', internal_key: 'dateOfBirth' },
] as const;

const DATE_FORMATS: Record<string, string> = { US: 'MM/dd/yyyy', CA: 'yyyy-MM-dd' };

export interface CreatedOrganiser {
  clientId: string;
  adminId: string;
  token: string;
}

/**
 * Creates an organiser (client), its first admin and its default fields, in one transaction.
 *
 * @example const { clientId, token } = await createOrganiser(db, { organisationName: 'Club', … });
 */
export async function createOrganiser(
  db: Db,
  input: OrganiserSignupInput,
  {
    planLevel = PLAN_LEVELS.Standard,
    dateFormat,
  }: { planLevel?: number; dateFormat?: string } = {},
): Promise<CreatedOrganiser> {
  if (!isTimeZone(input.timeZone)) {
    throw new HttpError(400, 'Please choose a valid time zone.', {
      timeZone: 'Please choose a valid time zone.',
    });
  }
  const now = nowIso();
  const clientId = newId();
  const adminId = newId();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await insertClient(trx, {
      id: clientId,
      name: input.organisationName,
      currency: input.currency,
      country: input.country,
      date_format: dateFormat ?? DATE_FORMATS[input.country] ?? 'dd/MM/yyyy',
      time_zone: input.timeZone,
      plan_level: planLevel,
      created_at: now,
      updated_at: now,
    });
    await insertUser(trx, {
      id: adminId,
      client_id: clientId,
      role: 'admin',
      email: input.email,
      full_name: input.fullName,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    });
    await trx
      .insertInto('custom_fields')
      .values(
        DEFAULT_ATTENDEE_FIELDS.map((field, weight) => ({
          id: newId(),
          client_id: clientId,
          usage: 'attendee',
          title: field.title,
          type: field.type,
          internal_key: field.internal_key,
          required: 1 as const,
          weight,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  const token = await issueToken(db, { clientId, userId: adminId });
  return { clientId, adminId, token };
}
