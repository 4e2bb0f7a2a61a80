import {
  accountMessages,
  type ChangePasswordInput,
  type FieldDefinition,
  userDetailsSchema,
  visibleAttendeeFields,
} from '../../engine/index.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataColumns, fieldDataValue } from '../db/field-values.ts';
import { newId } from '../db/ids.ts';
import { findUserById } from '../db/repositories/users.ts';
import { nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { FieldValue } from './attendees.ts';
import { listFields } from './fields.ts';
import { claimFiles } from './files.ts';

const FILE_GONE = 'This file is no longer available. Please upload it again.';

/** What the account area shows of the parent: their name, e-mail and answers to user fields. */
export interface OwnDetailsDto {
  _id: string;
  fullName: string;
  email: string;
  /** Answers to the organiser's user fields the parent may see, by field id. */
  fieldData: Record<string, unknown>;
}

/** The client's user fields; admin-only ones are loaded so the schema refuses them by name. */
const userFields = async (db: Db, clientId: string) =>
  (await listFields(db, clientId, {
    usage: 'user',
    includeDisabled: true,
    includeAdminOnly: true,
  })) as FieldDefinition[];

/**
 * The signed-in parent's own details. Admin-only answers (the organiser's notes about them) are
 * never included (docs/rules/account.md).
 *
 * @example const me = await loadOwnDetails(db, clientId, userId); // { fullName, email, fieldData }
 */
export async function loadOwnDetails(
  db: Db,
  clientId: string,
  userId: string,
): Promise<OwnDetailsDto> {
  const user = await findUserById(db, clientId, userId);
  if (!user) throw notFound();
  const visible = visibleAttendeeFields(await userFields(db, clientId), { admin: false });
  const shown = new Map(visible.map((f) => [f._id, f]));
  const rows = await db
    .selectFrom('field_data')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('owner_type', '=', 'user')
    .where('owner_id', '=', userId)
    .execute();
  const fieldData: Record<string, unknown> = {};
  for (const row of rows)
    if (shown.has(row.field_id)) fieldData[row.field_id] = fieldDataValue(row);
  return { _id: user.id, fullName: user.full_name, email: user.email, fieldData };
}

/**
 * Saves the parent's name and answers to the user fields they can see, checked by the engine's
 * schema (required fields: 'Please complete this required field'). Admin-only answers stay as
 * the organiser left them. One transaction; nothing is written when any answer is wrong.
 *
 * @example await saveOwnDetails(db, clientId, userId, { fullName: 'Pat', fieldData: [{ field, value }] })
 */
export async function saveOwnDetails(
  db: Db,
  clientId: string,
  userId: string,
  input: { fullName: string; fieldData: FieldValue[] },
): Promise<OwnDetailsDto> {
  const fields = await userFields(db, clientId);
  const answers = Object.fromEntries(input.fieldData.map((d) => [d.field, d.value]));
  const { fullName, fieldData } = parse(userDetailsSchema(fields), {
    fullName: input.fullName,
    fieldData: answers,
  });
  const visible = visibleAttendeeFields(fields, { admin: false });
  const fileFields = visible.filter((f) => f.type === 'fileUpload');
  const fileIds = fileFields.flatMap((f) => (fieldData[f._id] as string[] | undefined) ?? []);
  const missing = await claimFiles(db, clientId, userId, fileIds);
  if (missing.length) {
    const field = fileFields.find((f) =>
      ((fieldData[f._id] as string[] | undefined) ?? []).includes(missing[0]!),
    );
    throw new HttpError(400, FILE_GONE, field ? { [`fieldData.${field._id}`]: FILE_GONE } : {});
  }
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ full_name: fullName, updated_at: now })
      .where('client_id', '=', clientId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw notFound();
    if (visible.length === 0) return;
    await trx
      .deleteFrom('field_data')
      .where('client_id', '=', clientId)
      .where('owner_type', '=', 'user')
      .where('owner_id', '=', userId)
      .where(
        'field_id',
        'in',
        visible.map((f) => f._id),
      )
      .execute();
    const rows = visible
      .filter((f) => fieldData[f._id] !== undefined && fieldData[f._id] !== null)
      .map((f) => ({
        id: newId(),
        client_id: clientId,
        owner_type: 'user' as const,
        owner_id: userId,
        field_id: f._id,
        ...fieldDataColumns(f.type, fieldData[f._id]),
        created_at: now,
        updated_at: now,
      }));
    if (rows.length) await trx.insertInto('field_data').values(rows).execute();
  });
  return loadOwnDetails(db, clientId, userId);
}

/**
 * Changes a signed-in user's password after checking the current one. Every other session of
 * theirs ends and any e-mailed reset link stops working, in the same transaction: whoever knew
 * the old password may be signed in elsewhere. The session making the change stays.
 *
 * @example await changePassword(db, { clientId, userId, token }, input)
 */
export async function changePassword(
  db: Db,
  caller: { clientId: string; userId: string; token: string },
  input: ChangePasswordInput,
): Promise<void> {
  const user = await findUserById(db, caller.clientId, caller.userId);
  if (!user) throw notFound();
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new HttpError(400, accountMessages.currentPasswordWrong, {
      currentPassword: accountMessages.currentPasswordWrong,
    });
  }
  // Hashing is slow on purpose: done before the transaction so no write lock waits for it.
  const hash = await hashPassword(input.password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('client_id', '=', caller.clientId)
      .where('id', '=', caller.userId)
      // Two changes racing from the same old password: only the first one wins.
      .where('password_hash', '=', user.password_hash)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      throw new HttpError(409, accountMessages.currentPasswordWrong, {
        currentPassword: accountMessages.currentPasswordWrong,
      });
    }
    await trx
      .deleteFrom('auth_tokens')
      .where('client_id', '=', caller.clientId)
      .where('user_id', '=', caller.userId)
      .where('token_hash', '!=', hashToken(caller.token))
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('client_id', '=', caller.clientId)
      .where('user_id', '=', caller.userId)
      .where('used_at', 'is', null)
      .execute();
  });
}
