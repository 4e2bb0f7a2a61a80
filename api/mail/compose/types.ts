import type { Db } from '../../db/connection.ts';
import type { MessagesTable } from '../../db/schema.ts';

/** A rendered message, ready for Nodemailer. */
export interface Composed {
  /** Shown as the sender's name; the address is always MAIL_FROM's. */
  organiserName: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /**
   * Secrets in the message (a reset link) that must not be kept: the stored copy the dashboard
   * shows has them replaced once the message is sent or given up.
   */
  secrets?: string[];
}

/**
 * Thrown by a composer when its message is no longer wanted (the offer it announces was already
 * taken): the message is marked skipped with this reason and never retried.
 */
export class MessageNotNeeded extends Error {}

export type MessageRow = Omit<MessagesTable, 'attempts'> & { attempts: number };

export interface ComposeContext {
  db: Db;
  /** Our origin: the only place links in a message may point to. */
  publicUrl: string;
  now: Date;
  /** The recipient's link to stop this kind of message (reminders only), shown in its footer. */
  unsubscribeUrl?: string;
}

/** Renders one kind of message from its outbox row and the rows it names, read at send time. */
export type Composer = (row: MessageRow, context: ComposeContext) => Promise<Composed>;
