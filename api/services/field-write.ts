import { sql } from 'kysely';
import {
  type CustomFieldData,
  canChangeFieldType,
  canDeleteField,
  canDeleteFieldOption,
  canDisableFieldOption,
  type Guard,
  messages,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { isTempId, newId } from '../db/ids.ts';
import { readJson } from '../db/json.ts';
import { nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';

const refuseUnless = (verdict: Guard) => {
  if (!verdict.ok) throw new HttpError(409, verdict.message);
};

/** An attendee field may only be limited to this client's own activity groups. */
async function requireOwnGroups(db: Db, clientId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('activity_groups')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  if (found.length !== new Set(ids).size)
    throw new HttpError(400, messages.unknownOption, { activityGroups: messages.unknownOption });
}

async function countFieldData(db: Db, clientId: string, fieldId: string) {
  const row = await db
    .selectFrom('field_data')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where('field_id', '=', fieldId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Answers that chose an option: a select list's ref, or inside a checkbox list's refs. */
async function countOptionData(db: Db, clientId: string, optionId: string) {
  const row = await db
    .selectFrom('field_data')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', clientId)
    .where((eb) =>
      eb.or([
        eb('value_ref', '=', optionId),
        // Ids are hex, so the quoted id cannot appear inside another id.
        eb('value_ref_array', 'like', sql<string>`${`%"${optionId}"%`}`),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function tabsUsingOption(db: Db, clientId: string, optionId: string) {
  const tabs = await db
    .selectFrom('home_tabs')
    .select('value')
    .where('client_id', '=', clientId)
    .where('type', '=', 'fieldOption')
    .execute();
  return tabs.filter((t) => readJson<string[]>(t.value, []).includes(optionId)).length;
}

const fieldColumns = (field: CustomFieldData) => ({
  title: field.title,
  help_text: field.helpText,
  type: field.type,
  usage: field.usage,
  required: toFlag(field.required),
  admin_only: toFlag(field.adminOnly),
  enabled: toFlag(field.enabled),
  max_files: field.maxFiles,
  upload_type: field.uploadType,
  textarea_formatting: toFlag(field.textareaFormatting),
  applies_to_all_activity_groups: toFlag(field.appliesToAllActivityGroups),
  activity_group_ids: JSON.stringify(field.activityGroups),
  use_for_admin_filtering: toFlag(field.useForAdminFiltering),
  safeguarding: toFlag(field.safeguarding),
});

/**
 * Creates (fieldId null) or updates a custom field with its options in one transaction. Options
 * with `temp_` ids are created; saved ones updated; saved ones missing are deleted. The spec's
 * guards hold: an option a home tab uses cannot be disabled or deleted, one with data cannot be
 * deleted, and a field's type is fixed once it has data.
 *
 * @example const id = await saveField(db, clientId, null, v.parse(customFieldSchema, form));
 */
export async function saveField(
  db: Db,
  clientId: string,
  fieldId: string | null,
  field: CustomFieldData,
): Promise<string> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const id = fieldId ?? newId();
    await requireOwnGroups(trx, clientId, field.activityGroups);
    const savedOptions = fieldId
      ? await trx
          .selectFrom('field_options')
          .selectAll()
          .where('client_id', '=', clientId)
          .where('field_id', '=', id)
          .execute()
      : [];
    if (fieldId) {
      const saved = await trx
        .selectFrom('custom_fields')
        .select(['type', 'usage'])
        .where('client_id', '=', clientId)
        .where('id', '=', fieldId)
        .executeTakeFirst();
      if (!saved) throw notFound();
      if (saved.type !== field.type) {
        refuseUnless(canChangeFieldType({ dataCount: await countFieldData(trx, clientId, id) }));
      }
      // A field's usage decides who sees it; moving it would leak or strand its answers.
      if (saved.usage !== field.usage)
        throw new HttpError(400, 'The usage of a saved field cannot change.');
      await trx
        .updateTable('custom_fields')
        .set({ ...fieldColumns(field), updated_at: now })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .execute();
    } else {
      const last = await trx
        .selectFrom('custom_fields')
        .select((eb) => eb.fn.max('weight').as('w'))
        .where('client_id', '=', clientId)
        .where('usage', '=', field.usage)
        .executeTakeFirst();
      await trx
        .insertInto('custom_fields')
        .values({
          id,
          client_id: clientId,
          ...fieldColumns(field),
          weight: Number(last?.w ?? -1) + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    const byId = new Map(savedOptions.map((o) => [o.id, o]));
    const kept = new Set<string>();
    for (const [weight, option] of field.fieldOptions.entries()) {
      const saved = option._id && !isTempId(option._id) ? byId.get(option._id) : undefined;
      if (option._id && !isTempId(option._id) && !saved)
        throw new HttpError(400, `Unknown field option: ${option._id}`);
      if (saved) {
        kept.add(saved.id);
        if (saved.enabled === 1 && !option.enabled) {
          refuseUnless(
            canDisableFieldOption({
              usedByHomeTabs: await tabsUsingOption(trx, clientId, saved.id),
            }),
          );
        }
        await trx
          .updateTable('field_options')
          .set({ name: option.name, enabled: toFlag(option.enabled), weight, updated_at: now })
          .where('client_id', '=', clientId)
          .where('id', '=', saved.id)
          .execute();
      } else {
        await trx
          .insertInto('field_options')
          .values({
            id: newId(),
            client_id: clientId,
            field_id: id,
            name: option.name,
            enabled: toFlag(option.enabled),
            weight,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }
    for (const option of savedOptions.filter((o) => !kept.has(o.id))) {
      refuseUnless(
        canDeleteFieldOption({
          usedByHomeTabs: await tabsUsingOption(trx, clientId, option.id),
          dataCount: await countOptionData(trx, clientId, option.id),
        }),
      );
      await trx
        .deleteFrom('field_options')
        .where('client_id', '=', clientId)
        .where('id', '=', option.id)
        .execute();
    }
    return id;
  });
}

/** Deletes a field nobody has answered and the product does not rely on. */
export async function deleteField(db: Db, clientId: string, fieldId: string) {
  await db.transaction().execute(async (trx) => {
    const field = await trx
      .selectFrom('custom_fields')
      .select(['id', 'internal_key'])
      .where('client_id', '=', clientId)
      .where('id', '=', fieldId)
      .executeTakeFirst();
    if (!field) throw notFound();
    refuseUnless(
      canDeleteField({
        dataCount: await countFieldData(trx, clientId, fieldId),
        internalKey: field.internal_key,
      }),
    );
    const options = await trx
      .selectFrom('field_options')
      .select('id')
      .where('client_id', '=', clientId)
      .where('field_id', '=', fieldId)
      .execute();
    for (const option of options) {
      refuseUnless(
        canDeleteFieldOption({
          usedByHomeTabs: await tabsUsingOption(trx, clientId, option.id),
          dataCount: 0,
        }),
      );
    }
    await trx
      .deleteFrom('field_options')
      .where('client_id', '=', clientId)
      .where('field_id', '=', fieldId)
      .execute();
    await trx
      .deleteFrom('custom_fields')
      .where('client_id', '=', clientId)
      .where('id', '=', fieldId)
      .execute();
  });
}
