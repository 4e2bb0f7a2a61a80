import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  WAITLIST_STATUSES,
  type WaitlistJoinInput,
  waitlistJoinView,
  waitlistTransitionError,
} from './waitlist.ts';

const sessions = [
  { _id: 's0', date: '2025-01-06', startTime: '15:30', enabled: true },
  { _id: 's1', date: '2025-01-13', startTime: '15:30', enabled: true },
  { _id: 's2', date: '2025-01-20', startTime: '15:30', enabled: true },
];
const input = (over: Partial<WaitlistJoinInput> = {}): WaitlistJoinInput => ({
  group: { waitlistType: 'SingleSession', sessions, minAgeMonths: 48, maxAgeMonths: 96 },
  attendees: [{ _id: 'a', ageMonths: 60 }],
  bookedSessionIds: [],
  entries: [],
  now: { date: '2025-01-10', time: '12:00' },
  ...over,
});

describe('waitlist join form', () => {
  it('offers upcoming sessions with badges for booked and joined ones', () => {
    const view = waitlistJoinView(
      input({ bookedSessionIds: ['s1'], entries: [{ activityId: 's2', status: 'Cancelled' }] }),
    );
    expect(view.sessions).toEqual([
      { _id: 's1', disabled: true, badge: messages.badgeAlreadyBooked },
      { _id: 's2', disabled: false, badge: null },
    ]);
    expect(view.canJoin).toBe(true);
  });

  it.each<[string, Partial<WaitlistJoinInput>, string]>([
    ['no attendees', { attendees: [] }, messages.userHasNoAttendees],
    [
      'every session joined or booked',
      { bookedSessionIds: ['s1'], entries: [{ activityId: 's2', status: 'Waiting' }] },
      messages.joinedEveryWaitlist,
    ],
    [
      'no upcoming sessions',
      { now: { date: '2025-02-01', time: '00:00' } },
      messages.noSessionsToJoin,
    ],
    [
      'already on the all-sessions waitlist',
      {
        group: { waitlistType: 'AllSessions', sessions },
        entries: [{ activityId: null, status: 'Ready' }],
      },
      messages.alreadyOnWaitlist,
    ],
    [
      'outside the age range and blocked',
      {
        group: { waitlistType: 'SingleSession', sessions, minAgeMonths: 72, blockOutOfRange: true },
      },
      messages.ageRangeBlocked,
    ],
  ])('%s', (_, over, error) => {
    expect(waitlistJoinView(input(over)).error).toBe(error);
  });

  it('shows the age notice without blocking when the activity allows it', () => {
    const view = waitlistJoinView(
      input({ group: { waitlistType: 'SingleSession', sessions, minAgeMonths: 72 } }),
    );
    expect(view.notice).toBe(messages.ageRangeNotice);
    expect(view.canJoin).toBe(true);
  });
});

describe('waitlist statuses', () => {
  it.each([
    ['Waiting', 'Pending', true],
    ['Pending', 'Ready', true],
    ['Ready', 'Used', true],
    ['Ready', 'Expired', true],
    ['Waiting', 'Cancelled', true],
    ['Used', 'Archived', true],
    ['Waiting', 'Used', false],
    ['Archived', 'Waiting', false],
    ['Expired', 'Ready', false],
  ] as const)('%s → %s allowed: %s', (from, to, ok) => {
    expect(waitlistTransitionError(from, to)).toBe(
      ok ? null : messages.waitlistTransitionNotAllowed(from, to),
    );
  });
  it('Archived is final and every status is defined', () => {
    expect(
      WAITLIST_STATUSES.filter((s) => s !== 'Archived').every(
        (s) => waitlistTransitionError(s, 'Archived') === null,
      ),
    ).toBe(true);
  });
});
