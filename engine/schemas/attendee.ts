import * as v from 'valibot';
import { isDate, isTime } from '../dates.ts';
import { messages } from '../messages.ts';
import { MINOR_PER_MAJOR, majorToMinor } from '../money.ts';
import {
  email as emailSchema,
  type FieldIssue,
  fieldDataRecord,
  hasNoNul,
  id,
  isBlank,
  LIMITS,
  toNumber,
} from './common.ts';

export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'integer',
  'number',
  'date',
  'phone',
  'selectList',
  'checkboxMultiple',
  'checkboxSingle',
  'venue',
  'fileUpload',
  'duration',
  'age',
  'dateTime',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A custom field definition as the attendee form needs it (docs/data-model.md). */
export interface FieldDefinition {
  _id: string;
  title: string;
  type: FieldType;
  required: boolean;
  adminOnly: boolean;
  enabled: boolean;
  fieldOptions?: readonly { _id: string; name: string; enabled: boolean }[];
  maxFiles?: number | null;
  textareaFormatting?: boolean;
}

const PHONE = /^\+?[0-9 ()-]{7,20}$/;
/** Rich text counts as empty when it has no text once tags and spaces are removed. */
const richTextIsEmpty = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/**
 * The fields an attendee form shows: enabled ones, admin-only ones only in admin use.
 *
 * @example visibleAttendeeFields(fields, { admin: false })
 */
export function visibleAttendeeFields<T extends FieldDefinition>(
  fields: readonly T[],
  opts: { admin: boolean },
): T[] {
  return fields.filter((f) => f.enabled && (opts.admin || !f.adminOnly));
}

function isEmptyValue(field: FieldDefinition, value: unknown): boolean {
  if (isBlank(value)) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (field.type === 'checkboxSingle') return value !== true;
  if (field.type === 'textarea' && field.textareaFormatting && typeof value === 'string')
    return richTextIsEmpty(value);
  return false;
}

/** Checks one value against its field's type; returns a message or null. Blank is not checked here. */
function checkValue(field: FieldDefinition, value: unknown): string | null {
  const options = new Set((field.fieldOptions ?? []).filter((o) => o.enabled).map((o) => o._id));
  const int = (x: unknown, min: number, max: number) => {
    const n = toNumber(x);
    return n !== null && Number.isInteger(n) && n >= min && n <= max;
  };
  const text = (max: number) =>
    typeof value !== 'string'
      ? messages.invalidInput
      : !hasNoNul(value)
        ? messages.invalidCharacter
        : value.length > max
          ? messages.tooLong(max)
          : null;
  switch (field.type) {
    case 'text':
      return text(LIMITS.text);
    case 'textarea':
      return text(LIMITS.longText);
    case 'venue':
      return text(LIMITS.id);
    case 'email':
      return v.safeParse(emailSchema, value).success ? null : messages.invalidEmail;
    case 'phone':
      return typeof value === 'string' && PHONE.test(value.trim()) ? null : messages.invalidPhone;
    case 'currency': {
      const n = toNumber(value);
      if (n === null || Number.isNaN(n)) return messages.invalidNumber;
      const max = LIMITS.moneyMinor / MINOR_PER_MAJOR;
      return Math.abs(n) > max ? messages.amountTooLarge(max) : null;
    }
    case 'number': {
      const n = toNumber(value);
      if (n === null || Number.isNaN(n)) return messages.invalidNumber;
      return Math.abs(n) > LIMITS.moneyMinor ? messages.numberTooLarge(LIMITS.moneyMinor) : null;
    }
    case 'integer': {
      const n = toNumber(value);
      if (n === null || !Number.isInteger(n)) return messages.wholeNumber;
      return Math.abs(n) > LIMITS.integer ? messages.numberTooLarge(LIMITS.integer) : null;
    }
    case 'date':
      return typeof value === 'string' && isDate(value) ? null : messages.invalidDate;
    case 'dateTime': {
      const d = value as { date?: unknown; time?: unknown };
      return typeof d?.date === 'string' &&
        isDate(d.date) &&
        typeof d.time === 'string' &&
        isTime(d.time)
        ? null
        : messages.invalidDate;
    }
    case 'selectList':
      return typeof value === 'string' && options.has(value) ? null : messages.unknownOption;
    case 'checkboxMultiple':
      return Array.isArray(value) &&
        value.length <= LIMITS.list &&
        value.every((x) => typeof x === 'string' && options.has(x))
        ? null
        : messages.unknownOption;
    case 'checkboxSingle':
      return typeof value === 'boolean' ? null : messages.unknownOption;
    case 'fileUpload': {
      if (
        !Array.isArray(value) ||
        value.length > LIMITS.list ||
        !value.every((x) => typeof x === 'string' && x.length <= LIMITS.id && hasNoNul(x))
      )
        return messages.emptyDrop;
      return field.maxFiles != null && value.length > field.maxFiles
        ? messages.tooManyFiles(field.maxFiles)
        : null;
    }
    case 'duration': {
      const d = value as { hours?: unknown; minutes?: unknown };
      if (!int(d?.hours ?? 0, 0, 99)) return messages.durationHoursRange;
      return int(d?.minutes ?? 0, 0, 59) ? null : messages.durationMinutesRange;
    }
    case 'age': {
      const a = value as { years?: unknown; months?: unknown };
      return int(a?.years ?? 0, 0, 150) && int(a?.months ?? 0, 0, 11)
        ? null
        : messages.invalidNumber;
    }
  }
}

/**
 * Checks attendee field data against the client's field definitions: required fields need a
 * value ('Please complete this required field'), values must fit their type, and unknown or
 * hidden fields are refused.
 *
 * @example validateAttendeeFields(fields, { f1: '' }, { admin: false }) // [{ path: ['fieldData', 'f1'], message: 'Please complete this required field' }]
 */
export function validateAttendeeFields(
  fields: readonly FieldDefinition[],
  fieldData: Record<string, unknown>,
  opts: { admin: boolean },
): FieldIssue[] {
  const shown = visibleAttendeeFields(fields, opts);
  const byId = new Map(shown.map((f) => [f._id, f]));
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(fieldData)) {
    if (!byId.has(key))
      issues.push({ path: ['fieldData', key], message: messages.unknownField(key) });
  }
  for (const field of shown) {
    const value = fieldData[field._id];
    if (isEmptyValue(field, value)) {
      if (field.required)
        issues.push({ path: ['fieldData', field._id], message: messages.requiredAttendeeField });
      continue;
    }
    const problem = checkValue(field, value);
    if (problem) issues.push({ path: ['fieldData', field._id], message: problem });
  }
  return issues;
}

/**
 * Whether an attendee lacks a required, enabled field (the admin booking warning).
 *
 * @example attendeeMissingRequiredInfo(fields, {}) // true when any enabled field is required
 */
export function attendeeMissingRequiredInfo(
  fields: readonly FieldDefinition[],
  fieldData: Record<string, unknown>,
): boolean {
  return fields.some((f) => f.enabled && f.required && isEmptyValue(f, fieldData[f._id]));
}

/**
 * Field answers as stored: currency in minor units, numbers as numbers, answers to fields not in
 * the list dropped. Shared by every form that carries custom field data.
 *
 * @example normaliseFieldData([{ _id: 'fee', type: 'currency', … }], { fee: '12.50' }) // { fee: 1250 }
 */
export function normaliseFieldData(
  fields: readonly FieldDefinition[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const fieldData: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field._id];
    if (value === undefined) continue;
    fieldData[field._id] =
      field.type === 'currency' && !isBlank(value)
        ? majorToMinor(value as number | string)
        : (field.type === 'integer' || field.type === 'number') && !isBlank(value)
          ? toNumber(value)
          : value;
  }
  return fieldData;
}

/**
 * The attendee form's schema, built from the client's field definitions. Currency values are
 * stored in minor units. `userId` is required in the admin 'Create attendee' dialog.
 *
 * @example v.parse(createAttendeeSchema(fields, { admin: false }), { fieldData: { name: 'Ann' } })
 */
export function createAttendeeSchema(
  fields: readonly FieldDefinition[],
  opts: { admin: boolean; requireUser?: boolean },
) {
  return v.pipe(
    v.strictObject({
      userId: v.optional(v.nullable(id)),
      fieldData: fieldDataRecord,
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      if (opts.requireUser && isBlank(input.userId)) {
        addIssue({
          message: messages.noUserSet,
          path: [{ type: 'object', origin: 'value', input, key: 'userId', value: input.userId }],
        });
      }
      for (const issue of validateAttendeeFields(fields, input.fieldData, opts)) {
        const key = String(issue.path[1]);
        addIssue({
          message: issue.message,
          path: [
            { type: 'object', origin: 'value', input, key: 'fieldData', value: input.fieldData },
            {
              type: 'object',
              origin: 'value',
              input: input.fieldData,
              key,
              value: input.fieldData[key],
            },
          ],
        });
      }
    }),
    v.transform((input) => ({
      userId: input.userId ?? null,
      fieldData: normaliseFieldData(visibleAttendeeFields(fields, opts), input.fieldData),
    })),
  );
}

/**
 * The message the attendee dialog shows above the form after a failed submit
 * (docs/rules/forms-and-messages.md).
 *
 * @example attendeeDialogMessage({ userId: null, hasFieldErrors: false }) // 'No user set'
 */
export function attendeeDialogMessage(state: {
  userId?: string | null;
  hasFieldErrors: boolean;
}): string | null {
  if (isBlank(state.userId)) return messages.noUserSet;
  return state.hasFieldErrors ? messages.invalidInput : null;
}
