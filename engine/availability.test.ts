import { describe, expect, it } from 'vitest';
import {
  adminBookingWarnings,
  ageInMonths,
  isOutsideAgeRange,
  type PlaceRow,
  sessionAvailability,
  type WaitlistRow,
} from './availability.ts';
import { messages } from './messages.ts';

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
      'active waitlist entries claim free places',
      3,
      null,
      [place('confirmed')],
      [
        { activityId: 's1', status: 'Waiting' },
        { activityId: null, status: 'Ready' },
        { activityId: 's1', status: 'Used' },
      ],
      0,
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
      messages.warnOutsideAgeRange,
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
