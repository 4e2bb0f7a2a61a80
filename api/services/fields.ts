import type { Db } from '../db/connection.ts';
import { readJson } from '../db/json.ts';
import { fromFlag } from '../db/time.ts';
import { notFound } from '../http/errors.ts';

export interface FieldDto {
  _id: string;
  title: string;
  helpText: string | null;
  type: string;
  required: boolean;
  adminOnly: boolean;
  enabled: boolean;
  usage: string;
  internalKey: string | null;
  fieldOptions: { _id: string; name: string; enabled: boolean }[];
  maxFiles: number | null;
  uploadType: string | null;
  textareaFormatting: boolean;
  appliesToAllActivityGroups: boolean;
  activityGroups: string[];
  useForAdminFiltering: boolean;
  /** Shown as a flag on registers. */
  safeguarding: boolean;
}

/**
 * Custom fields for a usage (docs/api/calls.md GET /api/fields). Disabled and admin-only fields are
 * left out unless asked for; only admins may ask for admin-only ones (the route decides).
 */
export async function listFields(
  db: Db,
  clientId: string,
  {
    usage,
    includeDisabled,
    includeAdminOnly,
  }: { usage: string; includeDisabled: boolean; includeAdminOnly: boolean },
): Promise<FieldDto[]> {
  let query = db
    .selectFrom('custom_fields')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('usage', '=', usage)
    .orderBy('weight')
    .orderBy('created_at');
  if (!includeDisabled) query = query.where('enabled', '=', 1);
  if (!includeAdminOnly) query = query.where('admin_only', '=', 0);
  const fields = await query.execute();
  const options = fields.length
    ? await db
        .selectFrom('field_options')
        .selectAll()
        .where('client_id', '=', clientId)
        .where(
          'field_id',
          'in',
          fields.map((f) => f.id),
        )
        .orderBy('weight')
        .execute()
    : [];
  return fields.map((f) => ({
    _id: f.id,
    title: f.title,
    helpText: f.help_text,
    type: f.type,
    required: fromFlag(f.required),
    adminOnly: fromFlag(f.admin_only),
    enabled: fromFlag(f.enabled),
    usage: f.usage,
    internalKey: f.internal_key,
    fieldOptions: options
      .filter((o) => o.field_id === f.id && (includeDisabled || o.enabled === 1))
      .map((o) => ({ _id: o.id, name: o.name, enabled: fromFlag(o.enabled) })),
    maxFiles: f.max_files,
    uploadType: f.upload_type,
    textareaFormatting: fromFlag(f.textarea_formatting),
    appliesToAllActivityGroups: fromFlag(f.applies_to_all_activity_groups),
    activityGroups: readJson<string[]>(f.activity_group_ids, []),
    useForAdminFiltering: fromFlag(f.use_for_admin_filtering),
    safeguarding: fromFlag(f.safeguarding),
  }));
}

/**
 * How many answers a field has: the field dialog locks its Type once there are any, as the server
 * refuses a new type on save (engine `canChangeFieldType`).
 *
 * @example const { dataCount } = await loadFieldUsage(db, clientId, fieldId); // 3
 */
export async function loadFieldUsage(
  db: Db,
  clientId: string,
  fieldId: string,
): Promise<{ dataCount: number }> {
  const row = await db
    .selectFrom('custom_fields')
    .leftJoin('field_data', (join) =>
      join
        .onRef('field_data.field_id', '=', 'custom_fields.id')
        .onRef('field_data.client_id', '=', 'custom_fields.client_id'),
    )
    .select((eb) => eb.fn.count<number>('field_data.id').as('n'))
    .where('custom_fields.client_id', '=', clientId)
    .where('custom_fields.id', '=', fieldId)
    .groupBy('custom_fields.id')
    .executeTakeFirst();
  if (!row) throw notFound();
  return { dataCount: Number(row.n) };
}

/** What the option guards (docs/rules/forms-and-messages.md) look at, per option of one field. */
export type OptionUsage = Record<string, { usedByHomeTabs: number; dataCount: number }>;

/**
 * How each option of a field is used: by home tabs, and by saved answers. The field dialog
 * runs the engine's option guards on it before a Disable or Delete, as the server does on save.
 *
 * @example const usage = await loadOptionUsage(db, clientId, fieldId); // { [optionId]: { usedByHomeTabs: 1, dataCount: 0 } }
 */
export async function loadOptionUsage(
  db: Db,
  clientId: string,
  fieldId: string,
): Promise<OptionUsage> {
  const field = await db
    .selectFrom('custom_fields')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', fieldId)
    .executeTakeFirst();
  if (!field) throw notFound();
  const [options, tabs, answers] = await Promise.all([
    db
      .selectFrom('field_options')
      .select('id')
      .where('client_id', '=', clientId)
      .where('field_id', '=', fieldId)
      .execute(),
    db
      .selectFrom('home_tabs')
      .select('value')
      .where('client_id', '=', clientId)
      .where('type', '=', 'fieldOption')
      .where('field_id', '=', fieldId)
      .execute(),
    db
      .selectFrom('field_data')
      .select(['value_ref', 'value_ref_array'])
      .where('client_id', '=', clientId)
      .where('field_id', '=', fieldId)
      .execute(),
  ]);
  const usage: OptionUsage = {};
  for (const { id } of options) usage[id] = { usedByHomeTabs: 0, dataCount: 0 };
  for (const tab of tabs) {
    for (const id of readJson<string[]>(tab.value, [])) if (usage[id]) usage[id].usedByHomeTabs++;
  }
  for (const answer of answers) {
    const chosen = new Set([
      ...(answer.value_ref ? [answer.value_ref] : []),
      ...readJson<string[]>(answer.value_ref_array, []),
    ]);
    for (const id of chosen) if (usage[id]) usage[id].dataCount++;
  }
  return usage;
}
