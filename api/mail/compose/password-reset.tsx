import { render } from '@react-email/components';
import { PasswordReset } from '../templates/PasswordReset.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';

/**
 * Where a reset link leads: the dashboard's reset screen for an organiser's staff, the hosted
 * account page for a parent. Both on our origin, whatever site the parent booked on.
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

/** The reset e-mail; its link is a secret, dropped from the stored copy once sent. */
export const composePasswordReset: Composer = async (row, { db, publicUrl }) => {
  const payload = JSON.parse(row.payload) as { token?: string; audience?: 'admin' | 'customer' };
  if (!payload.token) throw new Error('The reset link was already sent or withdrawn.');
  const organiser = await loadOrganiser(db, row.client_id);
  const link = resetUrl(publicUrl, {
    token: payload.token,
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
    secrets: [link, payload.token],
  };
};
