/*
 * Refused addresses (docs/rules/messages.md): a mail server that answers a recipient with a
 * permanent refusal (SMTP 5xx) will refuse it again, so the address is recorded on the customer
 * and later messages to it fail at once with a reason the organiser can act on. Pure.
 */

/** What the SMTP client tells us about a failed send (Nodemailer's error fields). */
export interface SendFailure {
  responseCode?: number;
  /** The SMTP command that was refused, e.g. 'RCPT TO'. */
  command?: string;
  /** The recipients the server refused, when it refused some. */
  rejected?: readonly unknown[];
}

/**
 * Whether a send failed because the server refused the recipient for good: a 5xx answer to
 * RCPT TO. A 4xx (try later), a refused sender or a dropped connection is not the address's
 * fault, and is retried instead.
 *
 * @example isRecipientRefused({ responseCode: 550, command: 'RCPT TO' }) // true
 * @example isRecipientRefused({ responseCode: 451, command: 'RCPT TO' }) // false
 */
export function isRecipientRefused(failure: SendFailure | null | undefined): boolean {
  if (!failure) return false;
  const code = Number(failure.responseCode);
  if (!(code >= 500 && code < 600)) return false;
  return failure.command === 'RCPT TO' || (failure.rejected?.length ?? 0) > 0;
}

/** The texts of refused addresses (ours: the spec names none). */
export const bounceMessages = {
  /** Why a message was not sent to an address refused before. */
  notSent: (when: string, reason: string) =>
    `Not sent: this address was refused by its mail server on ${when} (${reason}). Check the address with the customer, then clear the refusal on their page to send again.`,
  badge: 'Address refused',
  cleared: 'The refusal is cleared: new messages to this address will be sent.',
  noneToClear: 'This address has no refusal to clear.',
} as const;
