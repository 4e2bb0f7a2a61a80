import * as v from 'valibot';
import {
  type FieldDefinition,
  normaliseFieldData,
  validateAttendeeFields,
  visibleAttendeeFields,
} from './attendee.ts';
import { boundedArray, email, id, requiredString } from './common.ts';

/*
 * A new family's parent, created by the organiser inside the admin booking flow (docs/rules/
 * phone-bookings.md): name, e-mail and the organiser's user fields (a phone question among
 * them), no password. Pure.
 */

/** The texts of creating a customer (ours: the spec names none). */
export const newCustomerMessages = {
  emailExists:
    'A customer with this e-mail address already exists. Choose them instead of adding a new one.', // (ours)
  created: (name: string) =>
    `${name} was added. They can set a password with 'Forgot password' to see their bookings.`, // (ours)
} as const;

/** The body on the wire: answers as `[{ field, value }]`, like an attendee's. */
export const newCustomerRequestSchema = v.strictObject({
  fullName: v.unknown(),
  email: v.unknown(),
  fieldData: v.optional(boundedArray(v.object({ field: id, value: v.unknown() })), []),
});

/**
 * The parent's form, checked against the organiser's user fields as an admin fills them in
 * (admin-only fields shown; required ones need an answer: 'Please complete this required
 * field'). `fieldData` is keyed by field id; answers come out normalised (currency in minor
 * units). The e-mail is trimmed and lower-cased, as sign-in compares it.
 *
 * @example v.parse(newCustomerSchema(fields), { fullName: 'Dana Hill', email: 'Dana@Home.test', fieldData: { phone: '07700 900123' } })
 */
export function newCustomerSchema(fields: readonly FieldDefinition[]) {
  return v.pipe(
    v.object({
      fullName: requiredString(),
      email,
      fieldData: v.record(id, v.unknown()),
    }),
    // The answers are checked even while the name or e-mail is wrong, so one Save shows every
    // problem at once.
    v.rawCheck(({ dataset, addIssue }) => {
      const input = dataset.value as { fieldData?: unknown };
      if (typeof input?.fieldData !== 'object' || input.fieldData === null) return;
      if (Array.isArray(input.fieldData)) return;
      const fieldData = input.fieldData as Record<string, unknown>;
      for (const issue of validateAttendeeFields(fields, fieldData, { admin: true })) {
        const key = String(issue.path[1]);
        addIssue({
          message: issue.message,
          path: [
            {
              type: 'object',
              origin: 'value',
              input: input as Record<string, unknown>,
              key: 'fieldData',
              value: fieldData,
            },
            { type: 'object', origin: 'value', input: fieldData, key, value: fieldData[key] },
          ],
        });
      }
    }),
    v.transform((input) => ({
      fullName: input.fullName,
      email: input.email,
      fieldData: normaliseFieldData(
        visibleAttendeeFields(fields, { admin: true }),
        input.fieldData,
      ),
    })),
  );
}
export type NewCustomer = v.InferOutput<ReturnType<typeof newCustomerSchema>>;
