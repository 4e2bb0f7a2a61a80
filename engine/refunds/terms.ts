/*
 * A cancellation rule as the parent reads it in their confirmation. Pure: money formatting is
 * passed in (the organiser's currency), like every amount the engine words.
 */

export interface TermsRule {
  sessionScope: 'singleSession' | 'allSessions';
  windowAmount: number;
  windowUnit: 'hours' | 'days' | 'weeks' | 'months';
  percentageToRefund: number;
  /** Minor units, taken off the refund. */
  fee: number;
}

/**
 * @example cancellationTermsText({ sessionScope: 'singleSession', windowAmount: 48, windowUnit: 'hours', percentageToRefund: 100, fee: 100 }, (m) => `£${(m / 100).toFixed(2)}`)
 * // 'Cancel a session up to 48 hours before it starts: 100% refunded, less a £1.00 fee.'
 */
export function cancellationTermsText(rule: TermsRule, money: (minor: number) => string): string {
  const what = rule.sessionScope === 'singleSession' ? 'a session' : 'the whole course';
  const unit = rule.windowAmount === 1 ? rule.windowUnit.replace(/s$/, '') : rule.windowUnit;
  const refund = rule.percentageToRefund > 0 ? `${rule.percentageToRefund}% refunded` : 'no refund';
  const fee = rule.percentageToRefund > 0 && rule.fee > 0 ? `, less a ${money(rule.fee)} fee` : '';
  return `Cancel ${what} up to ${rule.windowAmount} ${unit} before it starts: ${refund}${fee}.`;
}

/** What the confirmation says when no rule lets a parent cancel online. */
export const noOnlineCancellation = (organiser: string) =>
  `Places cannot be cancelled online; contact ${organiser} to cancel.`;
