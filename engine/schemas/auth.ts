import * as v from 'valibot';
import { messages } from '../messages.ts';
import { boundedText, email, hasNoNul, LIMITS, requiredString } from './common.ts';

/** docs/rules/constants.md: password minimum length 8. */
export const PASSWORD_MIN_LENGTH = 8;

const password = v.pipe(
  v.string(messages.required),
  v.nonEmpty(messages.required),
  v.minLength(PASSWORD_MIN_LENGTH, messages.passwordTooShort),
  v.maxLength(LIMITS.password, 'Password must be at most 200 characters.'),
  v.check(hasNoNul, messages.invalidCharacter),
);

/**
 * Customer registration (docs/rules/forms-and-messages.md): password ≥ 8, confirmPassword equal,
 * each agreement required.
 *
 * @example v.safeParse(registrationSchema, { fullName: 'Ann', email: 'a@b.co', password: 'x', … })
 */
export const registrationSchema = v.pipe(
  v.strictObject({
    fullName: requiredString(),
    email,
    password,
    confirmPassword: v.pipe(
      boundedText(LIMITS.password, messages.required),
      v.nonEmpty(messages.required),
    ),
    agreements: v.optional(
      v.strictObject({
        terms: v.literal(true, messages.required),
        privacy: v.literal(true, messages.required),
      }),
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
);
export type RegistrationInput = v.InferInput<typeof registrationSchema>;

/** A new password's rules (docs/rules/constants.md), for registration and for a reset alike. */
export const newPassword = password;

export const loginSchema = v.strictObject({
  email,
  password: v.pipe(boundedText(LIMITS.password, messages.required), v.nonEmpty(messages.required)),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

const currencyCode = v.pipe(
  requiredString(messages.required, LIMITS.code),
  v.regex(/^[A-Za-z]{3}$/, messages.chooseCurrency),
  v.toUpperCase(),
);
const countryCode = v.pipe(
  requiredString(messages.required, LIMITS.code),
  v.regex(/^[A-Za-z]{2}$/, messages.chooseCountry),
  v.toUpperCase(),
);

/** A new organiser (client) and its first admin. */
export const organiserSignupSchema = v.strictObject({
  organisationName: v.pipe(requiredString(), v.maxLength(100, messages.organisationNameTooLong)),
  fullName: requiredString(),
  email,
  password,
  country: v.optional(countryCode, 'GB'),
  currency: v.optional(currencyCode, 'GBP'),
  timeZone: v.optional(requiredString(messages.required, LIMITS.code), 'Europe/London'),
});
export type OrganiserSignupInput = v.InferOutput<typeof organiserSignupSchema>;
