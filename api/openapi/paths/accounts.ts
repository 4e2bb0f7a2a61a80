import {
  forgotPasswordSchema,
  loginSchema,
  organiserSignupSchema,
  registrationSchema,
  resetPasswordSchema,
} from '../../../engine/index.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Sign-in and accounts';

/** Sign-up, sign-in and password resets (docs/rules/security.md). */
export const accountRoutes: RouteDocs = {
  'POST /api/organisers': {
    tag,
    summary: 'Sign up a new organiser and its first admin',
    description: 'Rate limited per address and per e-mail.',
    access: 'public',
    body: {
      schema: organiserSignupSchema,
      example: {
        organisationName: 'Riverside Swim Club',
        fullName: 'Sam Owner',
        email: 'sam@riverside.example',
        password: 'correct horse battery',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      },
    },
    status: 201,
    returns: "The new organiser's `clientId` and the admin's session `token`.",
  },
  'POST /api/auth/register': {
    tag,
    summary: 'Register a parent with the organiser the widget names',
    access: 'widget',
    body: {
      schema: registrationSchema,
      example: {
        fullName: 'Pat Parent',
        email: 'pat@home.example',
        password: 'parent-pass',
        confirmPassword: 'parent-pass',
      },
    },
    status: 201,
    returns: 'The parent and their session `token` for `Authorization: Bearer`.',
  },
  'POST /api/auth/login': {
    tag,
    summary: 'Sign in',
    description:
      "Admins and coaches (no `X-Client-Id`) also get the dashboard's HttpOnly session cookie; " +
      'a parent signs in to the organiser the widget names. Wrong passwords lock the account ' +
      'for a while (docs/rules/security.md).',
    access: 'public',
    body: {
      schema: loginSchema,
      example: { email: 'sam@riverside.example', password: 'correct horse battery' },
    },
    returns: 'The user and a session `token`.',
  },
  'POST /api/auth/forgot-password': {
    tag,
    summary: 'Send a password reset link',
    description: 'Answers the same whether or not the address has an account.',
    access: 'public',
    body: { schema: forgotPasswordSchema, example: { email: 'pat@home.example' } },
    returns: 'A message to show.',
  },
  'POST /api/auth/reset-password': {
    tag,
    summary: "Set a new password with a reset link's token",
    access: 'public',
    body: {
      schema: resetPasswordSchema,
      example: {
        token: 'token-from-the-email',
        password: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      },
    },
    returns: 'A message to show.',
  },
  'POST /api/auth/logout': {
    tag,
    summary: 'Sign out: ends the session the request carries, if any',
    access: 'optional',
    noBody: 'The session is the one the request carries.',
    returns: '`{ success: true }`; the cookie is cleared.',
  },
  'GET /account/reset-password': {
    tag,
    summary: 'The password reset page a reset e-mail links to',
    access: 'public',
    query: {
      token: 'The token from the e-mail.',
      client: "The organiser, for a parent's account.",
    },
    returns: 'An HTML page with the new password form.',
    produces: 'text/html',
  },
  'POST /account/reset-password': {
    tag,
    summary: "The password reset page's form",
    access: 'public',
    query: { client: "The organiser, for a parent's account." },
    form: {
      schema: resetPasswordSchema,
      example: {
        token: 'token-from-the-email',
        password: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      },
    },
    returns: 'An HTML page saying the password changed, or the form with its errors.',
    produces: 'text/html',
  },
  'GET /account/unsubscribe': {
    tag,
    summary: 'The unsubscribe page a reminder e-mail links to',
    access: 'public',
    query: { token: "The token from the e-mail's link." },
    returns: 'An HTML page with a button to stop reminders.',
    produces: 'text/html',
  },
  'POST /account/unsubscribe': {
    tag,
    summary: "Stop session reminders (the page's button, or a mail client's one-click unsubscribe)",
    access: 'public',
    query: { token: "The token from the e-mail's link." },
    noBody: 'The token in the URL says who; a one-click post sends `List-Unsubscribe=One-Click`.',
    returns: 'An HTML page confirming it.',
    produces: 'text/html',
  },
};
