import { type FieldDefinition, qualifyingTabFields } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { fromFlag, nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { listFields } from './fields.ts';

/** A tab as the 'Add new tab' / 'Edit tab' form outputs it (engine `createHomeTabSchema`). */
export interface HomeTabWrite {
  name: string;
  path: string;
  type: 'venue' | 'fieldOption';
  field: string;
  value: string[];
  enabled: boolean;
}

export interface HomeTabDto {
  _id: string;
  name: string;
  path: string;
  type: 'venue' | 'fieldOption';
  field: string | null;
  value: string[];
  enabled: boolean;
}

export async function listHomeTabs(
  db: Db,
  clientId: string,
  { enabledOnly }: { enabledOnly: boolean },
): Promise<HomeTabDto[]> {
  let query = db
    .selectFrom('home_tabs')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('weight')
    .orderBy('created_at');
  if (enabledOnly) query = query.where('enabled', '=', 1);
  const rows = await query.execute();
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    path: r.path,
    type: r.type,
    field: r.field_id,
    value: readJson<string[]>(r.value, []),
    enabled: fromFlag(r.enabled),
  }));
}

/**
 * The tab's field must be one a tab can filter by (docs/rules/forms-and-messages.md: enabled; a
 * venue field while venues exist, or a list field with options), and its values that field's own
 * options or the client's venues. The type follows from the field.
 */
async function checkTarget(
  db: Db,
  clientId: string,
  tab: HomeTabWrite,
): Promise<'venue' | 'fieldOption'> {
  const fields = (await listFields(db, clientId, {
    usage: 'activity',
    includeDisabled: false,
    includeAdminOnly: true,
  })) as FieldDefinition[];
  const venues = await db
    .selectFrom('venues')
    .select('id')
    .where('client_id', '=', clientId)
    .execute();
  const field = qualifyingTabFields(fields, venues.length).find((f) => f._id === tab.field);
  if (!field)
    throw new HttpError(400, 'Please choose a field this tab can filter by.', {
      field: 'Please choose a field this tab can filter by.',
    });
  const allowed = new Set(
    field.type === 'venue' ? venues.map((v) => v.id) : (field.fieldOptions ?? []).map((o) => o._id),
  );
  if (tab.value.some((id) => !allowed.has(id))) {
    throw new HttpError(400, 'Please choose options of the selected field.', {
      value: 'Please choose options of the selected field.',
    });
  }
  return field.type === 'venue' ? 'venue' : 'fieldOption';
}

export async function saveHomeTab(
  db: Db,
  clientId: string,
  tabId: string | null,
  tab: HomeTabWrite,
): Promise<string> {
  const type = await checkTarget(db, clientId, tab);
  const now = nowIso();
  const columns = {
    name: tab.name,
    path: tab.path,
    type,
    field_id: tab.field,
    value: JSON.stringify(tab.value),
    enabled: toFlag(tab.enabled),
    updated_at: now,
  };
  if (tabId) {
    const result = await db
      .updateTable('home_tabs')
      .set(columns)
      .where('client_id', '=', clientId)
      .where('id', '=', tabId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound();
    return tabId;
  }
  // A new tab goes after the others: two tabs saved within one millisecond would otherwise tie.
  const last = await db
    .selectFrom('home_tabs')
    .select((eb) => eb.fn.max('weight').as('weight'))
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const id = newId();
  await db
    .insertInto('home_tabs')
    .values({
      ...columns,
      id,
      client_id: clientId,
      created_at: now,
      weight: Number(last?.weight ?? -1) + 1,
    })
    .execute();
  return id;
}

export async function deleteHomeTab(db: Db, clientId: string, id: string) {
  const result = await db
    .deleteFrom('home_tabs')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
