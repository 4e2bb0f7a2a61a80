/**
 * How the product sends e-mail: an SMTP server (`SMTP_URL`, e.g. `smtp://user:pass@host:587`
 * or `smtps://…:465`) and the address messages come from (`MAIL_FROM`). The organiser's name is
 * shown as the sender's name; the address stays ours, so SPF and DKIM keep passing.
 */
export interface MailSettings {
  /** null: nothing configured (the demo starts a local SMTP catcher and fills this in). */
  smtpUrl: string | null;
  from: { name: string; address: string };
}

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;

/**
 * Parses SMTP_URL and MAIL_FROM (`Name <a@b>` or `a@b`); throws a sentence naming the variable.
 *
 * @example readMailSettings({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'Classwise <hello@example.com>' })
 */
export function readMailSettings({
  smtpUrl,
  from,
}: {
  smtpUrl?: string;
  from?: string;
}): MailSettings {
  const url = smtpUrl?.trim() || null;
  if (url && !/^smtps?:\/\/[^/]+/.test(url))
    throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, not '${url}'.`);
  const text = from?.trim() || 'Classwise <no-reply@classwise.localhost>';
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  const address = (match ? match[2] : text).trim();
  const name = (match ? match[1] : '').replace(/^"|"$/g, '').trim() || 'Classwise';
  if (!ADDRESS.test(address))
    throw new Error(`MAIL_FROM must be an address like 'Classwise <hello@example.com>'.`);
  return { smtpUrl: url, from: { name, address } };
}
