/*
 * Which messages a parent may unsubscribe from (issue 12): reminders and digests, which they can
 * live without, never confirmations or notices about their own bookings and money. Pure.
 */

/** What one unsubscribe stops: every message of that category from that organiser. */
export const UNSUBSCRIBE_CATEGORIES = ['reminders', 'digests', 'offers'] as const;
export type UnsubscribeCategory = (typeof UNSUBSCRIBE_CATEGORIES)[number];

/**
 * The message kinds in each category. The waitlist offer's reminder is not here: it is part of
 * the offer, which lapses, and a parent who waits for a place wants to hear it is going.
 */
const KINDS: Record<string, UnsubscribeCategory> = {
  'session-reminder': 'reminders',
  // An admin's daily digest of tomorrow's sessions (organiser notifications).
  'admin-daily-digest': 'digests',
  // The offer after a trial (docs/rules/trials.md): selling, so a parent may say no more.
  'trial-follow-up': 'offers',
};

/**
 * The category a kind of message can be unsubscribed from, or null when it must always be sent.
 *
 * @example unsubscribeCategoryOf('session-reminder') // 'reminders'
 * @example unsubscribeCategoryOf('booking-confirmation') // null
 */
export function unsubscribeCategoryOf(kind: string): UnsubscribeCategory | null {
  return KINDS[kind] ?? null;
}

/** What the category is called on the unsubscribe page. */
export const unsubscribeCategoryName: Record<UnsubscribeCategory, string> = {
  reminders: 'session reminders',
  digests: 'daily digests',
  offers: 'offers after a trial',
};

/** Texts of the hosted unsubscribe page and message footer (ours: the spec names none). */
export const unsubscribeMessages = {
  title: 'Unsubscribe',
  confirm: (what: string, organiser: string) =>
    `Stop receiving ${what} from ${organiser}? Booking confirmations and notices about your bookings and payments are still sent.`,
  button: 'Unsubscribe',
  done: (what: string, organiser: string) =>
    `You will no longer receive ${what} from ${organiser}.`,
  linkInvalid: 'This unsubscribe link is not valid. Please use the link in your latest e-mail.',
  footer: (what: string) => `Unsubscribe from ${what}`,
  skipped: (what: string) => `The recipient unsubscribed from ${what}.`,
} as const;
