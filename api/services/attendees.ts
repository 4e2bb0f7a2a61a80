import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { notFound } from '../http/errors.ts';

export interface FieldValue {
  field: string;
  value: unknown;
}

/**
 * Creates an attendee of a user with its field answers, in one transaction. The user must belong
 * to the client; field ids must be the client's own.
 */
export async function createAttendee(
  db: Db,
  clientId: string,
  userId: string,
  fieldData: FieldValue[],
): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound();
    const fieldIds = fieldData.map((d) => d.field);
    const fields = fieldIds.length
      ? await trx
          .selectFrom('custom_fields')
          .select(['id', 'type'])
          .where('client_id', '=', clientId)
          .where('id', 'in', fieldIds)
          .execute()
      : [];
    const types = new Map(fields.map((f) => [f.id, f.type]));
    await trx
      .insertInto('attendees')
      .values({ id, client_id: clientId, user_id: userId, created_at: now, updated_at: now })
      .execute();
    const rows = fieldData
      .filter((d) => types.has(d.field))
      .map((d) => ({
        id: newId(),
        client_id: clientId,
        owner_type: 'attendee' as const,
        owner_id: id,
        field_id: d.field,
        data_type: dataTypeOf(types.get(d.field)!),
        value: JSON.stringify(d.value ?? null),
        value_ref: null,
        value_ref_array: null,
        value_ref_venue: null,
        created_at: now,
        updated_at: now,
      }));
    if (rows.length) await trx.insertInto('field_data').values(rows).execute();
  });
  return id;
}

/** Spec §3 field data dataType for a field type. */
function dataTypeOf(type: string): string {
  switch (type) {
    case 'selectList':
      return 'ref';
    case 'checkboxMultiple':
      return 'refArray';
    case 'venue':
      return 'venueRef';
    case 'checkboxSingle':
      return 'boolean';
    case 'currency':
    case 'integer':
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'fileUpload':
      return 'files';
    default:
      return 'others';
  }
}
