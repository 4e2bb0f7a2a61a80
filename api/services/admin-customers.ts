import { type FieldDefinition, visibleAttendeeFields } from '../../engine/index.ts';
import { newCustomerMessages, newCustomerSchema } from '../../engine/schemas/new-customer.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataColumns } from '../db/field-values.ts';
import { newId } from '../db/ids.ts';
import { findUserByEmail } from '../db/repositories/users.ts';
import { nowIso } from '../db/time.ts';
import { HttpError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { FieldValue } from './attendees.ts';
import { listFields } from './fields.ts';
import { claimFiles } from './files.ts';
import { loadUser, type UserDto } from './users.ts';

/*
 * A new family's parent added by the organiser during a phone booking (docs/rules/
 * phone-bookings.md). They get no password: the stored hash matches none, so nobody can sign in
 * as them until they use 'Forgot password', which lets them set one and claim the account.
 */

/** Never produced by hashPassword, so verifyPassword refuses every password against it. */
const NO_PASSWORD = '!no-password-set';

const FILE_GONE = 'This file is no longer available. Please upload it again.';

const exists = () =>
  new HttpError(409, newCustomerMessages.emailExists, { email: newCustomerMessages.emailExists });

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(`${e?.code} ${e?.message}`);
};

/**
 * Adds a customer to the organiser's client: name, e-mail and answers to the user fields,
 * checked by the engine's schema. An e-mail the client already has is refused (409 on `email`,
 * the screen then offers that customer), also when two adds race. One transaction; nothing is
 * written when any answer is wrong.
 *
 * @example const user = await createCustomer(db, clientId, { fullName: 'Dana Hill', email: 'dana@home.test', fieldData: [{ field, value: '07700 900123' }] });
 */
export async function createCustomer(
  db: Db,
  clientId: string,
  input: { fullName: unknown; email: unknown; fieldData: FieldValue[] },
): Promise<UserDto> {
  const fields = (await listFields(db, clientId, {
    usage: 'user',
    includeDisabled: true,
    includeAdminOnly: true,
  })) as FieldDefinition[];
  const answers = Object.fromEntries(input.fieldData.map((d) => [d.field, d.value]));
  const customer = parse(newCustomerSchema(fields), {
    fullName: input.fullName,
    email: input.email,
    fieldData: answers,
  });
  if (await findUserByEmail(db, clientId, customer.email)) throw exists();
  const visible = visibleAttendeeFields(fields, { admin: true });
  const fileFields = visible.filter((f) => f.type === 'fileUpload');
  const fileIds = fileFields.flatMap(
    (f) => (customer.fieldData[f._id] as string[] | undefined) ?? [],
  );
  const missing = await claimFiles(db, clientId, null, fileIds);
  if (missing.length) {
    const field = fileFields.find((f) =>
      ((customer.fieldData[f._id] as string[] | undefined) ?? []).includes(missing[0]!),
    );
    throw new HttpError(400, FILE_GONE, field ? { [`fieldData.${field._id}`]: FILE_GONE } : {});
  }
  const id = newId();
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          client_id: clientId,
          role: 'customer',
          email: customer.email,
          full_name: customer.fullName,
          password_hash: NO_PASSWORD,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const rows = visible
        .filter(
          (f) => customer.fieldData[f._id] !== undefined && customer.fieldData[f._id] !== null,
        )
        .map((f) => ({
          id: newId(),
          client_id: clientId,
          owner_type: 'user' as const,
          owner_id: id,
          field_id: f._id,
          ...fieldDataColumns(f.type, customer.fieldData[f._id]),
          created_at: now,
          updated_at: now,
        }));
      if (rows.length) await trx.insertInto('field_data').values(rows).execute();
    });
  } catch (error) {
    // Two adds of one e-mail racing: the unique index decides, the second hears why.
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  return loadUser(db, clientId, id);
}
