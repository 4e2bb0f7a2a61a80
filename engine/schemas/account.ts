/*
 * The parent's account area (docs/rules/account.md): their own details with the organiser's user
 * fields, changing their password, and the organiser's terms and privacy links. Pure.
 */
import * as v from 'valibot';
import { messages } from '../messages.ts';
import { minorToMajor } from '../money.ts';
import {
  type FieldDefinition,
  normaliseFieldData,
  validateAttendeeFields,
  visibleAttendeeFields,
} from './attendee.ts';
import { newPassword } from './auth.ts';
import { boundedText, fieldDataRecord, LIMITS, requiredString } from './common.ts';

/** The account area's own texts (ours: the spec names none). */
export const accountMessages = {
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password has been changed. You are signed out everywhere else.',
  detailsSaved: 'Your details have been saved.',
  sameAsCurrent: 'Choose a password different from your current one.',
  webAddress: 'Enter a web address starting with https:// or http://.',
} as const;

/** The longest link an organiser may set: what browsers and mail clients handle everywhere. */
export const WEB_ADDRESS_MAX = 2000;

/**
 * Whether `text` is an absolute http(s) address with a host: the only links the widget may put
 * in front of a parent (never `javascript:` or `data:`).
 *
 * @example isWebAddress('https://club.example/terms') // true
 */
export function isWebAddress(text: string): boolean {
  if (text.length > WEB_ADDRESS_MAX || /\s/.test(text)) return false;
  // Matched by pattern rather than with URL, which the engine's runtime-neutral types lack: a
  // scheme, then a host (a name or a bracketed IPv6 address, optionally a port; no user
  // name, which only serves to disguise where a link goes), then anything.
  return /^https?:\/\/(?:[\p{L}\p{N}.-]*[\p{L}\p{N}]|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/iu.test(
    text,
  );
}

/**
 * A parent's own details: their name and the organiser's user fields (the same field rules as an
 * attendee's: enabled, not admin-only, required ones need an answer). `fieldData` is keyed by
 * field id, as the attendee form sends it; answers are normalised like an attendee's.
 *
 * @example v.parse(userDetailsSchema(fields), { fullName: 'Pat Parent', fieldData: { phone: '07700 900123' } })
 */
export function userDetailsSchema(fields: readonly FieldDefinition[]) {
  return v.pipe(
    v.strictObject({ fullName: requiredString(), fieldData: fieldDataRecord }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      for (const issue of validateAttendeeFields(fields, input.fieldData, { admin: false })) {
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
      fullName: input.fullName,
      fieldData: normaliseFieldData(
        visibleAttendeeFields(fields, { admin: false }),
        input.fieldData,
      ),
    })),
  );
}

/**
 * Changing the password while signed in: the current one, and a new one by the registration
 * rules, typed twice.
 *
 * @example v.parse(changePasswordSchema, { currentPassword: 'old secret', password: 'new secret', confirmPassword: 'new secret' })
 */
export const changePasswordSchema = v.pipe(
  v.strictObject({
    currentPassword: v.pipe(
      boundedText(LIMITS.password, messages.required),
      v.nonEmpty(messages.required),
    ),
    password: newPassword,
    confirmPassword: v.pipe(
      boundedText(LIMITS.password, messages.required),
      v.nonEmpty(messages.required),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      messages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['password']],
      (input) => input.currentPassword !== input.password,
      accountMessages.sameAsCurrent,
    ),
    ['password'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

/**
 * An organiser's terms or privacy link: blank clears it, anything else must be an http(s)
 * address. Returns the message, or null when fine.
 *
 * @example webAddressProblem('javascript:alert(1)') // 'Enter a web address starting with https:// or http://.'
 */
export function webAddressProblem(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return isWebAddress(text) ? null : accountMessages.webAddress;
}

/**
 * Saved answers as a form edits them: the reverse of `normaliseFieldData`, so editing a child or
 * one's own details starts from what was saved (currency back in major units, numbers as text).
 *
 * @example fieldDataToForm([{ _id: 'fee', type: 'currency', … }], { fee: 1250 }) // { fee: '12.5' }
 */
export function fieldDataToForm(
  fields: readonly FieldDefinition[],
  fieldData: Record<string, unknown>,
): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fieldData[field._id];
    if (value === undefined || value === null) continue;
    form[field._id] =
      field.type === 'currency' && typeof value === 'number'
        ? String(minorToMajor(value))
        : (field.type === 'integer' || field.type === 'number') && typeof value === 'number'
          ? String(value)
          : value;
  }
  return form;
}
