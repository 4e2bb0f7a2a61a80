import { describe, expect, it } from 'vitest';
import { type FamilyQueueEntry, waitlistOfferPlan, waitlistSkipReason } from './family-waitlist.ts';
import { messages } from './messages.ts';
import { waitlistJoinView } from './waitlist.ts';

const at = (m: number) => `2031-01-01T10:${String(m).padStart(2, '0')}:00.000Z`;
const entry = (id: string, minute: number, familyId: string | null = null): FamilyQueueEntry => ({
  id,
  attendeeId: `child-${id}`,
  familyId,
  createdAt: at(minute),
});
// Queue: Zoe alone (10:00), then Ann and Ben together (10:01), then Cal alone (10:02).
const queue = [entry('cal', 2), entry('ben', 1, 'f1'), entry('zoe', 0), entry('ann', 1, 'f1')];
const nobodySkipped = () => null;

describe('waitlist offers for families', () => {
  it('offers in queue order, and siblings together when there are places for both', () => {
    const plan = waitlistOfferPlan({ entries: queue, placesFree: 3, skip: nobodySkipped });
    expect(plan.offer).toEqual(['zoe', 'ann', 'ben']);
    expect(plan.families).toEqual([['ann', 'ben']]);
    expect(plan.skipped).toEqual([]);
  });

  it('with fewer places than siblings the family gets what there is; nobody behind jumps it', () => {
    const plan = waitlistOfferPlan({ entries: queue, placesFree: 2, skip: nobodySkipped });
    expect(plan.offer).toEqual(['zoe', 'ann']);
    expect(plan.families).toEqual([['ann']]);
  });

  it('no places, no offers; no limit, everyone', () => {
    expect(waitlistOfferPlan({ entries: queue, placesFree: 0, skip: nobodySkipped }).offer).toEqual(
      [],
    );
    expect(
      waitlistOfferPlan({ entries: queue, placesFree: null, skip: nobodySkipped }).offer,
    ).toEqual(['zoe', 'ann', 'ben', 'cal']);
  });

  it('passes over a child no longer eligible and gives the place to the next in the queue', () => {
    const plan = waitlistOfferPlan({
      entries: queue,
      placesFree: 2,
      skip: (e) => (e.id === 'zoe' ? 'alreadyBooked' : e.id === 'ann' ? 'outsideAgeRange' : null),
    });
    expect(plan.offer).toEqual(['ben', 'cal']);
    expect(plan.skipped).toEqual([
      { id: 'zoe', reason: 'alreadyBooked' },
      { id: 'ann', reason: 'outsideAgeRange' },
    ]);
    expect(plan.families).toEqual([['ben']]);
  });
});

describe('waitlistSkipReason', () => {
  const base = {
    dateOfBirth: '2023-10-01',
    sessions: [{ date: '2031-09-08' }],
    ageRange: { minMonths: null, maxMonths: null },
    blockOutOfRange: true,
    alreadyBooked: false,
  };
  it('a child already booked is passed over', () => {
    expect(waitlistSkipReason({ ...base, alreadyBooked: true })).toBe('alreadyBooked');
  });
  it('a child outside the school years of an activity that blocks them is passed over', () => {
    // Born October 2023: Year 3 from September 2031.
    expect(waitlistSkipReason({ ...base, schoolYears: { min: 3, max: 4 } })).toBeNull();
    expect(waitlistSkipReason({ ...base, schoolYears: { min: 4, max: 6 } })).toBe(
      'outsideAgeRange',
    );
    expect(
      waitlistSkipReason({ ...base, schoolYears: { min: 4, max: 6 }, blockOutOfRange: false }),
    ).toBeNull();
  });
  it('a child outside the ages of an activity that blocks them is passed over', () => {
    expect(waitlistSkipReason({ ...base, ageRange: { minMonths: 120, maxMonths: null } })).toBe(
      'outsideAgeRange',
    );
  });
});

describe('waitlist join form: school years', () => {
  const input = (schoolYear: number, blockOutOfRange: boolean) =>
    waitlistJoinView({
      group: {
        waitlistType: 'AllSessions',
        schoolYears: { min: 3, max: 4 },
        blockOutOfRange,
        sessions: [
          { _id: 's1', date: '2031-09-08', startTime: '16:00', enabled: true, placesLeft: 0 },
        ],
      },
      attendees: [{ _id: 'a', ageMonths: 95, schoolYear }],
      bookedSessionIds: [],
      entries: [],
      now: { date: '2031-09-01', time: '12:00' },
    });
  it('blocks a child outside the school years with the spec message, as booking does', () => {
    expect(input(2, true)).toMatchObject({ error: messages.ageRangeBlocked, canJoin: false });
  });
  it('only notes it when the activity does not block', () => {
    expect(input(5, false)).toMatchObject({ notice: messages.ageRangeNotice, canJoin: true });
  });
  it('a child in the years joins without a notice', () => {
    expect(input(3, true)).toMatchObject({ notice: null, error: null, canJoin: true });
  });
});
