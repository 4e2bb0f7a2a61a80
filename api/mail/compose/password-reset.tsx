import { render } from '@react-email/components';
import { RESET_LINK_MINUTES } from '../../../engine/index.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { PasswordReset } from '../templates/PasswordReset.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';

/**
 * Where a reset link leads: the dashboard's reset screen for an organiser's staff, the hosted
 * account page for a parent. Both on our origin, whatever site the parent booked on.
 *
 * @example resetUrl('https://app.example', { token, audience: 'customer', clientId })
 */
export function resetUrl(
  publicUrl: string,
  {
    token,
    audience,
    clientId,
  }: { token: string; audience: 'admin' | 'customer'; clientId: string },
): string {
  const url =
    audience === 'admin'
      ? new URL('/admin/reset-password', publicUrl)
      : new URL('/account/reset-password', publicUrl);
  if (audience === 'customer') url.searchParams.set('client', clientId);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The reset e-mail. Its token is made here, at send time, and only its hash is stored: the
 * plain token exists in this e-mail and nowhere else (the stored copy has it removed), and the
 * hour it works for starts when it is sent. A retried send makes a new token.
 */
export const composePasswordReset: Composer = async (row, { db, publicUrl, now }) => {
  if (!row.user_id) throw new Error('A password reset needs its account.');
  const payload = JSON.parse(row.payload) as { audience?: 'admin' | 'customer' };
  const token = newToken();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      client_id: row.client_id,
      user_id: row.user_id,
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const link = resetUrl(publicUrl, {
    token,
    audience: payload.audience === 'admin' ? 'admin' : 'customer',
    clientId: row.client_id,
  });
  const element = (
    <PasswordReset
      organiser={organiser}
      name={row.recipient_name}
      resetUrl={link}
      validFor="1 hour"
    />
  );
  return {
    organiserName: organiser.name,
    subject: `Reset your ${organiser.name} password`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    // The whole link, as written in the text and (escaped) in the HTML, then the bare token.
    secrets: [link, link.replaceAll('&', '&amp;'), token],
  };
};
