import type * as v from 'valibot';
import { messages } from '../messages.ts';
import { flag, formSchema, Issues, idList, isBlank, optionalText } from './common.ts';

const PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The path suggested from a tab's name: lower case, letters and numbers, single dashes.
 *
 * @example suggestTabPath('  After-School  Clubs!') // 'after-school-clubs'
 */
export function suggestTabPath(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A custom field as the tab form sees it. */
export interface TabFieldCandidate {
  _id: string;
  title?: string;
  type: string;
  enabled: boolean;
  fieldOptions?: readonly { _id: string; enabled: boolean }[];
}

/**
 * Fields a home tab can filter by: enabled, and either a venue field while venues exist or a
 * select-list / multiple-checkbox field with options (docs/rules/forms-and-messages.md).
 *
 * @example qualifyingTabFields([{ _id: 'f', type: 'venue', enabled: true }], 0) // []
 */
export function qualifyingTabFields<T extends TabFieldCandidate>(
  fields: readonly T[],
  venueCount: number,
): T[] {
  return fields.filter(
    (f) =>
      f.enabled &&
      ((f.type === 'venue' && venueCount > 0) ||
        ((f.type === 'selectList' || f.type === 'checkboxMultiple') &&
          (f.fieldOptions?.length ?? 0) > 0)),
  );
}

const entries = {
  _id: optionalText,
  name: optionalText,
  path: optionalText,
  type: optionalText,
  field: optionalText,
  value: idList,
  enabled: flag,
};
export type HomeTabForm = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;
export interface HomeTabContext {
  /** Other tabs' paths (the tab being edited is skipped by id). */
  otherTabs?: readonly { _id?: string; path: string }[];
}

/**
 * Home tab rules (docs/rules/forms-and-messages.md).
 *
 * @example validateHomeTab({ name: 'Clubs', path: 'Clubs', field: 'f', value: ['o'] }) // path: 'Path is invalid'
 */
export function validateHomeTab(form: HomeTabForm, ctx: HomeTabContext = {}) {
  const issues = new Issues();
  if (isBlank(form.name)) issues.add('name', messages.required);
  const path = form.path?.trim() ?? '';
  if (!path) issues.add('path', messages.required);
  else if (!PATH.test(path)) issues.add('path', messages.pathInvalid);
  else if (
    (ctx.otherTabs ?? []).some((t) => t.path === path && (!form._id || t._id !== form._id))
  ) {
    issues.add('path', messages.pathUsed);
  }
  if (!isBlank(form.type) && form.type !== 'venue' && form.type !== 'fieldOption')
    issues.add('type', messages.unknownOption);
  if (isBlank(form.field)) issues.add('field', messages.required);
  if (!form.value?.length) issues.add('value', messages.atLeastOneOption);
  return issues.list;
}

/**
 * The 'Add new tab' / 'Edit tab' modal. The public URL is `/listing/{path}`.
 *
 * @example v.parse(createHomeTabSchema(), { name: 'Clubs', path: 'clubs', type: 'fieldOption', field: 'f', value: ['o'] })
 */
export const createHomeTabSchema = (ctx: HomeTabContext = {}) =>
  formSchema(
    entries,
    (f: HomeTabForm) => validateHomeTab(f, ctx),
    (f: HomeTabForm) => ({
      ...(f._id ? { _id: f._id } : {}),
      name: f.name!.trim(),
      path: f.path!.trim(),
      type: (f.type || 'fieldOption') as 'venue' | 'fieldOption',
      field: f.field!,
      value: [...new Set(f.value ?? [])],
      enabled: f.enabled ?? true,
    }),
  );
