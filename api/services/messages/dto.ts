/*
 * The Messages screen's shapes on the wire. Apart from the service, so the dashboard can import
 * them as types without pulling server code into its bundle.
 */

/** skipped: no longer needed when its time came (failureReason says why). */
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface MessageSummaryDto {
  _id: string;
  /** 'booking-confirmation', 'password-reset', … */
  kind: string;
  status: MessageStatus;
  recipient: { email: string; name: string };
  bookingId: string | null;
  /** null until it is first rendered (queued). */
  subject: string | null;
  attempts: number;
  /** Why the last attempt failed (the mail server's answer), when it did. */
  failureReason: string | null;
  /** A failed message that will be tried again, and when; null when it will not. */
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface MessageDto extends MessageSummaryDto {
  /** The HTML as sent (shown in a sandboxed frame); null until rendered. */
  html: string | null;
  text: string | null;
}
