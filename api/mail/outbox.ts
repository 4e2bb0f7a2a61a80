import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { enqueue } from '../jobs/queue.ts';

/** The job that renders and sends one outbox row (api/mail/send.ts). */
export const SEND_MESSAGE_JOB = 'mail.send';

/** Every kind of message the product sends; each has a composer in api/mail/compose. */
export type MessageKind =
  | 'admin-new-booking'
  | 'admin-cancellation'
  | 'admin-payment-failed'
  | 'admin-daily-digest'
  | 'booking-confirmation'
  | 'instalment-due'
  | 'subscription-payment-failed'
  | 'booking-cancelled'
  | 'password-reset'
  | 'household-invite'
  | 'sign-in-link'
  | 'payment-received'
  | 'payment-due-reminder'
  | 'payment-due-released'
  | 'session-reminder'
  | 'trial-follow-up'
  | 'waitlist-joined'
  | 'waitlist-offer'
  | 'waitlist-offer-reminder'
  | 'waitlist-offer-lapsed'
  | 're-enrolment-offer';

export interface OutgoingMessage {
  clientId: string;
  kind: MessageKind;
  /**
   * What caused the message, e.g. `booking-confirmation:<bookingId>`. A second message with the
   * same event to the same address is never written: that is the at-most-once guarantee.
   */
  eventKey: string;
  to: { email: string; name: string; userId?: string | null };
  bookingId?: string | null;
  /** What the composer needs beyond the rows it reads at send time. */
  payload?: Record<string, unknown>;
  now?: Date;
  /** A scheduled message (a reminder): not sent before this instant. */
  sendAt?: Date;
}

/**
 * Writes a message into the outbox and queues its send, inside the caller's transaction, so the
 * message exists exactly when the change that caused it commits. Returns the message's id, or
 * null when that event already has a message to that address.
 *
 * @example await enqueueMessage(trx, { clientId, kind: 'booking-confirmation', eventKey: `booking-confirmation:${bookingId}`, to: { email, name, userId }, bookingId });
 */
export async function enqueueMessage(trx: Db, message: OutgoingMessage): Promise<string | null> {
  const id = newId();
  const nowIso = (message.now ?? new Date()).toISOString();
  const result = await trx
    .insertInto('messages')
    .values({
      id,
      client_id: message.clientId,
      kind: message.kind,
      event_key: message.eventKey,
      // Addresses compare without case, so one parent is one recipient however it was typed.
      recipient_email: message.to.email.trim().toLowerCase(),
      recipient_name: message.to.name,
      user_id: message.to.userId ?? null,
      booking_id: message.bookingId ?? null,
      payload: JSON.stringify(message.payload ?? {}),
      status: 'queued',
      last_error: null,
      next_attempt_at: (message.sendAt ?? message.now ?? new Date()).toISOString(),
      subject: null,
      html: null,
      text_body: null,
      sending_since: null,
      sent_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['client_id', 'event_key', 'recipient_email']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  await queueSend(trx, message.clientId, id, 1, message.sendAt ?? message.now ?? new Date());
  return id;
}

/** Queues attempt `attempt` of a message's send; one job per attempt, never two. */
export async function queueSend(
  db: Db,
  clientId: string,
  messageId: string,
  attempt: number,
  runAt: Date,
) {
  await enqueue(
    db,
    SEND_MESSAGE_JOB,
    { clientId, messageId, attempt },
    { runAt, dedupeKey: `${SEND_MESSAGE_JOB}:${messageId}:${attempt}` },
  );
}
