/*
 * Texts of households and link sign-in (docs/rules/households.md). Their own table: only the
 * chunks that show them ship them. The server's messages (refusals, 'link sent') come as sent.
 */
export const householdText = {
  // Sign-in by e-mailed link
  emailMeLink: 'E-mail me a sign-in link',
  linkHeading: 'Sign in with a link',
  linkHelp: 'We will e-mail you a link that signs you in once, within 15 minutes.',
  sendLink: 'Send the link',
  signingIn: 'Signing you in…',
  // Invitation
  inviteHeading: 'Join a family account',
  invitedBy: (name: string, email: string) =>
    `${name} invited ${email} to share their family's account: you will see and book the same children, and see the family's bookings.`,
  acceptExisting: 'Accept and sign in',
  acceptNew: 'Accept and create my sign-in',
  newAccountHelp: 'Choose your name and a password to sign in with next time.',
  checkingInvite: 'Checking your invitation…',
  // Account area
  household: 'Family and guardians',
  householdHelp:
    'Guardians sign in on their own, see and book the same children and see the family’s bookings.',
  mainAccount: 'main account',
  you: 'you',
  remove: 'Remove',
  removeGuardian: (name: string) => `Remove ${name}`,
  leave: 'Leave this family account',
  invited: (email: string) => `Invited: ${email}`,
  withdraw: 'Withdraw',
  withdrawInvite: (email: string) => `Withdraw the invitation to ${email}`,
  inviteLabel: 'Invite a guardian by e-mail',
  sendInvite: 'Send invitation',
  inviteSent: (email: string) => `Invitation sent to ${email}. It works for 7 days.`,
  removed: (name: string) => `${name} no longer shares this family account.`,
  left: 'You have left the family account.',
} as const;
