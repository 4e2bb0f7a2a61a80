import * as v from 'valibot';
import { messages } from '../messages.ts';
import { newPassword } from './auth.ts';
import { boundedText, email, LIMITS } from './common.ts';

/** How long an e-mailed reset link works (issue 12: 1 hour). */
export const RESET_LINK_MINUTES = 60;

/** The texts of the reset flow, shown by the widget and the dashboard as the API sends them. */
export const resetMessages = {
  // The same answer whether or not the address has an account, so nobody can probe for one.
  linkSent:
    'If an account uses that e-mail address, we have sent it a link to choose a new password. The link works for 1 hour.', // (ours)
  linkInvalid: 'This link has expired or was already used. Ask for a new one.', // (ours)
  passwordChanged: 'Your password has been changed. Sign in with your new password.', // (ours)
} as const;

/**
 * 'Forgot password?': the address to send a reset link to.
 *
 * @example v.parse(forgotPasswordSchema, { email: 'pat@example.com' })
 */
export const forgotPasswordSchema = v.strictObject({ email });
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

/**
 * The new password chosen from the e-mailed link; the same rules as registration.
 *
 * @example v.parse(resetPasswordSchema, { token, password: 'new secret', confirmPassword: 'new secret' })
 */
export const resetPasswordSchema = v.pipe(
  v.strictObject({
    token: v.pipe(
      boundedText(200, resetMessages.linkInvalid),
      v.nonEmpty(resetMessages.linkInvalid),
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
);
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;
