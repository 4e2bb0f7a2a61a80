import * as v from 'valibot';
import type { WaitlistRow } from './availability.ts';
import { addDays, weekdayOf } from './dates.ts';
import { messages } from './messages.ts';
import { offerDeadline } from './offer-deadline.ts';
import { copyActivityGroupSchema } from './schemas/activity-group-copy.ts';
import { placeHeldBasketSchema } from './schemas/basket.ts';

/*
 * Re-enrolment (term rollover, docs/rules/re-enrolment.md): every child with a place this term is
 * offered the same place on next term's copy for a priority window. While the offer is open the
 * place is kept for them (it counts like a waitlist offer); at the end of the window untaken
 * offers lapse and the places go on sale.
 */

export type ReEnrolmentStatus = 'offered' | 'accepted' | 'declined' | 'lapsed';

/** The organiser's priority window, in whole days. */
export const RE_ENROLMENT_WINDOW_DAYS = { min: 1, max: 30, default: 7 } as const;

export const reEnrolmentMessages = {
  windowDays: `Choose a window of ${RE_ENROLMENT_WINDOW_DAYS.min} to ${RE_ENROLMENT_WINDOW_DAYS.max} days.`,
  alreadyAccepted: "This place is already confirmed: it is in the parent's bookings.",
  alreadyDeclined: 'This place was declined, so it has gone on sale.',
  lapsed: 'The priority window has ended, so this place has gone on sale.',
  linkInvalid: 'This re-enrolment link is not valid. Ask the organiser for a new one.',
  nobodyBooked: 'Nobody is booked on this activity, so there is nobody to re-enrol.',
  alreadyRolledOver: 'Re-enrolment from this activity is already open.',
} as const;

/**
 * Opening re-enrolment: the copy's first session date and name (the duplicate dialog's own
 * fields) and the priority window in days.
 *
 * @example v.parse(openReEnrolmentSchema, { startDate: '2027-01-09', name: 'Football spring', windowDays: 7 })
 */
const windowDaysSchema = v.pipe(
  v.number(reEnrolmentMessages.windowDays),
  v.integer(reEnrolmentMessages.windowDays),
  v.minValue(RE_ENROLMENT_WINDOW_DAYS.min, reEnrolmentMessages.windowDays),
  v.maxValue(RE_ENROLMENT_WINDOW_DAYS.max, reEnrolmentMessages.windowDays),
);

export const openReEnrolmentSchema = v.strictObject({
  ...copyActivityGroupSchema.entries,
  windowDays: windowDaysSchema,
});
export type OpenReEnrolmentInput = v.InferOutput<typeof openReEnrolmentSchema>;

/** The API's request: the activity to roll over, and the fields above. */
export const openReEnrolmentRequestSchema = v.strictObject({
  activityGroup: v.pipe(
    v.string(messages.required),
    v.minLength(1, messages.required),
    v.maxLength(100),
  ),
  ...openReEnrolmentSchema.entries,
});

/** How many activities one batch rollover may take (the dashboard sends more in several). */
export const RE_ENROLMENT_BATCH_MAX = 50;

export const reEnrolmentBatchMessages = {
  size: `Choose 1 to ${RE_ENROLMENT_BATCH_MAX} activities to roll over.`,
  twice: 'Each activity can be rolled over only once at a time.',
  notFound: 'This activity was not found.',
} as const;

/**
 * Rolling several activities over at once: each activity's own first session date and name, one
 * priority window for all. Each activity is opened on its own (all or nothing for it), exactly
 * as the single rollover opens it.
 *
 * @example v.parse(openReEnrolmentBatchSchema, { windowDays: 7, activities: [{ activityGroup: 'g1', startDate: '2027-01-09', name: 'Football Spring 2027' }] })
 */
export const openReEnrolmentBatchSchema = v.strictObject({
  windowDays: windowDaysSchema,
  activities: v.pipe(
    v.array(
      v.strictObject({
        activityGroup: openReEnrolmentRequestSchema.entries.activityGroup,
        ...copyActivityGroupSchema.entries,
      }),
      reEnrolmentBatchMessages.size,
    ),
    v.minLength(1, reEnrolmentBatchMessages.size),
    v.maxLength(RE_ENROLMENT_BATCH_MAX, reEnrolmentBatchMessages.size),
    v.check(
      (items) => new Set(items.map((i) => i.activityGroup)).size === items.length,
      reEnrolmentBatchMessages.twice,
    ),
  ),
});
export type OpenReEnrolmentBatchInput = v.InferOutput<typeof openReEnrolmentBatchSchema>;

type Term = 'Spring' | 'Summer' | 'Autumn';
const TERM_WORDS = /\b(Spring|Summer|Autumn|Fall)\b(\s+term)?(\s+\d{4}(?:\/\d{2,4})?)?/i;

/**
 * The UK school term a first session starts: Spring from January, Summer from April, Autumn from
 * August; a December start is the coming Spring term (after the Christmas break).
 *
 * @example termOf('2026-12-19') // { term: 'Spring', year: '2027' }
 */
export const termOf = (date: string): { term: Term; year: string } => {
  const month = Number(date.slice(5, 7));
  const year = Number(date.slice(0, 4));
  if (month === 12) return { term: 'Spring', year: String(year + 1) };
  return { term: month <= 3 ? 'Spring' : month <= 7 ? 'Summer' : 'Autumn', year: String(year) };
};

/**
 * What the rollover dialog suggests for an activity's copy: the first session on the weekday of
 * its first session, in the week after its last session; and the name with the term the new date
 * falls in, replacing a term already in it ("Football Autumn 2026" → "Football Spring 2027") or
 * added after it ("Football" → "Football Spring 2027"). The organiser can change both. An
 * activity without sessions gets no date.
 *
 * @example suggestNextTerm('Football Autumn 2026', ['2026-09-05', '2026-12-12']) // { startDate: '2026-12-19', name: 'Football Spring 2027' }
 */
export function suggestNextTerm(
  name: string,
  sessionDates: readonly string[],
): { startDate: string; name: string } {
  if (!sessionDates.length) return { startDate: '', name: nameForTerm(name, '') };
  const sorted = [...sessionDates].sort();
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const weekday = weekdayOf(first);
  let date = addDays(last, 1);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return { startDate: date, name: nameForTerm(name, date) };
}

/**
 * The copy's name for a first session date: the term and year of the date in place of the term
 * in the name, or after the name; with no date, the name with " (next term)".
 *
 * @example nameForTerm('Swimming Summer term 2026', '2026-09-07') // 'Swimming Autumn term 2026'
 */
export function nameForTerm(name: string, startDate: string): string {
  const trimmed = name.trim();
  if (!startDate) return `${trimmed} (next term)`;
  const { term, year } = termOf(startDate);
  const match = trimmed.match(TERM_WORDS);
  if (!match) return `${trimmed} ${term} ${year}`;
  // The same term again ("Spring Term" for a January start) gains the year, so the copy's name
  // differs from the activity's.
  const sameTerm = match[1]!.toLowerCase() === term.toLowerCase() && !match[3];
  const replacement = `${term}${match[2] ?? ''}${match[3] || sameTerm ? ` ${year}` : ''}`;
  return trimmed.replace(TERM_WORDS, replacement);
}

/** Accepting an offer: the payment method, as the checkout's payment step sends it. */
export const acceptReEnrolmentSchema = placeHeldBasketSchema;

/**
 * When the priority window ends: `days` whole days after it opens, moved out of the night on the
 * organiser's clock like every offer (engine `offerDeadline`, docs/rules/messages.md).
 *
 * @example reEnrolmentWindowEnd(Date.parse('2027-01-01T09:00:00Z'), 7, 'Europe/London') // '2027-01-08T09:00:00.000Z'
 */
export const reEnrolmentWindowEnd = (now: number, days: number, timeZone: string): string =>
  new Date(offerDeadline(now, now + days * 86_400_000, timeZone)).toISOString();

/**
 * Which ticket of the copy is "the same place": the ticket at the same position with the same
 * name and type (the copy keeps the order), else the first with the same name and type. A ticket
 * with no match (removed from the copy) offers nothing.
 *
 * @example matchTickets([{ _id: 'a', name: 'Term', type: 'all' }], [{ _id: 'b', name: 'Term', type: 'all' }]) // { a: 'b' }
 */
export function matchTickets(
  source: readonly { _id: string; name: string; type: string }[],
  target: readonly { _id: string; name: string; type: string; enabled?: boolean }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const usable = (t: (typeof target)[number]) => t.enabled !== false;
  source.forEach((s, i) => {
    const same = (t: (typeof target)[number]) => t.name === s.name && t.type === s.type;
    const atIndex = target[i];
    const match =
      atIndex && same(atIndex) && usable(atIndex)
        ? atIndex
        : target.find((t) => same(t) && usable(t));
    if (match) out[s._id] = match._id;
  });
  return out;
}

/** A place on the source activity, as loaded for the offers. */
export interface SourcePlace {
  userId: string;
  attendeeId: string;
  ticketId: string;
  status: string;
}

/**
 * The offers to make: one per child with a confirmed place on the source (a held, cancelled or
 * expired place is not a place this term), for the ticket they hold most places with (ties: the
 * ticket listed first), mapped to the copy's ticket. A child whose ticket has no match is left out.
 *
 * @example reEnrolmentOffers([{ userId: 'u1', attendeeId: 'c1', ticketId: 'a', status: 'confirmed' }], { a: 'b' }) // [{ userId: 'u1', attendeeId: 'c1', ticketId: 'b' }]
 */
export function reEnrolmentOffers(
  places: readonly SourcePlace[],
  ticketMap: Readonly<Record<string, string>>,
): { userId: string; attendeeId: string; ticketId: string }[] {
  const order = Object.keys(ticketMap);
  const byChild = new Map<string, { userId: string; counts: Map<string, number> }>();
  for (const p of places) {
    if (p.status !== 'confirmed') continue;
    const child = byChild.get(p.attendeeId) ?? { userId: p.userId, counts: new Map() };
    child.counts.set(p.ticketId, (child.counts.get(p.ticketId) ?? 0) + 1);
    byChild.set(p.attendeeId, child);
  }
  const out: { userId: string; attendeeId: string; ticketId: string }[] = [];
  for (const [attendeeId, { userId, counts }] of byChild) {
    const best = [...counts]
      .filter(([t]) => ticketMap[t])
      .sort((a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]))[0];
    if (best) out.push({ userId, attendeeId, ticketId: ticketMap[best[0]]! });
  }
  return out;
}

/** An offer as stored. */
export interface ReEnrolmentOfferRow {
  attendeeId: string;
  ticketId: string;
  status: ReEnrolmentStatus;
  /** When the priority window ends (ISO instant). */
  windowEndsAt: string;
}

/**
 * An offer's state now: an offer still waiting after its window has lapsed, even before the job
 * that records it has run (like a hold, it stops keeping the place at once).
 *
 * @example reEnrolmentState({ status: 'offered', windowEndsAt: '2027-01-08T09:00:00Z' }, Date.parse('2027-01-09')) // 'lapsed'
 */
export const reEnrolmentState = (
  offer: Pick<ReEnrolmentOfferRow, 'status' | 'windowEndsAt'>,
  now: number,
): ReEnrolmentStatus =>
  offer.status === 'offered' && Date.parse(offer.windowEndsAt) <= now ? 'lapsed' : offer.status;

/**
 * The places the open offers keep, as waitlist offers for `sessionAvailability`: one per session
 * the offered ticket books (all of the copy's sessions, or the ticket's own when it is
 * restricted), for the offered child (so their own offer never stands against them), running out
 * at the end of the window. Accepted, declined and lapsed offers keep nothing.
 *
 * @example reEnrolmentKeeps([{ attendeeId: 'c1', ticketId: 't1', status: 'offered', windowEndsAt }], { sessions: [{ _id: 's1' }], tickets: [{ _id: 't1' }] }, now) // [{ attendeeId: 'c1', activityId: 's1', status: 'Ready', offerExpiresAt: windowEndsAt }]
 */
export function reEnrolmentKeeps(
  offers: readonly ReEnrolmentOfferRow[],
  group: OfferedGroup<{ _id: string }>,
  now: number,
): WaitlistRow[] {
  const out: WaitlistRow[] = [];
  for (const offer of offers) {
    if (reEnrolmentState(offer, now) !== 'offered') continue;
    for (const s of sessionsKeptFor(group, offer.ticketId))
      out.push({
        attendeeId: offer.attendeeId,
        activityId: s._id,
        status: 'Ready',
        offerExpiresAt: offer.windowEndsAt,
      });
  }
  return out;
}

interface OfferedGroup<S extends { _id: string }> {
  sessions: readonly S[];
  tickets: readonly {
    _id: string;
    restrictSessions?: boolean | null;
    sessionsCanBeUsedFor?: readonly string[] | null;
  }[];
}

/** The sessions an offer of `ticketId` keeps: all of the copy's, or the ticket's own. */
function sessionsKeptFor<S extends { _id: string }>(group: OfferedGroup<S>, ticketId: string): S[] {
  const ticket = group.tickets.find((t) => t._id === ticketId);
  if (!ticket) return [];
  const allowed = ticket.restrictSessions ? new Set(ticket.sessionsCanBeUsedFor ?? []) : null;
  return group.sessions.filter((s) => !allowed || allowed.has(s._id));
}

/**
 * The offers the copy has room for. An offer keeps a place on every session its ticket books, so
 * it is made only while each of those sessions still has a place, taking the children in the
 * order they were first booked this term; the rest are not offered (a parent is never told a
 * place is kept that the session does not have). A session with no limit always has room.
 *
 * @example offersThatFit([{ ticketId: 't' }, { ticketId: 't' }], { sessions: [{ _id: 's', placeLimit: 1 }], tickets: [{ _id: 't' }] }) // { fit: [first], noRoom: [second] }
 */
export function offersThatFit<T extends { ticketId: string }>(
  offers: readonly T[],
  group: OfferedGroup<{ _id: string; placeLimit: number | null }>,
): { fit: T[]; noRoom: T[] } {
  const kept = new Map<string, number>();
  const fit: T[] = [];
  const noRoom: T[] = [];
  for (const offer of offers) {
    const sessions = sessionsKeptFor(group, offer.ticketId);
    const room = sessions.every(
      (s) => s.placeLimit === null || (kept.get(s._id) ?? 0) < s.placeLimit,
    );
    if (!room) {
      noRoom.push(offer);
      continue;
    }
    for (const s of sessions) kept.set(s._id, (kept.get(s._id) ?? 0) + 1);
    fit.push(offer);
  }
  return { fit, noRoom };
}

/**
 * Why a parent cannot answer an offer now, or null when they can: it is answered already, or
 * its window has ended.
 *
 * @example reEnrolmentAnswerProblem({ status: 'declined', windowEndsAt }, now) // reEnrolmentMessages.alreadyDeclined
 */
export function reEnrolmentAnswerProblem(
  offer: Pick<ReEnrolmentOfferRow, 'status' | 'windowEndsAt'>,
  now: number,
): string | null {
  switch (reEnrolmentState(offer, now)) {
    case 'accepted':
      return reEnrolmentMessages.alreadyAccepted;
    case 'declined':
      return reEnrolmentMessages.alreadyDeclined;
    case 'lapsed':
      return reEnrolmentMessages.lapsed;
    default:
      return null;
  }
}

export interface ReEnrolmentFunnel {
  /** Every child offered a place. */
  offered: number;
  /** Still waiting for an answer, window open. */
  waiting: number;
  accepted: number;
  declined: number;
  lapsed: number;
}

/**
 * The organiser's funnel: how many were offered, and how many of them accepted, declined, let
 * the window lapse or have not answered yet.
 *
 * @example reEnrolmentFunnel([{ status: 'accepted', windowEndsAt }], now) // { offered: 1, waiting: 0, accepted: 1, declined: 0, lapsed: 0 }
 */
export function reEnrolmentFunnel(
  offers: readonly Pick<ReEnrolmentOfferRow, 'status' | 'windowEndsAt'>[],
  now: number,
): ReEnrolmentFunnel {
  const funnel: ReEnrolmentFunnel = {
    offered: offers.length,
    waiting: 0,
    accepted: 0,
    declined: 0,
    lapsed: 0,
  };
  for (const o of offers) {
    const state = reEnrolmentState(o, now);
    if (state === 'offered') funnel.waiting += 1;
    else funnel[state] += 1;
  }
  return funnel;
}
