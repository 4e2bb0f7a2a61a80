/*
 * Households (issue 16; docs/rules/households.md): several guardians share one family's children
 * and bookings. The household is named by its main account, the parent who registered the
 * children; every other guardian joins by an e-mailed invitation. Sign-in by an e-mailed
 * one-time link works for every parent, guardian or not.
 */
import * as v from 'valibot';
import { messages } from './messages.ts';
import { newPassword } from './schemas/auth.ts';
import { boundedText, email, LIMITS, requiredString } from './schemas/common.ts';

/** How long an invitation link works. */
export const INVITE_VALID_DAYS = 7;
/** How long an e-mailed sign-in link works; it works once. */
export const SIGN_IN_LINK_MINUTES = 15;
/** Guardians in one household, the main account included. */
export const MAX_GUARDIANS = 6;

/** Every text of households and link sign-in, as the API sends them and the widget shows them. */
export const householdMessages = {
  // The same answer whether or not the address has an account, so nobody can probe for one.
  signInLinkSent:
    'If an account uses that e-mail address, we have sent it a sign-in link. The link works once, for 15 minutes.', // (ours)
  signInLinkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.', // (ours)
  inviteInvalid:
    'This invitation has expired, was cancelled or was already used. Ask for a new one.', // (ours)
  inviteSent: 'Invitation sent. It works for 7 days.', // (ours)
  inviteSelf: 'That is your own e-mail address.', // (ours)
  alreadyGuardian: 'That person is already a guardian in your household.', // (ours)
  alreadyInvited: 'That address already has an invitation waiting.', // (ours)
  householdFull: `A household can have at most ${MAX_GUARDIANS} guardians.`, // (ours)
  inOtherHousehold:
    'This account is already a guardian in another household. Leave that household first.', // (ours)
  hasOwnFamily:
    'This account already has its own children or bookings with this organiser, so it cannot join another household. Ask the organiser for help.', // (ours)
  holderCannotLeave:
    'You are the main account of this household: remove the other guardians instead.', // (ours)
  onlyMainAccountRemoves: 'Only the main account of the household can remove a guardian.', // (ours)
  guardianRemoved: 'Guardian removed.', // (ours)
  leftHousehold: 'You have left the household.', // (ours)
} as const;

/** A guardian as the account area lists them. */
export interface HouseholdGuardian {
  userId: string;
  fullName: string;
  email: string;
  /** The main account: the parent whose children and bookings the household shares. */
  main: boolean;
}

/**
 * Whether a guardian may invite `inviteeEmail`; the message to show when not.
 *
 * @example inviteProblem({ inviteeEmail: 'gran@example.com', guardians, pendingEmails: [] }) // null
 */
export function inviteProblem(input: {
  inviterEmail: string;
  inviteeEmail: string;
  guardians: readonly Pick<HouseholdGuardian, 'email'>[];
  pendingEmails: readonly string[];
}): string | null {
  const wanted = input.inviteeEmail.trim().toLowerCase();
  if (wanted === input.inviterEmail.trim().toLowerCase()) return householdMessages.inviteSelf;
  if (input.guardians.some((g) => g.email.toLowerCase() === wanted))
    return householdMessages.alreadyGuardian;
  if (input.pendingEmails.some((e) => e.toLowerCase() === wanted))
    return householdMessages.alreadyInvited;
  if (input.guardians.length + input.pendingEmails.length >= MAX_GUARDIANS)
    return householdMessages.householdFull;
  return null;
}

/**
 * Whether an account may join a household from an invitation. An account with children or
 * bookings of its own, or with guardians of its own, stays its own household: merging two
 * families' records is the organiser's call, not a link's.
 *
 * @example joinProblem({ ownChildren: 0, ownBookings: 0, ownGuardians: 0, householdId: null, joiningId: 'h1' }) // null
 */
export function joinProblem(input: {
  ownChildren: number;
  ownBookings: number;
  ownGuardians: number;
  /** The household the account is already a guardian of, if any. */
  householdId: string | null;
  joiningId: string;
  guardiansNow: number;
}): string | null {
  if (input.householdId === input.joiningId) return null;
  if (input.householdId) return householdMessages.inOtherHousehold;
  if (input.ownChildren > 0 || input.ownBookings > 0 || input.ownGuardians > 0)
    return householdMessages.hasOwnFamily;
  if (input.guardiansNow >= MAX_GUARDIANS) return householdMessages.householdFull;
  return null;
}

/**
 * What `callerId` may do to `targetId`'s membership of household `householdId`: the main account
 * removes any other guardian, a guardian leaves on their own; nobody removes the main account.
 *
 * @example removalProblem({ callerId: 'h1', householdId: 'h1', targetId: 'g1' }) // null
 */
export function removalProblem(input: {
  callerId: string;
  householdId: string;
  targetId: string;
}): string | null {
  if (input.targetId === input.householdId) return householdMessages.holderCannotLeave;
  if (input.callerId === input.householdId || input.callerId === input.targetId) return null;
  return householdMessages.onlyMainAccountRemoves;
}

/**
 * Whether an e-mailed link (invitation or sign-in) still works at `now` (ISO instant).
 *
 * @example linkUsable({ expiresAt: '2026-01-01T10:15:00Z', usedAt: null }, '2026-01-01T10:00:00Z') // true
 */
export const linkUsable = (
  link: { expiresAt: string; usedAt: string | null },
  now: string,
): boolean => link.usedAt === null && link.expiresAt > now;

/** When a link made at `now` (ms) stops working. @example linkExpiry(now, 'signIn') */
export const linkExpiry = (now: number, kind: 'signIn' | 'invite'): string =>
  new Date(
    now + (kind === 'signIn' ? SIGN_IN_LINK_MINUTES * 60_000 : INVITE_VALID_DAYS * 86_400_000),
  ).toISOString();

const token = (invalid: string) => v.pipe(boundedText(200, invalid), v.nonEmpty(invalid));

/** Invite a guardian by e-mail. @example v.parse(inviteGuardianSchema, { email: 'gran@example.com' }) */
export const inviteGuardianSchema = v.strictObject({ email });

/** 'E-mail me a sign-in link'. @example v.parse(signInLinkSchema, { email: 'pat@example.com' }) */
export const signInLinkSchema = v.strictObject({ email });

/** Signing in with the e-mailed link's token. @example v.parse(redeemSignInLinkSchema, { token }) */
export const redeemSignInLinkSchema = v.strictObject({
  token: token(householdMessages.signInLinkInvalid),
});

/** Looking at an invitation before accepting it. @example v.parse(inviteTokenSchema, { token }) */
export const inviteTokenSchema = v.strictObject({ token: token(householdMessages.inviteInvalid) });

/**
 * Accepting an invitation. A new guardian chooses a name and a password; an existing account
 * sends the token alone (the e-mailed link proves the address is theirs).
 *
 * @example v.parse(acceptInviteSchema, { token, fullName: 'Gran', password: 'secret12', confirmPassword: 'secret12' })
 */
export const acceptInviteSchema = v.pipe(
  v.strictObject({
    token: token(householdMessages.inviteInvalid),
    fullName: v.optional(requiredString()),
    password: v.optional(newPassword),
    confirmPassword: v.optional(
      v.pipe(boundedText(LIMITS.password, messages.required), v.nonEmpty(messages.required)),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === undefined || input.password === input.confirmPassword,
      messages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type AcceptInviteInput = v.InferOutput<typeof acceptInviteSchema>;
