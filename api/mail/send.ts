import {
  senderName,
  unsubscribeCategoryName,
  unsubscribeCategoryOf,
  unsubscribeMessages,
} from '../../engine/index.ts';
import { bounceMessages, isRecipientRefused, type SendFailure } from '../../engine/mail-bounces.ts';
import type { Db } from '../db/connection.ts';
import { findBounce, recordBounce } from './bounces.ts';
import { composers } from './compose/index.ts';
import { loadOrganiser } from './compose/organiser.ts';
import { type Composed, MessageNotNeeded, type MessageRow } from './compose/types.ts';
import { queueSend } from './outbox.ts';
import type { MailSettings } from './settings.ts';
import { smtpTransport } from './transport.ts';
import { createUnsubscribeLink, isUnsubscribed } from './unsubscribe.ts';

/** What sending needs from the server's configuration. */
export interface MailContext {
  settings: MailSettings;
  /** Our origin, for links in messages. */
  publicUrl: string;
}

/** Tries per message before it stays failed; the waits between them grow fourfold. */
export const MAX_SEND_ATTEMPTS = 5;

/**
 * The wait before attempt `next` (2, 3, …): 1, 4, 16, 64 minutes, so a mail server that is down
 * for an hour still gets the message, and one that refuses it is not hammered.
 *
 * @example retryDelayMs(2) // 60_000
 */
export const retryDelayMs = (next: number) => 60_000 * 4 ** (next - 2);

const REDACTED = '[link removed once sent]';

/** A send that can never succeed as things stand (the address was refused before): no retry. */
class SendRefused extends Error {}

/** One line a person can act on, from whatever Nodemailer or a composer threw. */
export function failureReason(error: unknown): string {
  const e = error as { response?: string; code?: string; message?: string };
  const text = e?.response || e?.message || String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

const scrub = (text: string, secrets: readonly string[] = []) =>
  secrets.reduce((out, secret) => (secret ? out.split(secret).join(REDACTED) : out), text);

/**
 * Sends attempt `attempt` of one outbox message. The row is claimed with a conditional update
 * (status and attempt count as read), so of two workers, two processes or a job run twice only
 * one ever talks to the SMTP server: a message is sent at most once. A failure records its
 * reason and queues the next attempt with backoff; after the last it stays failed. Nothing here
 * throws back into the job queue, which would retry on its own schedule.
 *
 * @example await sendMessage(db, ctx, { clientId, messageId, attempt: 1 }, new Date());
 */
export async function sendMessage(
  db: Db,
  ctx: MailContext,
  { clientId, messageId, attempt }: { clientId: string; messageId: string; attempt: number },
  now: Date,
): Promise<'sent' | 'failed' | 'skipped'> {
  const row = (await db
    .selectFrom('messages')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', messageId)
    .executeTakeFirst()) as MessageRow | undefined;
  // Gone, already sent or being sent, or this attempt already ran: nothing to do.
  if (!row || (row.status !== 'queued' && row.status !== 'failed')) return 'skipped';
  if (row.attempts !== attempt - 1) return 'skipped';
  const nowIso = now.toISOString();
  const claimed = await db
    .updateTable('messages')
    .set({ status: 'sending', attempts: attempt, sending_since: nowIso, updated_at: nowIso })
    .where('client_id', '=', clientId)
    .where('id', '=', messageId)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'skipped';

  let composed: Composed | null = null;
  try {
    // Reminders (not confirmations) can be unsubscribed from: one written before the recipient
    // unsubscribed is not sent, and each one sent carries its own link.
    const category = unsubscribeCategoryOf(row.kind);
    let unsubscribeUrl: string | undefined;
    if (category && row.user_id) {
      if (await isUnsubscribed(db, clientId, row.user_id, category))
        throw new MessageNotNeeded(unsubscribeMessages.skipped(unsubscribeCategoryName[category]));
      unsubscribeUrl = await createUnsubscribeLink(db, {
        clientId,
        userId: row.user_id,
        category,
        publicUrl: ctx.publicUrl,
        now,
      });
    }
    composed = await composers[row.kind as keyof typeof composers](
      { ...row, attempts: attempt },
      {
        db,
        publicUrl: ctx.publicUrl,
        now,
        unsubscribeUrl,
      },
    );
    if (!ctx.settings.smtpUrl) throw new Error('No SMTP server is configured (SMTP_URL).');
    // An address its server refused for good is not tried again until the organiser clears it.
    const bounce = await findBounce(db, clientId, row.recipient_email);
    if (bounce) {
      const organiser = await loadOrganiser(db, clientId);
      throw new SendRefused(
        bounceMessages.notSent(organiser.instant(bounce.bouncedAt), bounce.reason),
      );
    }
    const sender = await db
      .selectFrom('clients')
      .select(['mail_sender_name', 'mail_reply_to'])
      .where('id', '=', clientId)
      .executeTakeFirst();
    const fromName = senderName({
      name: composed.organiserName,
      senderName: sender?.mail_sender_name ?? null,
    });
    await smtpTransport(ctx.settings.smtpUrl).sendMail({
      // Address objects: Nodemailer encodes the names, so no name can add a header line.
      from: { name: fromName, address: ctx.settings.from.address },
      ...(sender?.mail_reply_to
        ? { replyTo: { name: fromName, address: sender.mail_reply_to } }
        : {}),
      to: { name: row.recipient_name, address: row.recipient_email },
      subject: composed.subject.replace(/[\r\n]+/g, ' '),
      html: composed.html,
      text: composed.text,
      attachments: composed.attachments,
      // List-Unsubscribe from Nodemailer's list option; the one-click POST (RFC 8058) is the same URL.
      ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
      headers: {
        'X-Classwise-Message': row.id,
        ...(unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
    });
    await db
      .updateTable('messages')
      .set({
        status: 'sent',
        sent_at: nowIso,
        last_error: null,
        next_attempt_at: null,
        ...stored(composed),
        updated_at: nowIso,
      })
      .where('client_id', '=', clientId)
      .where('id', '=', messageId)
      .execute();
    return 'sent';
  } catch (error) {
    if (error instanceof MessageNotNeeded) {
      await db
        .updateTable('messages')
        .set({
          status: 'skipped',
          last_error: error.message,
          next_attempt_at: null,
          updated_at: nowIso,
        })
        .where('client_id', '=', clientId)
        .where('id', '=', messageId)
        .execute();
      return 'skipped';
    }
    // The recipient's server refused the address for good (5xx to RCPT TO): recorded on the
    // customer for the organiser to see, and not retried.
    const refused = !(error instanceof SendRefused) && isRecipientRefused(error as SendFailure);
    const retry = attempt < MAX_SEND_ATTEMPTS && !refused && !(error instanceof SendRefused);
    const nextAt = new Date(now.getTime() + retryDelayMs(attempt + 1));
    await db.transaction().execute(async (trx) => {
      if (refused)
        await recordBounce(trx, {
          clientId,
          email: row.recipient_email,
          reason: failureReason(error),
          at: nowIso,
        });
      await trx
        .updateTable('messages')
        .set({
          status: 'failed',
          last_error: failureReason(error),
          next_attempt_at: retry ? nextAt.toISOString() : null,
          ...(composed ? stored(composed, !retry) : {}),
          updated_at: nowIso,
        })
        .where('client_id', '=', clientId)
        .where('id', '=', messageId)
        .execute();
      if (retry) await queueSend(trx, clientId, messageId, attempt + 1, nextAt);
    });
    return 'failed';
  }
}

/**
 * The copy kept for the Messages screen, never with a secret in it; the payload that holds a
 * secret is cleared once nothing will send the message again.
 */
function stored(composed: Composed, final = true) {
  return {
    subject: composed.subject,
    html: scrub(composed.html, composed.secrets),
    text_body: scrub(composed.text, composed.secrets),
    ...(final && composed.secrets?.length ? { payload: '{}' } : {}),
  };
}
