import type { PaymentOptions } from '../../../../api-client/index.ts';
import { todayIn } from '../../../../engine/dates.ts';
import { dateLabel, localeFor } from '../../format.ts';
import { text } from '../text.ts';

/**
 * The parent's session-pass credits usable for one activity group, as the basket shows them
 * next to 'Use my session pass credits': the total left and one line per pass and expiry. A
 * pass lapses at the end of a day in the organiser's zone, so that day is the one shown.
 *
 * @example passCreditsFor(options.passCredits, group._id, settings) // { total: 7, lines: ['10 swims: 7 left, expires Wed 1 Jan 2031'] }
 */
export function passCreditsFor(
  passes: PaymentOptions['passCredits'],
  groupId: string,
  settings: { timeZone: string; country: string },
): { total: number; lines: string[] } {
  const usable = passes.filter((p) => p.credits > 0 && p.activityGroupIds.includes(groupId));
  return {
    total: usable.reduce((n, p) => n + p.credits, 0),
    lines: usable.map((p) => {
      const left = text.passPot(p.name, p.credits);
      if (!p.expiresAt) return left;
      const lastDay = todayIn(Date.parse(p.expiresAt) - 1, settings.timeZone);
      return `${left}, ${text.creditExpires(dateLabel(lastDay, localeFor(settings.country)))}`;
    }),
  };
}
