import {
  createAttendeeSchema,
  type FieldDefinition,
  visibleAttendeeFields,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataColumns, fieldDataValue } from '../db/field-values.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { inTransaction } from './bookings/transaction.ts';
import { listFields } from './fields.ts';
import { claimFiles } from './files.ts';

const FILE_GONE = 'This file is no longer available. Please upload it again.';

/** One answer on the wire (docs/api/calls.md: `{ fieldData: [{ field: fieldId, value }] }`). */
export interface FieldValue {
  field: string;
  value: unknown;
}

export interface AttendeeDto {
  _id: string;
  user: string;
  /** "First Last", from the default fields, for lists and badges. */
  name: string;
  dateOfBirth: string | null;
  fieldData: Record<string, unknown>;
}

async function attendeeFields(db: Db, clientId: string, admin: boolean) {
  const fields = await listFields(db, clientId, {
    usage: 'attendee',
    includeDisabled: true,
    includeAdminOnly: admin,
  });
  return fields as (FieldDefinition & { internalKey: string | null })[];
}

/**
 * Attendees of a client, with their answers. Admin-only answers are left out unless asked for, so
 * a parent never reads the organiser's private notes about their child.
 */
export async function listAttendees(
  db: Db,
  clientId: string,
  { userId, ids, admin }: { userId?: string; ids?: string[]; admin: boolean },
): Promise<AttendeeDto[]> {
  let query = db
    .selectFrom('attendees')
    .select(['id', 'user_id'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .orderBy('id');
  if (userId) query = query.where('user_id', '=', userId);
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  const attendees = await query.execute();
  if (attendees.length === 0) return [];
  const fields = await attendeeFields(db, clientId, admin);
  const fieldsById = new Map(fields.map((f) => [f._id, f]));
  const data = await db
    .selectFrom('field_data')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('owner_type', '=', 'attendee')
    .where(
      'owner_id',
      'in',
      attendees.map((a) => a.id),
    )
    .execute();
  const keyed = (key: string) => fields.find((f) => f.internalKey === key)?._id;
  const [firstName, lastName, dateOfBirth] = ['firstName', 'lastName', 'dateOfBirth'].map(keyed);
  return attendees.map((a) => {
    const fieldData: Record<string, unknown> = {};
    for (const row of data) {
      if (row.owner_id === a.id && fieldsById.has(row.field_id)) {
        fieldData[row.field_id] = fieldDataValue(row);
      }
    }
    const text = (id: string | undefined) =>
      id && typeof fieldData[id] === 'string' ? (fieldData[id] as string).trim() : '';
    return {
      _id: a.id,
      user: a.user_id,
      name: [text(firstName), text(lastName)].filter(Boolean).join(' ') || 'Unnamed attendee',
      dateOfBirth: text(dateOfBirth) || null,
      fieldData,
    };
  });
}

export async function loadAttendee(
  db: Db,
  clientId: string,
  attendeeId: string,
  { admin, userId }: { admin: boolean; userId?: string },
): Promise<AttendeeDto> {
  const [attendee] = await listAttendees(db, clientId, { ids: [attendeeId], admin, userId });
  if (!attendee) throw notFound();
  return attendee;
}

/**
 * Creates or updates an attendee of a user, validated with the engine's attendee schema (the
 * form's own messages). Only the fields the caller can see are replaced: a parent saving their
 * child keeps the organiser's admin-only answers intact. One transaction; nothing is written when
 * any answer is wrong.
 *
 * @example await saveAttendee(db, clientId, { userId, fieldData: [{ field, value: 'Mia' }], admin: false })
 */
export async function saveAttendee(
  db: Db,
  clientId: string,
  input: { userId: string; attendeeId?: string; fieldData: FieldValue[]; admin: boolean },
): Promise<string> {
  // Another client's user is "not found" before anything about the form is said.
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', input.userId)
    .executeTakeFirst();
  if (!user) throw notFound();
  const fields = await attendeeFields(db, clientId, input.admin);
  const answers = Object.fromEntries(input.fieldData.map((d) => [d.field, d.value]));
  const { fieldData } = parse(createAttendeeSchema(fields, { admin: input.admin }), {
    fieldData: answers,
  });
  const visible = visibleAttendeeFields(fields, { admin: input.admin });
  // File answers must be uploads of this client (a parent's own); they stop being temporary.
  const fileFields = visible.filter((f) => f.type === 'fileUpload');
  const fileIds = fileFields.flatMap((f) => (fieldData[f._id] as string[] | undefined) ?? []);
  const missing = await claimFiles(db, clientId, input.admin ? null : input.userId, fileIds);
  if (missing.length) {
    const field = fileFields.find((f) =>
      ((fieldData[f._id] as string[] | undefined) ?? []).includes(missing[0]),
    );
    throw new HttpError(400, FILE_GONE, field ? { [`fieldData.${field._id}`]: FILE_GONE } : {});
  }
  const now = nowIso();
  const id = input.attendeeId ?? newId();
  // Inside the caller's transaction when there is one (an admin's edit and its audit entry).
  await inTransaction(db, async (trx) => {
    if (input.attendeeId) {
      const updated = await trx
        .updateTable('attendees')
        .set({ updated_at: now })
        .where('client_id', '=', clientId)
        .where('user_id', '=', input.userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw notFound();
      if (visible.length === 0) return;
      await trx
        .deleteFrom('field_data')
        .where('client_id', '=', clientId)
        .where('owner_type', '=', 'attendee')
        .where('owner_id', '=', id)
        .where(
          'field_id',
          'in',
          visible.map((f) => f._id),
        )
        .execute();
    } else {
      await trx
        .insertInto('attendees')
        .values({
          id,
          client_id: clientId,
          user_id: input.userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const rows = visible
      .filter((f) => fieldData[f._id] !== undefined && fieldData[f._id] !== null)
      .map((f) => ({
        id: newId(),
        client_id: clientId,
        owner_type: 'attendee' as const,
        owner_id: id,
        field_id: f._id,
        ...fieldDataColumns(f.type, fieldData[f._id]),
        created_at: now,
        updated_at: now,
      }));
    if (rows.length) await trx.insertInto('field_data').values(rows).execute();
  });
  return id;
}

/** Seeding and admin flows create an attendee with every field visible. */
export const createAttendee = (db: Db, clientId: string, userId: string, fieldData: FieldValue[]) =>
  saveAttendee(db, clientId, { userId, fieldData, admin: true });
