import type { Db } from '../db/connection.ts';
import { readJson } from '../db/json.ts';
import { fromFlag } from '../db/time.ts';

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
}

/**
 * Custom fields for a usage (spec §7 GET /api/fields). Disabled and admin-only fields are left out
 * unless asked for; only admins may ask for admin-only ones (the route decides).
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
  }));
}
