import { localeFor } from '../display.ts';
import { messages } from '../messages.ts';
import { allocate, formatMoney, percentOf } from '../money.ts';
import type { DiscountRuleData } from '../schemas/discount-rule.ts';
import type { AppliedDiscount, PricedLine, PriceInput } from './types.ts';

type Rule = DiscountRuleData & { _id: string };

/** Whether a rule's optional date range covers `today` (inclusive at both ends). */
export function ruleInDateRange(
  rule: Pick<DiscountRuleData, 'startDate' | 'endDate'>,
  today: string,
): boolean {
  return (!rule.startDate || today >= rule.startDate) && (!rule.endDate || today <= rule.endDate);
}

/** Sessions a line pays for (pass-credited sessions are not "purchased"). */
const chargedSessions = (l: PricedLine) => l.sessionIds.length - l.passCreditSessionIds.length;

/**
 * Discounts apply to ticket amounts; subscriptions are priced by their plan and only the sibling
 * (multi-attendee) rule discounts them.
 */
const discountable = (l: PricedLine) => l.ticketType !== 'subscription';

/**
 * Applies `amount` across lines in proportion to what is left on each (after earlier
 * discounts), capped so no line and no rule ever discounts more than its base.
 */
function apply(
  rule: Rule,
  reason: string,
  wanted: number,
  lines: PricedLine[],
  remaining: Map<number, number>,
  out: AppliedDiscount[],
) {
  const bases = lines.map((l) => remaining.get(l.key) ?? 0);
  const amount = Math.max(
    0,
    Math.min(
      wanted,
      bases.reduce((a, b) => a + b, 0),
    ),
  );
  if (amount === 0) return;
  const parts = allocate(amount, bases);
  const allocations = lines
    .map((l, i) => ({ lineKey: l.key, amount: parts[i] }))
    .filter((a) => a.amount > 0);
  for (const a of allocations) remaining.set(a.lineKey, (remaining.get(a.lineKey) ?? 0) - a.amount);
  out.push({ ruleId: rule._id, ruleName: rule.name, type: rule.type, reason, amount, allocations });
}

/**
 * The first enabled, in-date rule of each multi type claims an activity group ("at most one
 * rule of each multi type per activity"); a rule applies only to the groups it claimed.
 */
function claimGroups(rules: readonly Rule[], today: string) {
  const claimed = new Map<string, Set<string>>();
  const owner = new Map<string, string>();
  for (const rule of rules) {
    if (!rule.enabled || rule.type === 'Code' || !ruleInDateRange(rule, today)) continue;
    for (const g of rule.activityGroups) {
      const k = `${rule.type}:${g}`;
      if (owner.has(k)) continue;
      owner.set(k, rule._id);
      if (!claimed.has(rule._id)) claimed.set(rule._id, new Set());
      claimed.get(rule._id)!.add(g);
    }
  }
  return claimed;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * Computes every discount for priced lines, in a fixed order so re-pricing is deterministic:
 * multi-purchase rules on ticket amounts, then multi-attendee rules on what is left, then the
 * code on what is left of tickets and add-ons. Choices where the spec is silent:
 * - multi-purchase counts per attendee (siblings are the multi-attendee rule's business);
 * - the best tier whose minimum is met applies; a fixed amount is per attendee (per group for
 *   SameActivity); an amount per session is per counted session;
 * - for multi-attendee rules the attendee with the highest spend pays full price and each
 *   additional attendee gets the discount (ties: the first in the basket pays full); a child
 *   whose brother or sister is already booked in the rule's scope in an earlier checkout
 *   (`familyBookings`) is always an additional attendee; a membership's price now and its
 *   monthly price take the discount too (docs/rules/family.md);
 * - a fixed-amount code is once per basket; minimumTotal compares what the code would discount.
 */
export function computeDiscounts(
  lines: PricedLine[],
  input: Pick<
    PriceInput,
    'rules' | 'code' | 'history' | 'attendeeNames' | 'settings' | 'familyBookings'
  >,
  today: string,
): {
  discounts: AppliedDiscount[];
  code: { code: string; applied: boolean; message: string | null } | null;
  /** Sibling discounts on memberships' monthly price, one per subscription line at most. */
  monthly: { lineKey: number; ruleName: string; reason: string; amount: number }[];
} {
  const rules = input.rules ?? [];
  const name = (id: string) => input.attendeeNames?.[id] ?? 'this attendee';
  const out: AppliedDiscount[] = [];
  const monthly: { lineKey: number; ruleName: string; reason: string; amount: number }[] = [];
  // A membership's amount due now is left for the sibling rule alone (every other rule
  // filters on `discountable`).
  const remaining = new Map<number, number>(lines.map((l) => [l.key, l.ticketAmount]));
  const claimed = claimGroups(rules, today);
  const inScope = (rule: Rule) => {
    const groups = claimed.get(rule._id);
    return groups ? lines.filter((l) => discountable(l) && groups.has(l.activityGroupId)) : [];
  };

  for (const rule of rules) {
    if (rule.type !== 'MultiPurchase' || !claimed.has(rule._id)) continue;
    const scoped = inScope(rule);
    const bySession = rule.multiPurchaseType === 'Session';
    const sameActivity = bySession && rule.sessionsOption === 'SameActivity';
    const buckets = groupBy(scoped, (l) =>
      sameActivity ? `${l.attendeeId}|${l.activityGroupId}` : l.attendeeId,
    );
    for (const bucket of buckets.values()) {
      const who = name(bucket[0].attendeeId);
      if (bySession) {
        const count = bucket.reduce((n, l) => n + chargedSessions(l), 0);
        const tier = [...rule.multiSessionConditions]
          .filter((c) => count >= c.minimumSessions)
          .sort((a, b) => b.minimumSessions - a.minimumSessions)[0];
        if (!tier) continue;
        const base = bucket.reduce((n, l) => n + (remaining.get(l.key) ?? 0), 0);
        const wanted =
          tier.unit === 'Percentage'
            ? percentOf(base, tier.percentage ?? 0)
            : tier.unit === 'AmountPerSession'
              ? (tier.amountPerSession ?? 0) * count
              : (tier.fixedAmount ?? 0);
        apply(
          rule,
          `${count} sessions booked for ${who} (${tier.minimumSessions} or more sessions)`,
          wanted,
          bucket,
          remaining,
          out,
        );
      } else {
        const count = new Set(bucket.map((l) => l.activityGroupId)).size;
        const tier = [...rule.multiActivityConditions]
          .filter((c) => count >= c.minimumActivities)
          .sort((a, b) => b.minimumActivities - a.minimumActivities)[0];
        if (!tier) continue;
        const base = bucket.reduce((n, l) => n + (remaining.get(l.key) ?? 0), 0);
        const wanted =
          tier.unit === 'Percentage'
            ? percentOf(base, tier.percentage ?? 0)
            : (tier.fixedAmount ?? 0);
        apply(
          rule,
          `${count} activities booked for ${who} (${tier.minimumActivities} or more activities)`,
          wanted,
          bucket,
          remaining,
          out,
        );
      }
    }
  }

  for (const rule of rules) {
    if (rule.type !== 'MultiAttendee' || !claimed.has(rule._id)) continue;
    const groups = claimed.get(rule._id)!;
    // A membership is a sibling's place too: its price takes this rule (docs/rules/family.md).
    const scoped = lines.filter((l) => groups.has(l.activityGroupId));
    const sameActivity = rule.sessionsOption === 'SameActivity';
    const scopeKey = (groupId: string) => (sameActivity ? groupId : '*');
    const scopes = groupBy(scoped, (l) => scopeKey(l.activityGroupId));
    for (const [key, scope] of scopes) {
      // Children of this customer booked in this scope in earlier checkouts.
      const earlier = new Set(
        (input.familyBookings ?? [])
          .filter((b) => groups.has(b.activityGroupId) && scopeKey(b.activityGroupId) === key)
          .map((b) => b.attendeeId),
      );
      const byAttendee = [...groupBy(scope, (l) => l.attendeeId).values()];
      const spend = (ls: PricedLine[]) => ls.reduce((n, l) => n + (remaining.get(l.key) ?? 0), 0);
      // A child whose brother or sister is already booked is an additional attendee; of the
      // rest, the highest spender (ties: first in the basket) pays full and the others do not.
      const hasEarlierSibling = (ls: PricedLine[]) =>
        [...earlier].some((id) => id !== ls[0].attendeeId);
      const rest = byAttendee
        .filter((ls) => !hasEarlierSibling(ls))
        .map((ls, i) => ({ ls, i, s: spend(ls) }))
        .sort((a, b) => b.s - a.s || a.i - b.i);
      const additional = new Set([
        ...byAttendee.filter(hasEarlierSibling),
        ...rest.slice(1).map((r) => r.ls),
      ]);
      for (const ls of byAttendee) {
        if (!additional.has(ls)) continue;
        const who = name(ls[0].attendeeId);
        const reason = hasEarlierSibling(ls)
          ? `${who}: a brother or sister is already booked`
          : `Additional attendee: ${who}`;
        const pct = rule.percentageAdditionalAttendee ?? 0;
        const fixed = rule.amountAdditionalAttendee ?? 0;
        const percent = rule.unit === 'PercentageAdditionalAttendee';
        apply(rule, reason, percent ? percentOf(spend(ls), pct) : fixed, ls, remaining, out);
        for (const l of ls) {
          if (!l.subscription) continue;
          const full = l.subscription.monthlyAmount;
          const amount = Math.min(full, percent ? percentOf(full, pct) : fixed);
          if (amount > 0) monthly.push({ lineKey: l.key, ruleName: rule.name, reason, amount });
        }
      }
    }
  }

  let code: { code: string; applied: boolean; message: string | null } | null = null;
  const typed = input.code?.trim();
  if (typed) {
    const rule = rules.find(
      (r) => r.type === 'Code' && r.enabled && r.code?.toLowerCase() === typed.toLowerCase(),
    );
    const refuse = (message: string) => ({ code: typed, applied: false, message });
    const history = input.history ?? { confirmedBookings: 0, redemptions: {} };
    if (!rule) code = refuse(messages.codeInvalid);
    else if (rule.startDate && today < rule.startDate) code = refuse(messages.codeNotYetValid);
    else if (rule.endDate && today > rule.endDate) code = refuse(messages.codeExpired);
    else if (rule.maxRedemptions != null && rule.timesUsed >= rule.maxRedemptions)
      code = refuse(messages.codeUsedUp);
    else if (
      rule.maxUserRedemptions != null &&
      (history.redemptions[rule._id] ?? 0) >= rule.maxUserRedemptions
    ) {
      code = refuse(messages.codeUserLimit);
    } else if (rule.onlyAllowForUserFirstBooking && history.confirmedBookings > 0)
      code = refuse(messages.codeFirstBookingOnly);
    else {
      const groups = new Set(rule.activityGroups);
      const scoped = lines.filter(
        (l) =>
          discountable(l) &&
          (rule.codeUsage !== 'SelectedActivities' || groups.has(l.activityGroupId)),
      );
      // The code discounts tickets and add-ons alike: add the add-ons to what is left.
      for (const l of scoped) remaining.set(l.key, (remaining.get(l.key) ?? 0) + l.addOnAmount);
      const base = scoped.reduce((n, l) => n + (remaining.get(l.key) ?? 0), 0);
      if (scoped.length === 0 || base === 0) code = refuse(messages.codeNotForTheseActivities);
      else if (rule.minimumTotal != null && base < rule.minimumTotal) {
        code = refuse(
          messages.codeMinimumTotal(
            formatMoney(
              rule.minimumTotal,
              input.settings.currency,
              localeFor(input.settings.country),
            ),
          ),
        );
      } else {
        let wanted =
          rule.unit === 'Percentage'
            ? percentOf(base, rule.percentage ?? 0)
            : (rule.fixedAmount ?? 0);
        if (rule.unit === 'Percentage' && rule.maximumDiscountAmount != null)
          wanted = Math.min(wanted, rule.maximumDiscountAmount);
        apply(rule, `Code ${rule.code}`, wanted, scoped, remaining, out);
        code = { code: typed, applied: true, message: null };
      }
    }
  }
  return { discounts: out, code, monthly };
}
