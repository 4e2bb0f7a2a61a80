import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  offerExpiresAt,
  WAITLIST_STATUSES,
  type WaitlistJoinInput,
  waitlistJoinRefusal,
  waitlistJoinView,
  waitlistMoveSteps,
  waitlistTransitionError,
} from './waitlist.ts';

// Every session is full unless a test says otherwise: only full sessions can be waitlisted.
const sessions = [
  { _id: 's0', date: '2025-01-06', startTime: '15:30', enabled: true, placesLeft: 0 },
  { _id: 's1', date: '2025-01-13', startTime: '15:30', enabled: true, placesLeft: 0 },
  { _id: 's2', date: '2025-01-20', startTime: '15:30', enabled: true, placesLeft: 0 },
];
const withPlaces = (left: Record<string, number | null>) =>
  sessions.map((s) => (s._id in left ? { ...s, placesLeft: left[s._id] } : s));
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
      { _id: 's1', disabled: true, badge: messages.badgeAlreadyBooked, reason: 'booked' },
      { _id: 's2', disabled: false, badge: messages.badgeFull, reason: null },
    ]);
    expect(view.canJoin).toBe(true);
    expect(view.note).toBeNull();
  });

  it('offers only full sessions, and says why the others are not offered', () => {
    const view = waitlistJoinView(
      input({ group: { waitlistType: 'SingleSession', sessions: withPlaces({ s1: 20 }) } }),
    );
    expect(view.sessions).toEqual([
      { _id: 's1', disabled: true, badge: '20 places left', reason: 'hasPlaces' },
      { _id: 's2', disabled: false, badge: messages.badgeFull, reason: null },
    ]);
    expect(view.note).toBe(messages.waitlistOnlyFull);
    expect(view.canJoin).toBe(true);
  });

  it('has nothing to join when every session has places, limited or not', () => {
    const view = waitlistJoinView(
      input({
        group: { waitlistType: 'SingleSession', sessions: withPlaces({ s1: 20, s2: null }) },
      }),
    );
    expect(view.sessions.map((s) => [s.disabled, s.badge])).toEqual([
      [true, '20 places left'],
      [true, 'Places available'],
    ]);
    expect(view.error).toBe('No sessions available to join.');
    expect(view.note).toBe(messages.waitlistOnlyFull);
    expect(view.canJoin).toBe(false);
  });

  it('joins an all-sessions waitlist only while a session the attendee needs is full', () => {
    const all = (left: Record<string, number | null>, bookedSessionIds: string[] = []) =>
      waitlistJoinView(
        input({
          group: { waitlistType: 'AllSessions', sessions: withPlaces(left) },
          bookedSessionIds,
        }),
      );
    expect(all({ s1: 20 }).canJoin).toBe(true);
    expect(all({ s1: 20 }).note).toBeNull();
    expect(all({ s1: 20 }).sessions.map((s) => s.badge)).toEqual(['20 places left', 'Full']);
    expect(all({ s1: 3, s2: 1 }).error).toBe(messages.noSessionsToJoin);
    expect(all({ s1: 3, s2: 1 }).note).toBe(messages.waitlistOnlyFull);
    expect(all({ s1: 3, s2: 1 }).canJoin).toBe(false);
    // The only full session is one the attendee already has a place in.
    expect(all({ s1: 3 }, ['s2']).canJoin).toBe(false);
  });

  it('refuses a request for a session with places left, naming it', () => {
    const view = waitlistJoinView(
      input({ group: { waitlistType: 'SingleSession', sessions: withPlaces({ s1: 20 }) } }),
    );
    const label = (id: string) => (id === 's1' ? 'Mon 13/01/2025 3.30pm–4.30pm' : id);
    expect(waitlistJoinRefusal(view, ['s2'], label)).toBeNull();
    expect(waitlistJoinRefusal(view, ['s2', 's1'], label)).toBe(
      'Mon 13/01/2025 3.30pm–4.30pm still has places left, so it has no waitlist. Please book it instead.',
    );
    expect(waitlistJoinRefusal(view, ['s0'], label)).toBe(messages.sessionUnavailable);
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

describe('waitlist offers', () => {
  it('offers from Waiting through Pending, and refuses moves the transitions do not allow', () => {
    expect(waitlistMoveSteps('Waiting', 'Ready')).toEqual({
      steps: ['Pending', 'Ready'],
      error: null,
    });
    expect(waitlistMoveSteps('Ready', 'Expired')).toEqual({ steps: ['Expired'], error: null });
    expect(waitlistMoveSteps('Used', 'Ready').error).toBe(
      'A waitlist entry cannot move from Used to Ready.',
    );
    expect(waitlistMoveSteps('Waiting', 'Used').error).toBe(
      'A waitlist entry cannot move from Waiting to Used.',
    );
  });

  it('keeps an offer 48 hours by default, 1 to 168 hours when asked', () => {
    const now = Date.parse('2031-01-01T00:00:00Z');
    expect(offerExpiresAt(now).expiresAt).toBe('2031-01-03T00:00:00.000Z');
    expect(offerExpiresAt(now, 1).expiresAt).toBe('2031-01-01T01:00:00.000Z');
    expect(offerExpiresAt(now, 168).error).toBeNull();
    for (const bad of [0, 169, 1.5])
      expect(offerExpiresAt(now, bad)).toEqual({
        expiresAt: null,
        error: 'An offer must last between 1 and 168 hours.',
      });
  });
});
