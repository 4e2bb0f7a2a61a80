/*
 * The organiser's e-mail settings (issue 12): who messages appear to come from, where replies go,
 * and whether and when parents are reminded of a booked session. Pure.
 */
import { SESSION_REMINDER_HOURS_BEFORE } from './reminders.ts';

/** Hours before a session its reminder may go out: at least 1, at most a week. */
export const SESSION_REMINDER_HOURS = {
  min: 1,
  max: 168,
  default: SESSION_REMINDER_HOURS_BEFORE,
} as const;

/** The longest sender name: what mail clients show in full. */
export const SENDER_NAME_MAX = 100;

/** Texts for the e-mail settings (ours: the spec names none). */
export const mailSettingsMessages = {
  senderNameTooLong: `Sender name must be at most ${SENDER_NAME_MAX} characters.`,
  senderNameOneLine: 'Sender name must be one line of text.',
  replyToInvalid: 'Enter the e-mail address replies should go to, like office@example.com.',
  sessionReminderHoursRange: `Enter a whole number of hours from ${SESSION_REMINDER_HOURS.min} to ${SESSION_REMINDER_HOURS.max}.`,
} as const;

const ADDRESS = /^[^\s@<>"(),;:\\[\]]+@[^\s@<>"(),;:\\[\]]+\.[^\s@<>"(),;:\\[\]]+$/;

/** Whether `text` is one plain e-mail address (no display name, no list). */
export const isPlainAddress = (text: string) => text.length <= 254 && ADDRESS.test(text);

/**
 * The name a message is sent under: the organiser's chosen sender name, or else its name. The
 * address is never the organiser's (MAIL_FROM's, so SPF and DKIM pass); replies go to the
 * organiser's reply-to address when set.
 *
 * @example senderName({ name: 'Demo Sports Club', senderName: null }) // 'Demo Sports Club'
 */
export function senderName(client: { name: string; senderName: string | null }): string {
  return client.senderName?.trim() || client.name;
}
