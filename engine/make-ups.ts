import * as v from 'valibot';
import { id, LIMITS } from './schemas/common.ts';

/*
 * Absences and make-up credits (issue 16, docs/rules/make-ups.md). A parent tells the organiser
 * ahead of time that a child will miss a session; the place goes back on sale (or to the
 * waitlist), and under the organiser's rule the absence earns the child a make-up credit: one
 * free place in another session with room. Everything here is pure: the caller passes `now`
 * and the session's start as instants (zonedToInstant) and the counts it read.
 */

/** Where a credit may be spent: the activity it was earned in, any activity, or a chosen list. */
export const MAKE_UP_SPEND_ON = ['same', 'any', 'listed'] as const;
export type MakeUpSpendOn = (typeof MAKE_UP_SPEND_ON)[number];

/** The organiser's make-up rule. */
export interface MakeUpRule {
  /** Whether reported absences earn credits at all (absences can be reported either way). */
  enabled: boolean;
  /** An absence earns a credit only when reported at least this many hours before the session. */
  noticeHours: number;
  /** Credits a child may earn per term: per activity (one activity is one term's course). */
  perTerm: number;
  /** A credit lasts this many days after the session that was missed. */
  expiryDays: number;
  spendOn: MakeUpSpendOn;
  /** The activities a credit may be spent on when `spendOn` is 'listed'. */
  activityGroupIds: readonly string[];
}

/** An organiser who has not set a rule: absences are recorded, no credits are earned. */
export const DEFAULT_MAKE_UP_RULE: MakeUpRule = {
  enabled: false,
  noticeHours: 24,
  perTerm: 2,
  expiryDays: 60,
  spendOn: 'same',
  activityGroupIds: [],
};

/** Bounds of the rule's numbers. */
export const MAKE_UP_LIMITS = { noticeHours: 336, perTerm: 52, expiryDays: 365 } as const;

/** Texts of absences and make-ups (ours: the spec names none). */
export const makeUpMessages = {
  sessionStarted: 'This session has started, so an absence can no longer be reported.', // (ours)
  alreadyReported: 'An absence has already been reported for this place.', // (ours)
  notReportable: 'Only a booked place on a session still to come can be reported absent.', // (ours)
  creditEarned: 'This absence earns a make-up credit.', // (ours)
  noCreditRule: 'This organiser does not give make-up credits.', // (ours)
  noCreditMakeUp: 'A make-up place does not earn another make-up credit.', // (ours)
  noCreditNotice: (hours: number) =>
    `Absences reported less than ${hours} ${hours === 1 ? 'hour' : 'hours'} before the session do not earn a make-up credit.`, // (ours)
  noCreditCap: (perTerm: number) =>
    `The ${perTerm} ${perTerm === 1 ? 'make-up' : 'make-ups'} allowed for this activity this term ${perTerm === 1 ? 'has' : 'have'} been earned.`, // (ours)
  creditUsed: 'This make-up credit has already been used.', // (ours)
  creditExpired: 'This make-up credit has expired.', // (ours)
  afterExpiry: 'This session is after the make-up credit expires.', // (ours)
  notAllowedActivity: 'This make-up credit cannot be spent on this activity.', // (ours)
  targetStarted: 'This session has already started.', // (ours)
  alreadyBooked: 'This child already has a place on this session.', // (ours)
  full: 'This session is full.', // (ours)
  listRequired: 'Choose at least one activity.', // (ours)
} as const;

const wholeNumber = (max: number, label: string) =>
  v.pipe(
    v.number(`${label} must be a whole number`), // (ours)
    v.integer(`${label} must be a whole number`), // (ours)
    v.minValue(0, `${label} cannot be negative`), // (ours)
    v.maxValue(max, `${label} can be at most ${max}`), // (ours)
  );

/**
 * The make-up rule as the Settings form and `PUT /api/make-up-rule` send it.
 *
 * @example v.parse(makeUpRuleSchema, { enabled: true, noticeHours: 24, perTerm: 2, expiryDays: 60, spendOn: 'same', activityGroupIds: [] })
 */
export const makeUpRuleSchema = v.pipe(
  v.strictObject({
    enabled: v.boolean(),
    noticeHours: wholeNumber(MAKE_UP_LIMITS.noticeHours, 'Notice'),
    perTerm: wholeNumber(MAKE_UP_LIMITS.perTerm, 'Make-ups per term'),
    expiryDays: v.pipe(
      wholeNumber(MAKE_UP_LIMITS.expiryDays, 'Expiry'),
      v.minValue(1, 'Expiry must be at least 1 day'), // (ours)
    ),
    spendOn: v.picklist(MAKE_UP_SPEND_ON, 'Choose where a make-up may be spent'), // (ours)
    activityGroupIds: v.pipe(v.array(id), v.maxLength(LIMITS.list)),
  }),
  v.forward(
    v.check(
      (rule) => rule.spendOn !== 'listed' || rule.activityGroupIds.length > 0,
      makeUpMessages.listRequired,
    ),
    ['activityGroupIds'],
  ),
);

/** Reporting an absence: the place, by its id. */
export const reportAbsenceSchema = v.strictObject({ place: id });

/** Spending a credit: the credit (the absence's id) and the session to go to. */
export const spendMakeUpSchema = v.strictObject({ credit: id, session: id });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type AbsenceOutcome =
  | { ok: false; message: string }
  | { ok: true; credit: true; expiresAt: string; note: string }
  | { ok: true; credit: false; expiresAt: null; note: string };

/**
 * What reporting an absence now would do. It can be reported until the session starts (the
 * register and the waitlist gain either way); it earns a make-up credit when make-ups are on, it
 * comes at least `noticeHours` before the session, and the child has earned fewer than
 * `perTerm` credits in this activity (a make-up place earns none). The credit expires `expiryDays` after the missed session.
 *
 * @example absenceOutcome({ rule, now, sessionStart, earnedThisTerm: 0 }) // { ok: true, credit: true, expiresAt: '…', note: 'This absence earns a make-up credit.' }
 */
export function absenceOutcome(input: {
  rule: MakeUpRule;
  now: number;
  sessionStart: number;
  earnedThisTerm: number;
  /** The place was itself booked with a make-up credit: it earns no second one. */
  fromMakeUp?: boolean;
}): AbsenceOutcome {
  const { rule, now, sessionStart } = input;
  if (now >= sessionStart) return { ok: false, message: makeUpMessages.sessionStarted };
  const noCredit = (note: string): AbsenceOutcome => ({
    ok: true,
    credit: false,
    expiresAt: null,
    note,
  });
  if (!rule.enabled) return noCredit(makeUpMessages.noCreditRule);
  if (input.fromMakeUp) return noCredit(makeUpMessages.noCreditMakeUp);
  if (sessionStart - now < rule.noticeHours * HOUR_MS)
    return noCredit(makeUpMessages.noCreditNotice(rule.noticeHours));
  if (input.earnedThisTerm >= rule.perTerm)
    return noCredit(makeUpMessages.noCreditCap(rule.perTerm));
  return {
    ok: true,
    credit: true,
    expiresAt: new Date(sessionStart + rule.expiryDays * DAY_MS).toISOString(),
    note: makeUpMessages.creditEarned,
  };
}

/**
 * Whether a credit earned in `fromGroup` may be spent on a session of `toGroup`.
 *
 * @example makeUpAllowedIn({ ...rule, spendOn: 'same' }, 'g1', 'g2') // false
 */
export function makeUpAllowedIn(rule: MakeUpRule, fromGroup: string, toGroup: string): boolean {
  if (rule.spendOn === 'any') return true;
  if (rule.spendOn === 'listed') return rule.activityGroupIds.includes(toGroup);
  return fromGroup === toGroup;
}

/** A make-up credit as the rules need it. */
export interface MakeUpCredit {
  activityGroupId: string;
  /** ISO instant. */
  expiresAt: string;
  usedAt: string | null;
}

/** Whether a credit can still be spent at `now`. @example creditUsable(credit, Date.now()) */
export const creditUsable = (credit: MakeUpCredit, now: number) =>
  credit.usedAt === null && Date.parse(credit.expiresAt) > now;

/**
 * Why spending a credit on a session is refused, or null when it may be: the credit is unused
 * and unexpired, the session is still to come and starts before the credit expires, the rule
 * lets the credit be spent on the session's activity, the child has no place on it yet, and it
 * has room by the one availability rule (`placesLeft` from `sessionAvailability`; null: no limit).
 *
 * @example makeUpSpendRefusal({ rule, credit, now, target: { activityGroupId: 'g1', start, placesLeft: 0, alreadyBooked: false } }) // 'This session is full.'
 */
export function makeUpSpendRefusal(input: {
  rule: MakeUpRule;
  credit: MakeUpCredit;
  now: number;
  target: {
    activityGroupId: string;
    start: number;
    placesLeft: number | null;
    alreadyBooked: boolean;
  };
}): string | null {
  const { rule, credit, now, target } = input;
  if (credit.usedAt !== null) return makeUpMessages.creditUsed;
  if (Date.parse(credit.expiresAt) <= now) return makeUpMessages.creditExpired;
  if (target.start <= now) return makeUpMessages.targetStarted;
  if (target.start > Date.parse(credit.expiresAt)) return makeUpMessages.afterExpiry;
  if (!makeUpAllowedIn(rule, credit.activityGroupId, target.activityGroupId))
    return makeUpMessages.notAllowedActivity;
  if (target.alreadyBooked) return makeUpMessages.alreadyBooked;
  if (target.placesLeft !== null && target.placesLeft <= 0) return makeUpMessages.full;
  return null;
}

/**
 * The ticket a make-up place is booked on: the session's single-session ticket when it has one
 * (so a ticket's own limit counts it as a one-off place), else its first ticket.
 *
 * @example makeUpTicket([{ _id: 't1', type: 'all' }, { _id: 't2', type: 'single' }]) // 't2'
 */
export function makeUpTicket(
  tickets: readonly { _id: string; type: 'all' | 'single' | 'subscription' }[],
): string | null {
  return (tickets.find((t) => t.type === 'single') ?? tickets[0])?._id ?? null;
}
