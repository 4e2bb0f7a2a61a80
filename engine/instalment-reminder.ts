/*
 * The parent's notice before a payment-schedule instalment is taken from their saved card
 * (docs/rules/messages.md). Pure: instants in, instants out (ms since the epoch).
 */

const HOUR = 3_600_000;

/** How long before an instalment is collected the parent is told. */
export const INSTALMENT_NOTICE_DAYS_BEFORE = 3;

/**
 * When to tell the parent that an instalment collected at `collectAt` is coming: 3 days before;
 * at once when that moment has passed but the collection is still more than an hour away; never
 * when it is nearer than that (the notice would arrive with the charge).
 *
 * @example instalmentNoticeAt(0, 10 * 86_400_000) // 7 * 86_400_000
 * @example instalmentNoticeAt(0, 86_400_000) // 0
 * @example instalmentNoticeAt(0, 1_800_000) // null
 */
export function instalmentNoticeAt(now: number, collectAt: number): number | null {
  if (collectAt - now <= HOUR) return null;
  return Math.max(now, collectAt - INSTALMENT_NOTICE_DAYS_BEFORE * 24 * HOUR);
}
