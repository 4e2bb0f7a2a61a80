import {
  acceptInviteSchema,
  inviteGuardianSchema,
  inviteTokenSchema,
  redeemSignInLinkSchema,
  signInLinkSchema,
} from '../../../engine/index.ts';
import { ids } from '../examples.ts';
import type { RouteDocs } from '../route-doc.ts';

const tag = 'Sign-in and accounts';

/** Households and link sign-in (docs/rules/households.md). */
export const householdRoutes: RouteDocs = {
  'POST /api/auth/sign-in-link': {
    tag,
    summary: 'E-mail a parent a one-time sign-in link',
    description:
      'Answers the same whether or not the address has an account. The link works once, for 15 minutes. Rate limited per address and per e-mail.',
    access: 'widget',
    body: { schema: signInLinkSchema, example: { email: 'pat@home.example' } },
    returns: 'A message to show.',
  },
  'POST /api/auth/sign-in-link/redeem': {
    tag,
    summary: "Sign in with a sign-in link's token",
    description: '400 when the link expired, was used or belongs to another organiser.',
    access: 'widget',
    body: { schema: redeemSignInLinkSchema, example: { token: 'token-from-the-email' } },
    returns: 'The session token and the parent.',
  },
  'POST /api/auth/household-invite': {
    tag,
    summary: 'What an invitation to a household says, before accepting it',
    access: 'widget',
    body: { schema: inviteTokenSchema, example: { token: 'token-from-the-email' } },
    returns: 'The invited address, who invited and whether the address has an account.',
  },
  'POST /api/auth/household-invite/accept': {
    tag,
    summary: 'Accept an invitation to a household and sign in',
    description:
      'A new address sends a name and a password; an existing account sends the token alone. 422 when the account has its own children or bookings, or is in another household.',
    access: 'widget',
    body: {
      schema: acceptInviteSchema,
      example: {
        token: 'token-from-the-email',
        fullName: 'Gran Parent',
        password: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      },
    },
    returns: 'The session token and the guardian.',
  },
  'GET /api/user/household': {
    tag: 'Customers and attendees',
    summary: "The parent's household: its guardians and waiting invitations",
    access: 'customer',
    returns: 'The main account, the guardians (main account first) and the invitations.',
  },
  'POST /api/user/household/invites': {
    tag: 'Customers and attendees',
    summary: 'Invite a guardian by e-mail',
    description: 'The invitation works for 7 days; at most 6 guardians. 422 with the reason.',
    access: 'customer',
    body: { schema: inviteGuardianSchema, example: { email: 'gran@home.example' } },
    returns: 'The household.',
    status: 201,
  },
  'DELETE /api/user/household/invites/:id': {
    tag: 'Customers and attendees',
    summary: 'Withdraw an invitation',
    access: 'customer',
    noBody: 'The URL names the invitation.',
    returns: 'The household.',
  },
  'DELETE /api/user/household/guardians/:userId': {
    tag: 'Customers and attendees',
    summary:
      'Remove a guardian (the main account), or leave the household (a guardian, their own id)',
    access: 'customer',
    noBody: 'The URL names the guardian.',
    returns: 'The household (after leaving: your own).',
  },
  'GET /api/users/:id/household': {
    tag: 'Customers and attendees',
    summary: "A customer's household: its guardians, main account first",
    access: 'admin',
    returns: `The main account's id and the guardians, e.g. for user ${ids.user}.`,
  },
};
