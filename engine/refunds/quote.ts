import { shiftInstant, zonedToInstant } from '../dates.ts';
import { messages } from '../messages.ts';
import { mulDiv, percentOf } from '../money.ts';
import { hasFeature } from '../plans.ts';
import type { CancellationRuleData, RefundMethod } from '../schemas/cancellation-rule.ts';

/** One booked ticket item being cancelled. */
export interface CancelItem {
  itemId: string;
  ticketType: 'all' | 'single' | 'subscription';
  /** What was paid for the item (after discounts), minor units. */
  amountPaid: number;
  /** The item's sessions, with their start in the client's zone. */
  sessions: readonly { _id: string; date: string; startTime: string }[];
  /** For a single-session cancel: the sessions being cancelled (default: all of the item's). */
  cancelSessionIds?: readonly string[];
}

export interface RefundQuoteInput {
  items: readonly CancelItem[];
  rules: readonly CancellationRuleData[];
  now: number;
  settings: { timeZone: string; planLevel: number; cardProviderEnabled: boolean };
}

export type RefundKind = 'fullRefund' | 'partialRefund' | 'noRefund';

export interface ItemQuote {
  itemId: string;
  kind: RefundKind;
  refundable: number;
  amount: number;
  fee: number;
  percentage: number;
  rule: CancellationRuleData | null;
}

export interface RefundQuote {
  items: ItemQuote[];
  amount: number;
  kind: RefundKind;
  /** Methods the customer may choose, with the account credit expiry when relevant. */
  methods: { method: RefundMethod; accountCreditExpiresAt: string | null }[];
  /**
   * Why a method the rule offers is not available (docs/rules/forms-and-messages.md help texts).
   */
  unavailable: { method: RefundMethod; reason: string }[];
  canCancelOnline: boolean;
  /** 'No refund' when nothing comes back; the button then reads 'Cancel without refund'. */
  label: string | null;
  buttonText: string | null;
  message: string | null;
}

/**
 * Whether cancelling at `now` is still within a rule's window: at least the window's amount of
 * time before the session starts. Hours are elapsed time; days, weeks and months are calendar
 * steps in the client's zone.
 *
 * @example withinWindow({ amount: 48, unit: 'hours' }, start, start - 49 * 3600_000, 'Europe/London') // true
 */
export function withinWindow(
  window: CancellationRuleData['cancellationWindow'],
  sessionStart: number,
  now: number,
  timeZone: string,
): boolean {
  return now <= shiftInstant(sessionStart, -window.amount, window.unit, timeZone);
}

/**
 * Quotes a cancellation (docs/rules/forms-and-messages.md): for each item, the refundable base (the
 * whole payment, or for all-sessions tickets the share of sessions not yet started, or for single
 * sessions the cancelled sessions' share), the most generous rule of the item's scope whose window
 * is still open, its percentage (a whole number) minus its fee per ticket item, never below zero
 * and never above what was paid. Subscriptions are cancelled with the provider, so they quote no
 * refund here. Refund methods: the card provider only when enabled, account credit only on plan
 * level 20 and above; when money is due back and no method is available the customer cannot
 * cancel online.
 *
 * @example quoteCancellation({ items, rules, now, settings: { timeZone: 'Europe/London', planLevel: 20, cardProviderEnabled: true } }).amount
 */
export function quoteCancellation(input: RefundQuoteInput): RefundQuote {
  const { timeZone } = input.settings;
  const quotes: ItemQuote[] = input.items.map((item) => {
    const starts = item.sessions
      .map((s) => ({ id: s._id, at: zonedToInstant(s.date, s.startTime, timeZone) }))
      .sort((a, b) => a.at - b.at);
    const upcoming = starts.filter((s) => s.at > input.now);
    const scope = item.ticketType === 'single' ? 'singleSession' : 'allSessions';
    const none: ItemQuote = {
      itemId: item.itemId,
      kind: 'noRefund',
      refundable: 0,
      amount: 0,
      fee: 0,
      percentage: 0,
      rule: null,
    };
    if (item.ticketType === 'subscription' || upcoming.length === 0 || starts.length === 0)
      return none;
    let refundable: number;
    let firstStart: number;
    if (item.ticketType === 'single') {
      const cancel = new Set(item.cancelSessionIds ?? item.sessions.map((s) => s._id));
      const chosen = upcoming.filter((s) => cancel.has(s.id));
      if (chosen.length === 0) return none;
      refundable = mulDiv(item.amountPaid, chosen.length, starts.length);
      firstStart = chosen[0].at;
    } else {
      refundable = mulDiv(item.amountPaid, upcoming.length, starts.length);
      firstStart = upcoming[0].at;
    }
    let best: ItemQuote = { ...none, refundable };
    for (const rule of input.rules) {
      if (!rule.enabled || rule.sessionScope !== scope) continue;
      if (!withinWindow(rule.cancellationWindow, firstStart, input.now, timeZone)) continue;
      const percentage = Math.round(rule.config.percentageToRefund);
      const fee = percentage > 0 ? rule.config.fee : 0;
      const amount = Math.min(
        item.amountPaid,
        Math.max(0, percentOf(refundable, percentage) - fee),
      );
      if (best.rule === null || amount > best.amount) {
        const kind: RefundKind =
          amount === 0
            ? 'noRefund'
            : percentage === 100 && fee === 0
              ? 'fullRefund'
              : 'partialRefund';
        best = { itemId: item.itemId, kind, refundable, amount, fee, percentage, rule };
      }
    }
    return best;
  });

  const amount = quotes.reduce((n, q) => n + q.amount, 0);
  const kind: RefundKind =
    amount === 0
      ? 'noRefund'
      : quotes.every((q) => q.kind === 'fullRefund' || q.refundable === 0)
        ? 'fullRefund'
        : 'partialRefund';
  const offered = new Map<RefundMethod, CancellationRuleData | null>();
  for (const q of quotes)
    if (q.amount > 0 && q.rule)
      for (const m of q.rule.config.refundMethods) if (!offered.has(m)) offered.set(m, q.rule);
  const methods: RefundQuote['methods'] = [];
  const unavailable: RefundQuote['unavailable'] = [];
  for (const [method, rule] of offered) {
    if (method === 'stripe' && !input.settings.cardProviderEnabled) {
      unavailable.push({ method, reason: messages.cardRefundUnavailable });
    } else if (
      method === 'accountCredit' &&
      !hasFeature(input.settings.planLevel, 'accountCredit')
    ) {
      unavailable.push({ method, reason: messages.accountCreditPremiumOnly });
    } else {
      const expiry = method === 'accountCredit' ? rule?.config.accountCreditExpiry : null;
      methods.push({
        method,
        accountCreditExpiresAt:
          expiry?.amount != null
            ? new Date(shiftInstant(input.now, expiry.amount, expiry.unit, timeZone)).toISOString()
            : null,
      });
    }
  }
  const noRefund = amount === 0;
  const canCancelOnline = noRefund || methods.length > 0;
  return {
    items: quotes,
    amount,
    kind,
    methods: noRefund ? [] : methods,
    unavailable: noRefund ? [] : unavailable,
    canCancelOnline,
    label: noRefund ? messages.noRefund : null,
    buttonText: noRefund ? messages.cancelWithoutRefund : null,
    message: canCancelOnline ? null : messages.cannotCancelOnline,
  };
}
