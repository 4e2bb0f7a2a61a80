/*
 * The account area's texts (docs/rules/account.md). Its own table beside text.ts: only the
 * account chunk ships them. Engine messages (required fields, passwords) come from the engine.
 */
export const accountText = {
  myAccount: 'My account',
  children: 'Your children',
  noChildren: 'You have not added any children yet.',
  addChild: 'Add a child',
  editChild: (name: string) => `Edit ${name}`,
  edit: 'Edit',
  childSaved: (name: string) => `${name} has been saved.`,
  born: (date: string) => `Born ${date}`,
  yourDetails: 'Your details',
  fullName: 'Full name',
  email: 'Email',
  emailNote: 'To change the e-mail address you sign in with, please contact the organiser.',
  saveDetails: 'Save details',
  passwordHeading: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  changePassword: 'Change password',
  loadingAccount: 'Loading your account…',
} as const;
