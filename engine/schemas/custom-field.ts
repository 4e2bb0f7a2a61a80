import * as v from 'valibot';
import { messages } from '../messages.ts';
import { FIELD_TYPES, type FieldType } from './attendee.ts';
import {
  boundedArray,
  checkInteger,
  flag,
  formSchema,
  Issues,
  idList,
  isBlank,
  LIMITS,
  numberish,
  optionalText,
  optionalTextOf,
} from './common.ts';
import { fieldOptionSchema } from './field-option.ts';
import { UPLOAD_TYPES, type UploadKind } from './uploads.ts';

/** Where a custom field is used: on activities, attendees or users (docs/api/calls.md `usage`). */
export const FIELD_USAGES = ['activity', 'attendee', 'user'] as const;
export type FieldUsage = (typeof FIELD_USAGES)[number];

/** Field types whose answers are chosen from the field's own options. */
export const OPTION_FIELD_TYPES: readonly FieldType[] = ['selectList', 'checkboxMultiple'];

/** Labels of the field types, as an organiser reads them. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  currency: 'Currency',
  integer: 'Whole number',
  number: 'Number',
  date: 'Date',
  phone: 'Phone',
  selectList: 'Select list',
  checkboxMultiple: 'Checkboxes (multiple)',
  checkboxSingle: 'Checkbox (single)',
  venue: 'Venue',
  fileUpload: 'File upload',
  duration: 'Duration',
  age: 'Age',
  dateTime: 'Date and time',
};

/**
 * @example fieldTypeLabel('selectList') // 'Select list'
 */
export const fieldTypeLabel = (type: string): string =>
  FIELD_TYPE_LABELS[type as FieldType] ?? type;

const entries = {
  _id: optionalText,
  title: optionalText,
  helpText: optionalTextOf(LIMITS.text),
  type: optionalText,
  usage: optionalText,
  required: flag,
  adminOnly: flag,
  enabled: flag,
  maxFiles: numberish,
  uploadType: optionalText,
  textareaFormatting: flag,
  appliesToAllActivityGroups: flag,
  activityGroups: idList,
  useForAdminFiltering: flag,
  safeguarding: flag,
  fieldOptions: v.optional(boundedArray(fieldOptionSchema), []),
};
type FieldForm = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;

/**
 * Which settings the field dialog shows for a type: options for lists, files for uploads,
 * formatting for text areas, activity scope for attendee fields, filtering for activity fields.
 *
 * @example customFieldVisibleFields({ type: 'fileUpload' }).maxFiles // true
 */
export function customFieldVisibleFields(form: {
  type?: string | null;
  usage?: string | null;
  appliesToAllActivityGroups?: boolean | null;
}) {
  return {
    fieldOptions: OPTION_FIELD_TYPES.includes(form.type as FieldType),
    maxFiles: form.type === 'fileUpload',
    uploadType: form.type === 'fileUpload',
    textareaFormatting: form.type === 'textarea',
    appliesToAllActivityGroups: form.usage === 'attendee',
    activityGroups: form.usage === 'attendee' && form.appliesToAllActivityGroups === false,
    useForAdminFiltering: form.usage === 'activity',
    // Registers show a child's and a parent's answers; an activity's are not about a child.
    safeguarding: form.usage === 'attendee' || form.usage === 'user',
  };
}

function validateCustomField(form: FieldForm) {
  const issues = new Issues();
  const show = customFieldVisibleFields(form);
  if (isBlank(form.title)) issues.add('title', messages.required);
  if (isBlank(form.type)) issues.add('type', messages.required);
  else if (!FIELD_TYPES.includes(form.type as FieldType))
    issues.add('type', messages.unknownOption);
  if (isBlank(form.usage)) issues.add('usage', messages.required);
  else if (!FIELD_USAGES.includes(form.usage as FieldUsage))
    issues.add('usage', messages.unknownOption);
  if (show.fieldOptions && form.fieldOptions.length === 0)
    issues.add('fieldOptions', messages.fieldOptionsRequired);
  if (show.maxFiles) {
    checkInteger(issues, 'maxFiles', form.maxFiles, {
      required: messages.required,
      min: { value: 1, message: messages.amountMin1 },
    });
    if (isBlank(form.uploadType)) issues.add('uploadType', messages.required);
    else if (!(form.uploadType! in UPLOAD_TYPES)) issues.add('uploadType', messages.unknownOption);
  }
  if (show.activityGroups && !form.activityGroups?.length)
    issues.add('activityGroups', messages.required);
  return issues.list;
}

/**
 * The add/edit custom field dialog (docs/data-model.md custom field definition). Settings that do
 * not apply to the chosen type are dropped, so a select list never stores a file limit.
 *
 * @example v.parse(customFieldSchema, { title: 'Sport', type: 'selectList', usage: 'activity', fieldOptions: [{ name: 'Football' }] })
 */
export const customFieldSchema = formSchema(entries, validateCustomField, (f) => {
  const show = customFieldVisibleFields(f);
  return {
    ...(f._id ? { _id: f._id } : {}),
    title: f.title!.trim(),
    helpText: f.helpText?.trim() || null,
    type: f.type as FieldType,
    usage: f.usage as FieldUsage,
    required: f.required === true,
    adminOnly: f.adminOnly === true,
    enabled: f.enabled ?? true,
    maxFiles: show.maxFiles ? checkInteger(new Issues(), 'x', f.maxFiles, {}) : null,
    uploadType: show.uploadType ? (f.uploadType as UploadKind) : null,
    textareaFormatting: show.textareaFormatting && f.textareaFormatting === true,
    appliesToAllActivityGroups:
      !show.appliesToAllActivityGroups || f.appliesToAllActivityGroups !== false,
    activityGroups: show.activityGroups ? [...(f.activityGroups ?? [])] : [],
    useForAdminFiltering: show.useForAdminFiltering && f.useForAdminFiltering === true,
    safeguarding: show.safeguarding && f.safeguarding === true,
    fieldOptions: show.fieldOptions ? f.fieldOptions : [],
  };
});
export type CustomFieldData = v.InferOutput<typeof customFieldSchema>;
