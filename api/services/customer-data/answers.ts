import type { Db } from '../../db/connection.ts';
import { fieldDataValue } from '../../db/field-values.ts';

/** One answer as a person reads it: the field's title and the value in words. */
export interface ReadableAnswer {
  field: string;
  value: unknown;
}

/**
 * Every custom field answer held about the given owners (a user or their attendees), admin-only
 * and disabled fields included, with option, venue and file ids turned into their names: an
 * export must be readable without our database. Keyed by owner id.
 *
 * @example const answers = await readableAnswers(db, clientId, [attendeeId]); answers.get(attendeeId)
 */
export async function readableAnswers(
  db: Db,
  clientId: string,
  ownerIds: string[],
): Promise<Map<string, ReadableAnswer[]>> {
  const byOwner = new Map<string, ReadableAnswer[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .selectFrom('field_data as d')
    .innerJoin('custom_fields as f', (j) =>
      j.onRef('f.id', '=', 'd.field_id').on('f.client_id', '=', clientId),
    )
    .select([
      'd.owner_id',
      'd.data_type',
      'd.value',
      'd.value_ref',
      'd.value_ref_array',
      'd.value_ref_venue',
      'f.title',
      'f.weight',
    ])
    .where('d.client_id', '=', clientId)
    .where('d.owner_id', 'in', ownerIds)
    .orderBy('f.weight')
    .orderBy('f.title')
    .execute();
  const [options, venues, files] = await Promise.all([
    db
      .selectFrom('field_options')
      .select(['id', 'name'])
      .where('client_id', '=', clientId)
      .execute(),
    db.selectFrom('venues').select(['id', 'name']).where('client_id', '=', clientId).execute(),
    db
      .selectFrom('files')
      .select(['id', 'original_name'])
      .where('client_id', '=', clientId)
      .execute(),
  ]);
  const optionName = new Map(options.map((o) => [o.id, o.name]));
  const venueName = new Map(venues.map((v) => [v.id, v.name]));
  const fileName = new Map(files.map((f) => [f.id, f.original_name]));
  for (const row of rows) {
    const raw = fieldDataValue(row);
    let value: unknown = raw;
    if (row.data_type === 'ref') value = optionName.get(String(raw)) ?? raw;
    else if (row.data_type === 'refArray')
      value = (raw as string[]).map((id) => optionName.get(id) ?? id);
    else if (row.data_type === 'venueRef') value = venueName.get(String(raw)) ?? raw;
    else if (row.data_type === 'files' && Array.isArray(raw))
      value = raw.map((id) => fileName.get(String(id)) ?? String(id));
    const list = byOwner.get(row.owner_id) ?? [];
    list.push({ field: row.title, value });
    byOwner.set(row.owner_id, list);
  }
  return byOwner;
}

/**
 * The ids of files that answers of these owners point at (file upload fields).
 *
 * @example await answerFileIds(db, clientId, [attendeeId]) // ['6740…']
 */
export async function answerFileIds(db: Db, clientId: string, ownerIds: string[]) {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom('field_data')
    .select(['data_type', 'value', 'value_ref', 'value_ref_array', 'value_ref_venue'])
    .where('client_id', '=', clientId)
    .where('owner_id', 'in', ownerIds)
    .where('data_type', '=', 'files')
    .execute();
  return rows.flatMap((r) => {
    const v = fieldDataValue(r);
    return Array.isArray(v) ? v.map(String) : [];
  });
}
