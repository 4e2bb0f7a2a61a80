/*
 * Waitlists for families (issue 16, docs/rules/family.md): brothers and sisters who joined a
 * waitlist together are offered places together, in queue order, and a child who can no longer
 * take the place (outside the activity's ages or school years, or booked already) is passed
 * over. Pure: the API loads the queue and the places free and carries out the offers.
 */
import { bookingAgeProblem } from './bookings.ts';
import type { SchoolYearRange } from './school-year.ts';

/** One Waiting entry of a queue (an activity's whole-term waitlist, or one session's). */
export interface FamilyQueueEntry {
  id: string;
  attendeeId: string;
  /** Shared by siblings who joined together; null for a child who joined alone. */
  familyId: string | null;
  /** When the entry joined (ISO instant): the queue's order, ties by id. */
  createdAt: string;
}

/** Why a child in the queue is passed over. */
export type WaitlistSkipReason = 'outsideAgeRange' | 'alreadyBooked';

export interface WaitlistOfferPlan {
  /** Entry ids to offer a place now, in queue order. */
  offer: string[];
  /** Children passed over, with why; their entries keep waiting. */
  skipped: { id: string; reason: WaitlistSkipReason }[];
  /** Families offered together: each list holds the entry ids of one family's offer. */
  families: string[][];
}

/**
 * Who is offered the `placesFree` places (null: no limit) of one queue. The queue is walked in
 * joining order; a child `skip` names a reason for is passed over. A child who joined with
 * brothers or sisters brings them along: when there are places for every eligible one of them
 * the family is offered together; when there are fewer, the family gets what there is, in
 * queue order, and the others keep their place at the front of the queue. Nobody behind a
 * family is offered a place before it.
 *
 * @example waitlistOfferPlan({ entries: [{ id: 'e1', attendeeId: 'a', familyId: 'f', createdAt: '2031-01-01T10:00:00Z' }, { id: 'e2', attendeeId: 'b', familyId: 'f', createdAt: '2031-01-01T10:00:00Z' }], placesFree: 2, skip: () => null }).offer // ['e1', 'e2']
 */
export function waitlistOfferPlan(input: {
  entries: readonly FamilyQueueEntry[];
  placesFree: number | null;
  skip: (entry: FamilyQueueEntry) => WaitlistSkipReason | null;
}): WaitlistOfferPlan {
  const queue = [...input.entries].sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : 1,
  );
  let left = input.placesFree ?? Number.POSITIVE_INFINITY;
  const offer: string[] = [];
  const skipped: WaitlistOfferPlan['skipped'] = [];
  const families: string[][] = [];
  const seen = new Set<string>();
  for (const entry of queue) {
    if (seen.has(entry.id)) continue;
    const members = entry.familyId
      ? queue.filter((e) => e.familyId === entry.familyId && !seen.has(e.id))
      : [entry];
    const eligible: FamilyQueueEntry[] = [];
    for (const m of members) {
      seen.add(m.id);
      const reason = input.skip(m);
      if (reason) skipped.push({ id: m.id, reason });
      else eligible.push(m);
    }
    if (left <= 0) continue;
    const taken = eligible.slice(0, left);
    left -= taken.length;
    offer.push(...taken.map((e) => e.id));
    if (entry.familyId && taken.length > 0) families.push(taken.map((e) => e.id));
  }
  return { offer, skipped, families };
}

/**
 * Whether a child waiting for an activity can still take a place: not when the activity blocks
 * children outside its ages or school years and this child is (`bookingAgeProblem`, the rule a
 * booking follows), nor when the child has the place already.
 *
 * @example waitlistSkipReason({ dateOfBirth: '2024-01-01', sessions: [{ date: '2031-07-01' }], ageRange: { minMonths: 120, maxMonths: null }, blockOutOfRange: true, alreadyBooked: false }) // 'outsideAgeRange'
 */
export function waitlistSkipReason(input: {
  dateOfBirth: string | null | undefined;
  sessions: readonly { date: string; enabled?: boolean }[];
  today?: string;
  ageRange: { minMonths?: number | null; maxMonths?: number | null };
  schoolYears?: SchoolYearRange | null;
  blockOutOfRange: boolean;
  alreadyBooked: boolean;
}): WaitlistSkipReason | null {
  if (input.alreadyBooked) return 'alreadyBooked';
  return bookingAgeProblem(input)?.blocked ? 'outsideAgeRange' : null;
}
