import { describe, expect, it } from 'vitest';
import {
  adminBookingWarnings,
  ageInMonths,
  isOutsideAgeRange,
  offersBySession,
  type PlaceRow,
  sessionAvailability,
  ticketFullSessions,
  type WaitlistRow,
} from './availability.ts';
import { messages } from './messages.ts';
import type { ActivityGroupRow } from './pricing/types.ts';

const now = Date.parse('2025-01-10T12:00:00Z');
const place = (
  status: PlaceRow['status'],
  ticketId = 't1',
  holdExpiresAt: string | null = null,
): PlaceRow => ({ activityId: 's1', ticketId, status, holdExpiresAt });

describe('places left', () => {
  it.each<[string, number | null, number | null, PlaceRow[], WaitlistRow[], number | null]>([
    ['unlimited', null, null, [place('confirmed')], [], null],
    ['confirmed places count', 5, null, [place('confirmed'), place('confirmed')], [], 3],
    [
      'unexpired holds count, expired and cancelled do not',
      5,
      null,
      [
        place('held', 't1', '2025-01-10T12:05:00Z'),
        place('held', 't1', '2025-01-10T11:59:00Z'),
        place('cancelled'),
      ],
      [],
      4,
    ],
    ['the ticket limit caps it', 5, 1, [place('confirmed', 't1')], [], 0],
    [
      'a counted row stands for that many places; an expired counted hold for none',
      10,
      null,
      [
        { ...place('confirmed', 't2'), count: 6 },
        { ...place('held', 't1', '2025-01-10T12:05:00Z'), count: 3 },
        { ...place('held', 't1', '2025-01-10T11:59:00Z'), count: 50 },
      ],
      [],
      1,
    ],
    [
      'a Waiting entry takes no place; an offer for this session does',
      3,
      null,
      [place('confirmed')],
      [
        { activityId: 's1', status: 'Waiting' },
        { activityId: 's1', status: 'Pending' },
        { activityId: 's1', status: 'Used' },
        { activityId: 's2', status: 'Ready' },
      ],
      1,
    ],
    [
      'a Ready offer keeps its place until it runs out',
      3,
      null,
      [],
      [
        { activityId: 's1', status: 'Ready', offerExpiresAt: '2025-01-10T12:01:00Z' },
        { activityId: 's1', status: 'Ready', offerExpiresAt: '2025-01-10T11:59:00Z' },
      ],
      2,
    ],
  ])('%s', (_, limit, ticketLimit, places, waitlist, left) => {
    const a = sessionAvailability({
      sessionId: 's1',
      placeLimit: limit,
      ticket: { _id: 't1', placeLimit: ticketLimit },
      places,
      waitlist,
      now,
    });
    expect(a.placesLeft).toBe(left);
  });

  it('counts places of the ticket from counted rows', () => {
    const a = sessionAvailability({
      sessionId: 's1',
      placeLimit: 20,
      ticket: { _id: 't1', placeLimit: 5 },
      places: [
        { ...place('confirmed', 't1'), count: 4 },
        { ...place('confirmed', 't2'), count: 9 },
      ],
      waitlist: [],
      now,
    });
    expect([a.taken, a.takenWithTicket, a.placesLeft]).toEqual([13, 4, 1]);
  });

  it('raises each admin booking warning', () => {
    const full = sessionAvailability({
      sessionId: 's1',
      placeLimit: 1,
      ticket: { _id: 't1', placeLimit: 1 },
      places: [place('confirmed')],
      waitlist: [],
      now,
    });
    const queued = sessionAvailability({
      sessionId: 's1',
      placeLimit: 2,
      places: [],
      waitlist: [
        { activityId: 's1', status: 'Pending' },
        { activityId: 's1', status: 'Ready' },
        { activityId: 's1', status: 'Waiting' },
      ],
      now,
    });
    const w = adminBookingWarnings({
      availability: [full, queued],
      missingRequiredInfo: true,
      outsideAgeRange: true,
      alreadyBookedWithTicket: true,
    });
    expect(w.map((x) => x.message)).toEqual([
      messages.warnTicketLimitReached,
      messages.warnPlaceLimitReached,
      messages.warnWaitlistFillsPlaces,
      messages.warnMissingRequiredInfo,
      'Please note that the attendee is outside of the age range for this activity.',
      messages.warnAlreadyBookedWithTicket,
    ]);
    expect(
      adminBookingWarnings({
        availability: [],
        missingRequiredInfo: false,
        outsideAgeRange: false,
        alreadyBookedWithTicket: false,
      }),
    ).toEqual([]);
  });

  it('measures age in whole months against an inclusive range', () => {
    expect(ageInMonths('2020-05-15', '2025-05-14')).toBe(59);
    expect(ageInMonths('2020-05-15', '2025-05-15')).toBe(60);
    expect(isOutsideAgeRange(60, 60, 120)).toBe(false);
    expect(isOutsideAgeRange(121, 60, 120)).toBe(true);
    expect(isOutsideAgeRange(null, 60, 120)).toBe(false);
  });
});

describe('waitlist offers keep places only on their own sessions', () => {
  const sessions = [
    { _id: 'f1', groupId: 'football' },
    { _id: 'f2', groupId: 'football' },
    { _id: 'c1', groupId: 'camp' },
  ];
  const left = (sessionId: string, waitlist: WaitlistRow[], forAttendeeId?: string) =>
    sessionAvailability({ sessionId, placeLimit: 5, places: [], waitlist, now, forAttendeeId })
      .placesLeft;

  it('an AllSessions offer keeps one place in each session of its group, none elsewhere', () => {
    const rows = offersBySession(
      [{ attendeeId: 'a1', activityGroupId: 'football', activityId: null, status: 'Ready' }],
      sessions,
    );
    expect(rows.map((r) => r.activityId)).toEqual(['f1', 'f2']);
    expect([left('f1', rows), left('f2', rows), left('c1', rows)]).toEqual([4, 4, 5]);
    // The offered child may take the place kept for them.
    expect(left('f1', rows, 'a1')).toBe(5);
  });

  it('a Waiting entry, for one session or all of them, keeps no place anywhere', () => {
    const rows = offersBySession(
      [
        { activityGroupId: 'football', activityId: null, status: 'Waiting' },
        { activityGroupId: 'camp', activityId: 'c1', status: 'Waiting' },
        { activityGroupId: 'camp', activityId: 'c1', status: 'Expired' },
      ],
      sessions,
    );
    expect(rows).toEqual([]);
    const raw: WaitlistRow[] = [
      { activityId: null, status: 'Waiting' },
      { activityId: 'c1', status: 'Waiting' },
    ];
    expect([left('f1', raw), left('c1', raw)]).toEqual([5, 5]);
  });

  it('a single-session offer keeps a place on that session only', () => {
    const rows = offersBySession(
      [{ activityGroupId: 'football', activityId: 'f2', status: 'Pending' }],
      sessions,
    );
    expect([left('f1', rows), left('f2', rows), left('c1', rows)]).toEqual([5, 4, 5]);
  });

  it('warns the admin only when offers fill the free places', () => {
    const waiting = sessionAvailability({
      sessionId: 'f1',
      placeLimit: 1,
      places: [],
      waitlist: [{ activityId: 'f1', status: 'Waiting' }],
      now,
    });
    expect(waiting.waitlistFillsPlaces).toBe(false);
    const offered = sessionAvailability({
      sessionId: 'f1',
      placeLimit: 1,
      places: [],
      waitlist: [{ activityId: 'f1', status: 'Ready' }],
      now,
    });
    expect(offered.waitlistFillsPlaces).toBe(true);
    expect(offered.sessionLimitReached).toBe(false);
  });
});

describe('sessions a ticket cannot have a place in', () => {
  const session = (_id: string, date: string, placeLimit: number | null) => ({
    _id,
    date,
    startTime: '09:00',
    endTime: '15:00',
    enabled: true,
    placeLimit,
  });
  const ticket = (_id: string, type: 'all' | 'single', placeLimit: number | null = null) => ({
    _id,
    type,
    name: _id,
    price: 1000,
    shouldProRata: false,
    placeLimit,
    restrictSessions: false,
    sessionsCanBeUsedFor: [],
    subscriptionPlan: null,
    allowMidMonthBookings: false,
    coverFeePerSession: null,
    timeDisplay: null,
    enabled: true,
  });
  const group: ActivityGroupRow = {
    _id: 'camp',
    name: 'Camp',
    sessions: [
      session('past', '2025-01-09', 1),
      session('mon', '2025-01-13', 2),
      session('wed', '2025-01-15', 1),
      session('fri', '2025-01-17', null),
    ],
    tickets: [ticket('week', 'all'), ticket('day', 'single'), ticket('few', 'all', 1)],
    addOns: [],
  };
  const localNow = { date: '2025-01-10', time: '12:00' };
  const booked = (activityId: string, ticketId = 'day'): PlaceRow => ({
    activityId,
    ticketId,
    status: 'confirmed',
  });
  const full = (ticketId: string, places: PlaceRow[], waitlist: WaitlistRow[] = [], who?: string) =>
    ticketFullSessions({
      group,
      ticketId,
      places,
      waitlist,
      now,
      localNow,
      forAttendeeId: who,
    });

  it('names the full upcoming session an all-sessions ticket needs', () => {
    expect(full('week', [])).toEqual([]);
    // The past session was full too, but the ticket no longer needs it.
    expect(full('week', [booked('past'), booked('wed')])).toEqual(['wed']);
    expect(full('day', [booked('wed'), booked('mon')])).toEqual(['wed']);
  });

  it('counts the ticket limit per session and offers for others, not Waiting entries', () => {
    expect(full('few', [booked('fri', 'few')])).toEqual(['fri']);
    expect(full('week', [], [{ activityId: 'wed', status: 'Waiting' }])).toEqual([]);
    const offer: WaitlistRow = { attendeeId: 'a1', activityId: 'wed', status: 'Ready' };
    expect(full('week', [], [offer])).toEqual(['wed']);
    expect(full('week', [], [offer], 'a1')).toEqual([]);
  });
});
