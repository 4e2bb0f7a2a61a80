import { firstOfNextMonth } from '../dates.ts';
import { messages } from '../messages.ts';
import { mulDiv } from '../money.ts';
import { hasFeature } from '../plans.ts';
import type { ActivityGroupRow, BasketLine, PricedLine, SessionRow } from './types.ts';

/** The client-zone wall clock of `now`, so "has this session started" is a string compare. */
export interface LocalNow {
  date: string;
  time: string;
}

/**
 * Whether a session is still ahead: its start is after now on the client's wall clock.
 * (Within the repeated autumn hour this compares clock times; an hour's ambiguity once a year
 * is accepted for a pure string compare that prices a basket in microseconds.)
 */
export const isUpcoming = (s: SessionRow, now: LocalNow) =>
  s.date > now.date || (s.date === now.date && s.startTime > now.time);

/**
 * Pro rata price of an all-sessions ticket: the full price × remaining ÷ total sessions,
 * rounded half-up, never above the full price (help tour: 200 for 5 sessions is 160 for 4).
 *
 * @example proRataPrice(20000, 4, 5) // 16000
 */
export function proRataPrice(fullPrice: number, remaining: number, total: number): number {
  if (total <= 0 || remaining >= total) return fullPrice;
  return mulDiv(fullPrice, Math.max(0, remaining), total);
}

/** Sessions a ticket or add-on may be used for: enabled, and within its restriction if any. */
export function allowedSessions(
  sessions: readonly SessionRow[],
  item: { restrictSessions: boolean; sessionsCanBeUsedFor: readonly string[] },
): SessionRow[] {
  if (!item.restrictSessions) return sessions.filter((s) => s.enabled);
  const allowed = new Set(item.sessionsCanBeUsedFor);
  return sessions.filter((s) => s.enabled && allowed.has(s._id));
}

const bySessionStart = (a: SessionRow, b: SessionRow) =>
  a.date === b.date ? (a.startTime < b.startTime ? -1 : 1) : a.date < b.date ? -1 : 1;

/** A group's sessions in date and time order. */
export const sortSessions = (sessions: readonly SessionRow[]) => [...sessions].sort(bySessionStart);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Prices one basket line before discounts: ticket by type, add-ons per session, pass credits.
 * Returns the line or a problem message (unknown ticket, past session, …).
 */
export function priceLine(
  line: BasketLine,
  key: number,
  group: ActivityGroupRow | undefined,
  ctx: {
    now: LocalNow;
    planLevel: number;
    attendeeName?: string;
    /** Takes up to n pass credits for a group; returns how many were granted. */
    takePassCredits?: (groupId: string, n: number) => number;
    /** The group's sessions in date order, when the caller has sorted them once already. */
    sortedSessions?: readonly SessionRow[];
  },
): { line: PricedLine } | { problem: string } {
  const ticket = group?.tickets.find((t) => t._id === line.ticketId);
  if (!group || !ticket?.enabled) return { problem: messages.noTicketsAvailable };
  const sorted = ctx.sortedSessions ?? sortSessions(group.sessions);
  const usable = allowedSessions(sorted, ticket);
  const upcoming = usable.filter((s) => isUpcoming(s, ctx.now));
  const items: PricedLine['items'] = [];
  let sessions: SessionRow[];
  let ticketAmount = 0;
  let proRata: PricedLine['proRata'] = null;
  let subscription: PricedLine['subscription'] = null;
  let passCreditSessionIds: string[] = [];

  if (ticket.type === 'all') {
    if (upcoming.length === 0) return { problem: messages.sessionUnavailable };
    sessions = upcoming;
    const partial = ticket.shouldProRata && upcoming.length < usable.length;
    ticketAmount = partial
      ? proRataPrice(ticket.price, upcoming.length, usable.length)
      : ticket.price;
    if (partial)
      proRata = { fullPrice: ticket.price, remaining: upcoming.length, total: usable.length };
    items.push({
      kind: 'ticket',
      label: partial
        ? `${ticket.name}* (${upcoming.length} of ${usable.length} sessions remaining)`
        : `${ticket.name} (${plural(upcoming.length, 'session')})`,
      amount: ticketAmount,
    });
  } else if (ticket.type === 'single') {
    const wanted = new Set(line.sessionIds ?? []);
    if (wanted.size === 0) return { problem: messages.selectTicket };
    sessions = upcoming.filter((s) => wanted.has(s._id));
    if (sessions.length !== wanted.size) return { problem: messages.sessionUnavailable };
    const credited = ctx.takePassCredits ? ctx.takePassCredits(group._id, sessions.length) : 0;
    passCreditSessionIds = sessions.slice(0, credited).map((s) => s._id);
    const charged = sessions.length - credited;
    ticketAmount = ticket.price * charged;
    if (credited > 0) {
      items.push({
        kind: 'passCredit',
        label: `${ticket.name} × ${plural(credited, 'session')} (pass credits)`,
        amount: 0,
      });
    }
    if (charged > 0)
      items.push({
        kind: 'ticket',
        label: `${ticket.name} × ${plural(charged, 'session')}`,
        amount: ticketAmount,
      });
  } else {
    // Subscriptions are collected on the 1st. Booking on the 1st pays the month now; a
    // mid-month joiner (if allowed) pays the cover fee for each remaining session this month.
    const month = ctx.now.date.slice(0, 7);
    const firstPaymentDate = firstOfNextMonth(ctx.now.date);
    const thisMonth = upcoming.filter((s) => s.date.slice(0, 7) === month);
    subscription = { monthlyAmount: ticket.price, firstPaymentDate };
    if (ctx.now.date.endsWith('-01')) {
      sessions = upcoming;
      ticketAmount = ticket.price;
      items.push({
        kind: 'subscription',
        label: `${ticket.name} (first month)`,
        amount: ticketAmount,
      });
    } else if (ticket.allowMidMonthBookings && ticket.coverFeePerSession != null) {
      sessions = upcoming;
      ticketAmount = ticket.coverFeePerSession * thisMonth.length;
      if (thisMonth.length > 0) {
        items.push({
          kind: 'coverFee',
          label: `${ticket.name} cover fee × ${plural(thisMonth.length, 'session')} this month`,
          amount: ticketAmount,
        });
      }
    } else {
      sessions = upcoming.filter((s) => s.date.slice(0, 7) > month);
    }
    if (sessions.length === 0) return { problem: messages.sessionUnavailable };
  }

  let addOnAmount = 0;
  if ((line.addOns?.length ?? 0) > 0 && !hasFeature(ctx.planLevel, 'addOns'))
    return { problem: messages.featureNotAvailable };
  const lineSessionIds = new Set(sessions.map((s) => s._id));
  for (const choice of line.addOns ?? []) {
    const addOn = group.addOns.find((a) => a._id === choice.addOnId);
    if (!addOn?.enabled) return { problem: messages.notEnabledForAnySessions };
    const allowed = allowedSessions(sessions, addOn).filter((s) => lineSessionIds.has(s._id));
    const ids = choice.sessionIds ? new Set(choice.sessionIds) : new Set(allowed.map((s) => s._id));
    const count = allowed.filter((s) => ids.has(s._id)).length;
    if (count !== ids.size || count === 0) return { problem: messages.notEnabledForAnySessions };
    const amount = addOn.price * count;
    addOnAmount += amount;
    items.push({ kind: 'addOn', label: `${addOn.name} × ${plural(count, 'session')}`, amount });
  }

  const gross = ticketAmount + addOnAmount;
  return {
    line: {
      key,
      attendeeId: line.attendeeId,
      activityGroupId: group._id,
      ticketId: ticket._id,
      ticketType: ticket.type,
      label: ctx.attendeeName
        ? `${group.name}: ${ticket.name} for ${ctx.attendeeName}`
        : `${group.name}: ${ticket.name}`,
      sessionIds: sessions.map((s) => s._id),
      passCreditSessionIds,
      items,
      ticketAmount,
      addOnAmount,
      gross,
      discount: 0,
      net: gross,
      proRata,
      subscription,
    },
  };
}
