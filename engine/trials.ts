/*
 * Trials (issue 16, docs/rules/trials.md): a single-session ticket the organiser marks as a trial
 * is one session at its own price, at most once per child per activity, across every checkout.
 * After the trial session the parent is offered the rest of the term (the all-sessions ticket,
 * priced pro rata from today when the organiser prices it so) or the activity's membership, and
 * the organiser sees how many trials turned into bookings.
 */
import { type LocalNow, priceLine, sortSessions } from './pricing/lines.ts';
import type { ActivityGroupRow } from './pricing/types.ts';

/** The texts of the trial rules, shown by the widget and answered by the API alike. */
export const trialMessages = {
  /** A second trial of one activity for one child, in this basket or an earlier booking. */
  alreadyHadTrial: (child: string) =>
    `${child} has already had a trial of this activity. Please choose another ticket.`,
  /** A trial ticket with more (or fewer) than one session. */
  oneSession: 'A trial is for one session. Please choose one session.',
  /** The conversion link of another parent, a gone activity or a child no longer theirs. */
  offerGone: 'This offer is no longer available.',
};

/** Days after the trial session within which the follow-up e-mail is still sent. */
export const TRIAL_FOLLOW_UP_MAX_DAYS = 14;

/** A priced basket line, as far as the trial rule reads it. */
export interface TrialLine {
  key: number;
  attendeeId: string;
  activityGroupId: string;
  ticketId: string;
  sessionIds: readonly string[];
}

/**
 * The trial problems of a basket: a trial line with other than one session, and a trial for a
 * child who already had (or holds) one of the same activity, in an earlier booking (`taken`) or
 * earlier in this basket. One problem per line, in line order.
 *
 * @example trialProblems({ lines: [{ key: 0, attendeeId: 'a1', activityGroupId: 'g1', ticketId: 't', sessionIds: ['s1'] }], trialTicketIds: ['t'], taken: [{ attendeeId: 'a1', activityGroupId: 'g1' }] })
 * // [{ lineKey: 0, message: 'Ann has already had a trial of this activity. Please choose another ticket.' }] (with attendeeNames { a1: 'Ann' })
 */
export function trialProblems(input: {
  lines: readonly TrialLine[];
  trialTicketIds: readonly string[];
  taken: readonly { attendeeId: string; activityGroupId: string }[];
  attendeeNames?: Readonly<Record<string, string>>;
}): { lineKey: number; message: string }[] {
  const trial = new Set(input.trialTicketIds);
  const had = new Set(input.taken.map((t) => `${t.attendeeId}|${t.activityGroupId}`));
  const problems: { lineKey: number; message: string }[] = [];
  for (const line of input.lines) {
    if (!trial.has(line.ticketId)) continue;
    const key = `${line.attendeeId}|${line.activityGroupId}`;
    if (had.has(key)) {
      const name = input.attendeeNames?.[line.attendeeId] ?? 'This child';
      problems.push({ lineKey: line.key, message: trialMessages.alreadyHadTrial(name) });
    } else if (line.sessionIds.length !== 1) {
      problems.push({ lineKey: line.key, message: trialMessages.oneSession });
    }
    had.add(key);
  }
  return problems;
}

/**
 * Whether the follow-up of a trial is due: its session has ended, and not so long ago that an
 * offer would surprise (a worker that was down for a month does not e-mail old trials).
 *
 * @example trialFollowUpDue(Date.parse('2026-01-10T10:00:00Z'), Date.parse('2026-01-10T11:00:00Z')) // true
 */
export function trialFollowUpDue(sessionEnd: number, now: number): boolean {
  return now >= sessionEnd && now - sessionEnd <= TRIAL_FOLLOW_UP_MAX_DAYS * 86_400_000;
}

/** One way to carry on after a trial, priced as the basket would price it today. */
export interface TrialOption {
  ticketId: string;
  ticketName: string;
  kind: 'term' | 'membership';
  /** What the basket charges now: the pro-rata term price, or a membership's first payment. */
  amount: number;
  /** Sessions the booking would give the child from today. */
  sessions: number;
  /** A term ticket priced pro rata: the full price and how many of how many sessions remain. */
  proRata: { fullPrice: number; remaining: number; total: number } | null;
  /** A membership: its monthly amount and first collection date. */
  subscription: { monthlyAmount: number; firstPaymentDate: string } | null;
}

/**
 * What a parent is offered after a trial: each enabled all-sessions ticket (the rest of the
 * term, pro rata when the organiser prices it so; the pricing engine's own `priceLine`, so the
 * offer is what checkout charges) and each membership ticket, term first. Trial tickets are
 * never offered; tickets with no session left are left out.
 *
 * @example trialOptions(group, { date: '2026-01-10', time: '12:00' }, 3)[0] // { kind: 'term', amount: 16000, ... }
 */
export function trialOptions(
  group: ActivityGroupRow,
  now: LocalNow,
  planLevel: number,
): TrialOption[] {
  const sortedSessions = sortSessions(group.sessions);
  const options: TrialOption[] = [];
  for (const ticket of group.tickets) {
    if (!ticket.enabled || ticket.trial || ticket.type === 'single') continue;
    const priced = priceLine(
      { attendeeId: '', activityGroupId: group._id, ticketId: ticket._id },
      0,
      group,
      { now, planLevel, sortedSessions },
    );
    if (!('line' in priced)) continue;
    const { line } = priced;
    options.push({
      ticketId: ticket._id,
      ticketName: ticket.name,
      kind: ticket.type === 'all' ? 'term' : 'membership',
      amount: line.ticketAmount,
      sessions: line.sessionIds.length,
      proRata: line.proRata,
      subscription: line.subscription,
    });
  }
  return options.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'term' ? -1 : 1));
}

/** A trial taken, and the first later booking of the same child on the same activity. */
export interface TrialRecord {
  attendeeId: string;
  activityGroupId: string;
  /** When the trial was booked (ISO instant). */
  bookedAt: string;
}

/**
 * Trial conversion: trials taken, how many of those children then booked the activity with a
 * non-trial ticket (a confirmed place booked after the trial), and the rate in whole percent
 * (null with no trials).
 *
 * @example trialConversion([{ attendeeId: 'a', activityGroupId: 'g', bookedAt: '2026-01-01T00:00:00Z' }], [{ attendeeId: 'a', activityGroupId: 'g', bookedAt: '2026-01-12T00:00:00Z' }]) // { taken: 1, converted: 1, rate: 100 }
 */
export function trialConversion(
  trials: readonly TrialRecord[],
  laterBookings: readonly TrialRecord[],
): { taken: number; converted: number; rate: number | null } {
  const firstTrial = new Map<string, string>();
  for (const t of trials) {
    const key = `${t.attendeeId}|${t.activityGroupId}`;
    const seen = firstTrial.get(key);
    if (!seen || t.bookedAt < seen) firstTrial.set(key, t.bookedAt);
  }
  let converted = 0;
  for (const [key, at] of firstTrial) {
    if (
      laterBookings.some((b) => `${b.attendeeId}|${b.activityGroupId}` === key && b.bookedAt > at)
    )
      converted += 1;
  }
  const taken = firstTrial.size;
  return { taken, converted, rate: taken === 0 ? null : Math.round((converted / taken) * 100) };
}
