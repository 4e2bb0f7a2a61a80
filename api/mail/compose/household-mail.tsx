import { render } from '@react-email/components';
import { INVITE_VALID_DAYS, linkExpiry, SIGN_IN_LINK_MINUTES } from '../../../engine/index.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { HouseholdInvite, SignInLink } from '../templates/HouseholdMail.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';
import { MessageNotNeeded } from './types.ts';

/**
 * Where an invitation or sign-in link leads: the hosted account page on our origin, which mounts
 * the widget; the token rides in the address's fragment, which no server (ours included) or
 * Referer ever sees, and the widget removes it from the address once read.
 *
 * @example accountLinkUrl('https://app.example', clientId, 'cw-signin', token)
 */
export function accountLinkUrl(
  publicUrl: string,
  clientId: string,
  kind: 'cw-signin' | 'cw-invite',
  token: string,
): string {
  const url = new URL('/account/attendees', publicUrl);
  url.searchParams.set('client', clientId);
  url.hash = `${kind}=${token}`;
  return url.toString();
}

const secretsOf = (link: string, token: string) => [link, link.replaceAll('&', '&amp;'), token];

/**
 * The invitation e-mail. Its token is made here, at send time; only its hash is stored on the
 * invitation (a retried send makes a new token, the older one stops working).
 */
export const composeHouseholdInvite: Composer = async (row, { db, publicUrl }) => {
  const payload = JSON.parse(row.payload) as { inviteId?: string; inviterName?: string };
  const token = newToken();
  const updated = await db
    .updateTable('household_invites')
    .set({ token_hash: hashToken(token) })
    .where('client_id', '=', row.client_id)
    .where('id', '=', payload.inviteId ?? '')
    .where('accepted_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new MessageNotNeeded('The invitation was cancelled or accepted.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const link = accountLinkUrl(publicUrl, row.client_id, 'cw-invite', token);
  const inviterName = payload.inviterName ?? 'A parent';
  const element = (
    <HouseholdInvite
      organiser={organiser}
      inviterName={inviterName}
      url={link}
      validFor={`${INVITE_VALID_DAYS} days`}
    />
  );
  return {
    organiserName: organiser.name,
    subject: `${inviterName} invited you to ${organiser.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    secrets: secretsOf(link, token),
  };
};

/** The one-time sign-in e-mail; its 15 minutes start when it is sent. */
export const composeSignInLink: Composer = async (row, { db, publicUrl, now }) => {
  if (!row.user_id) throw new Error('A sign-in link needs its account.');
  const token = newToken();
  await db
    .insertInto('login_links')
    .values({
      token_hash: hashToken(token),
      client_id: row.client_id,
      user_id: row.user_id,
      expires_at: linkExpiry(now.getTime(), 'signIn'),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const link = accountLinkUrl(publicUrl, row.client_id, 'cw-signin', token);
  const element = (
    <SignInLink
      organiser={organiser}
      name={row.recipient_name}
      url={link}
      validFor={`${SIGN_IN_LINK_MINUTES} minutes`}
    />
  );
  return {
    organiserName: organiser.name,
    subject: `Sign in to ${organiser.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    secrets: secretsOf(link, token),
  };
};
