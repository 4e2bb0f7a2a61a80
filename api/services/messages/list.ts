import type { Db } from '../../db/connection.ts';
import type { MessageDto, MessageSummaryDto } from './dto.ts';

/** A send still 'sending' after this long was cut off (a crashed process): say so. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;

type Row = {
  id: string;
  kind: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  recipient_email: string;
  recipient_name: string;
  booking_id: string | null;
  subject: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sending_since: string | null;
  sent_at: string | null;
  created_at: string;
};

function summary(row: Row, now: number): MessageSummaryDto {
  // At most once means a send cut off mid-way is never retried on its own; the organiser sees
  // it and can resend.
  const interrupted =
    row.status === 'sending' &&
    row.sending_since !== null &&
    now - Date.parse(row.sending_since) > INTERRUPTED_AFTER_MS;
  return {
    _id: row.id,
    kind: row.kind,
    status: interrupted ? 'failed' : row.status,
    recipient: { email: row.recipient_email, name: row.recipient_name },
    bookingId: row.booking_id,
    subject: row.subject,
    attempts: row.attempts,
    failureReason: interrupted
      ? 'Interrupted while sending: it may not have arrived.'
      : row.status === 'failed' || row.status === 'skipped'
        ? row.last_error
        : null,
    nextAttemptAt: row.status === 'failed' ? row.next_attempt_at : null,
    sentAt: row.sent_at,
    createdAt: row.created_at,
  };
}

const summaryColumns = [
  'id',
  'kind',
  'status',
  'recipient_email',
  'recipient_name',
  'booking_id',
  'subject',
  'attempts',
  'last_error',
  'next_attempt_at',
  'sending_since',
  'sent_at',
  'created_at',
] as const;

/**
 * One page of a client's messages, newest first, optionally those of one booking or address.
 *
 * @example const { data, total } = await listMessages(db, clientId, { page: 1, limit: 25 });
 */
export async function listMessages(
  db: Db,
  clientId: string,
  {
    page,
    limit,
    bookingId,
    email,
    now = Date.now(),
  }: { page: number; limit: number; bookingId?: string; email?: string; now?: number },
): Promise<{ data: MessageSummaryDto[]; total: number }> {
  let query = db.selectFrom('messages').where('client_id', '=', clientId);
  if (bookingId) query = query.where('booking_id', '=', bookingId);
  if (email) query = query.where('recipient_email', '=', email.trim().toLowerCase());
  const [rows, count] = await Promise.all([
    query
      .select([...summaryColumns])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((row) => summary(row, now)), total: Number(count.n) };
}

/**
 * One message with its rendered content (as sent, secrets removed); undefined when another
 * client's or missing.
 *
 * @example const message = await loadMessage(db, clientId, id);
 */
export async function loadMessage(
  db: Db,
  clientId: string,
  id: string,
  now = Date.now(),
): Promise<MessageDto | undefined> {
  const row = await db
    .selectFrom('messages')
    .select([...summaryColumns, 'html', 'text_body'])
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...summary(row, now), html: row.html, text: row.text_body };
}
