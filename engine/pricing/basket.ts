import { zonedParts } from '../dates.ts';
import { messages } from '../messages.ts';
import { isScheduleUsable, scheduleTexts, splitBySchedule } from '../payment-schedule.ts';
import { computeDiscounts } from './discounts.ts';
import { priceLine, sortSessions } from './lines.ts';
import type {
  AccountCreditEntry,
  PassCreditRow,
  PricedLine,
  PriceInput,
  PriceResult,
} from './types.ts';

/**
 * The account credit a user can spend now: the sum of unexpired entries (the ledger may hold
 * negative entries for credit already used), never below zero.
 *
 * @example accountCreditBalance([{ amount: 500, expiresAt: null }, { amount: 300, expiresAt: '2020-01-01T00:00:00Z' }], Date.now()) // 500
 */
export function accountCreditBalance(entries: readonly AccountCreditEntry[], now: number): number {
  let sum = 0;
  for (const e of entries) if (!e.expiresAt || Date.parse(e.expiresAt) > now) sum += e.amount;
  return Math.max(0, sum);
}

/** Hands out pass credits soonest-expiring first, so the parent loses as few as possible. */
function passCreditTaker(credits: readonly PassCreditRow[], now: number) {
  const pool = credits
    .filter((c) => c.credits > 0 && (!c.expiresAt || Date.parse(c.expiresAt) > now))
    .map((c) => ({ ...c, left: c.credits, used: 0 }))
    .sort((a, b) =>
      (a.expiresAt ?? '9999') < (b.expiresAt ?? '9999')
        ? -1
        : (a.expiresAt ?? '9999') > (b.expiresAt ?? '9999')
          ? 1
          : 0,
    );
  return {
    take(groupId: string, n: number) {
      let granted = 0;
      for (const c of pool) {
        if (granted === n) break;
        if (!c.activityGroupIds.includes(groupId)) continue;
        const k = Math.min(c.left, n - granted);
        c.left -= k;
        c.used += k;
        granted += k;
      }
      return granted;
    },
    used: () =>
      pool.filter((c) => c.used > 0).map((c) => ({ passCreditId: c._id, credits: c.used })),
  };
}

/**
 * Prices a basket for one or more attendees across activity groups: every line with its
 * breakdown, every discount with its rule's name and reason, totals, the amount due now and the
 * payment schedule. Pure and deterministic: the same input always gives the same result, so the
 * widget's preview is exactly what the API charges.
 *
 * Order: ticket prices (pro rata, per session, subscription cover fees), pass credits (single
 * sessions only), add-ons, discounts (see `computeDiscounts`), payment schedule split, then
 * account credit against what is due now. Lines that cannot be priced are left out and listed
 * in `problems`.
 *
 * @example priceBasket({ groups, lines: [{ attendeeId: 'a1', activityGroupId: 'g1', ticketId: 't1' }], now, settings: { timeZone: 'Europe/London', currency: 'GBP', planLevel: 20 } }).total
 */
export function priceBasket(input: PriceInput): PriceResult {
  const local = zonedParts(input.now, input.settings.timeZone);
  const today = local.date;
  const groups = new Map(input.groups.map((g) => [g._id, g]));
  const sorted = new Map(input.groups.map((g) => [g._id, sortSessions(g.sessions)]));
  const passes = passCreditTaker(input.usePassCredits ? (input.passCredits ?? []) : [], input.now);
  const lines: PricedLine[] = [];
  const problems: PriceResult['problems'] = [];
  input.lines.forEach((line, key) => {
    const priced = priceLine(line, key, groups.get(line.activityGroupId), {
      now: local,
      planLevel: input.settings.planLevel,
      attendeeName: input.attendeeNames?.[line.attendeeId],
      takePassCredits: passes.take,
      sortedSessions: sorted.get(line.activityGroupId),
    });
    if ('line' in priced) lines.push(priced.line);
    else problems.push({ lineKey: key, message: priced.problem });
  });

  const { discounts, code, monthly } = computeDiscounts(lines, input, today);
  const byKey = new Map(lines.map((l) => [l.key, l]));
  for (const d of discounts) {
    for (const a of d.allocations) {
      const l = byKey.get(a.lineKey)!;
      l.discount += a.amount;
      l.net = l.gross - l.discount;
    }
  }

  let subtotal = 0;
  let later = 0;
  const scheduleByDate = new Map<string, number>();
  for (const l of lines) {
    subtotal += l.gross;
    const schedule = groups.get(l.activityGroupId)?.paymentSchedule;
    if (
      input.payBySchedule &&
      l.ticketType === 'all' &&
      schedule &&
      isScheduleUsable(schedule, today)
    ) {
      const split = splitBySchedule(l.net, schedule, today);
      for (const p of split.later) {
        scheduleByDate.set(p.date, (scheduleByDate.get(p.date) ?? 0) + p.amount);
        later += p.amount;
      }
    }
  }
  const discountTotal = discounts.reduce((n, d) => n + d.amount, 0);
  const net = subtotal - discountTotal;
  const dueBeforeCredit = net - later;
  const creditApplied = input.useAccountCredit
    ? Math.min(dueBeforeCredit, accountCreditBalance(input.accountCredit ?? [], input.now))
    : 0;
  const schedule = [...scheduleByDate]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, amount]) => ({ date, amount }));
  // A sibling's membership: each month is collected at the plan's price less the discount.
  for (const m of monthly) {
    const sub = byKey.get(m.lineKey)!.subscription!;
    sub.monthlyDiscount = m.amount;
    sub.monthlyAmount -= m.amount;
  }
  const recurring = lines
    .filter((l) => l.subscription)
    .map((l) => {
      const m = monthly.find((x) => x.lineKey === l.key);
      return {
        lineKey: l.key,
        amount: l.subscription!.monthlyAmount,
        firstPaymentDate: l.subscription!.firstPaymentDate,
        text: messages.continuesUntilCancelled,
        ...(m ? { discount: { ruleName: m.ruleName, reason: m.reason, amount: m.amount } } : {}),
      };
    });
  // formatCivilDate reads an empty format as the default 'dd/MM/yyyy'.
  const dateFormat = input.settings.dateFormat ?? '';
  const texts = schedule.length
    ? scheduleTexts({ dates: schedule.map((s) => s.date), today, dateFormat })
    : recurring.length
      ? scheduleTexts({
          dates: [recurring[0].firstPaymentDate],
          today,
          untilCancelled: true,
          dateFormat,
        })
      : [];
  return {
    currency: input.settings.currency,
    lines,
    discounts,
    subtotal,
    discountTotal,
    creditApplied,
    total: net - creditApplied,
    amountDueNow: dueBeforeCredit - creditApplied,
    passCreditsUsed: passes.used(),
    schedule,
    scheduleTexts: texts,
    recurring,
    code,
    problems,
  };
}
