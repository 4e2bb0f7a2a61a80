import { describe, expect, it } from 'vitest';
import type { ActivityGroup, Booking } from '../../../../api-client/index.ts';
import { priceBasket } from '../../../../engine/pricing/basket.ts';
import {
  ageProblem,
  basketBody,
  basketLines,
  bookedSessions,
  type Choice,
  goneSessions,
  groupRow,
  untickSessions,
} from './basket.ts';

const session = (id: string, date: string) => ({
  _id: id,
  date,
  startTime: '10:00',
  endTime: '11:00',
  placeLimit: 16,
  enabled: true,
});

const ticket = (id: string, type: 'all' | 'single', price: number) => ({
  _id: id,
  type,
  name: id,
  price,
  proRataPrice: null,
  shouldProRata: false,
  placeLimit: null,
  restrictSessions: false,
  sessionsCanBeUsedFor: [],
  subscriptionPlan: null,
  allowMidMonthBookings: false,
  coverFeePerSession: null,
  timeDisplay: null,
  enabled: true,
});

const group = {
  _id: 'g1',
  name: 'Football',
  description: null,
  venue: null,
  ageRange: { minMonths: 72, maxMonths: 119 },
  blockOutOfRange: false,
  waitlistType: 'AllSessions',
  enabled: true,
  activities: [
    session('s1', '2030-03-02'),
    session('s2', '2030-03-09'),
    session('s3', '2030-03-16'),
  ],
  tickets: [ticket('full', 'all', 8000), ticket('payg', 'single', 950)],
  addOns: [
    {
      _id: 'kit',
      name: 'Kit hire',
      price: 500,
      restrictSessions: false,
      sessionsCanBeUsedFor: [],
      enabled: true,
    },
  ],
  cancellationRules: [],
  fieldData: {},
} as unknown as ActivityGroup;

const choices: Record<string, Choice> = {
  mia: { ticketId: 'payg', sessionIds: ['s2', 's3'], addOnIds: ['kit'] },
  leo: { ticketId: 'full', sessionIds: ['s1'], addOnIds: [] },
  // Not ready: a single-session ticket with no session yet.
  ava: { ticketId: 'payg', sessionIds: [], addOnIds: [] },
};

describe('the booking basket', () => {
  it('sends one item per attendee, sessions only for single-session tickets', () => {
    const body = basketBody(group, ['mia', 'leo', 'ava'], choices, {
      discountCode: ' WELCOME10 ',
      useAccountCredit: true,
    });
    expect(body).toEqual({
      activityGroups: [
        {
          activityGroup: 'g1',
          items: [
            {
              ticket: 'payg',
              activities: ['s2', 's3'],
              addOns: [{ addOn: 'kit' }],
              attendees: ['mia'],
            },
            { ticket: 'full', addOns: [], attendees: ['leo'] },
          ],
        },
      ],
      discountCode: 'WELCOME10',
      useAccountCredit: true,
      usePassCredits: false,
    });
  });

  it('leaves out a blank code', () => {
    expect(basketBody(group, ['mia'], choices, { discountCode: '  ' })).not.toHaveProperty(
      'discountCode',
    );
  });

  it('prices the same choices with the engine: two sessions and kit hire for each', () => {
    const result = priceBasket({
      groups: [groupRow(group)],
      lines: basketLines(group, ['mia'], choices),
      now: Date.parse('2030-01-01T12:00:00Z'),
      settings: { timeZone: 'Europe/London', currency: 'GBP', planLevel: 20 },
    });
    expect(result.problems).toEqual([]);
    expect(result.total).toBe(2 * 950 + 2 * 500);
  });

  it('turns a time display override into the engine’s HH:mm', () => {
    const withTime = {
      ...group,
      tickets: [
        {
          ...ticket('t', 'single', 100),
          timeDisplay: { start: { hours: 9, minutes: 5 }, end: { hours: 10, minutes: 30 } },
        },
      ],
    } as unknown as ActivityGroup;
    expect(groupRow(withTime).tickets[0].timeDisplay).toEqual({ start: '09:05', end: '10:30' });
  });

  it('knows which sessions each attendee already holds, ignoring cancelled places', () => {
    const place = (id: string, status: string) => ({
      _id: `p-${id}`,
      status,
      activity: { _id: id, date: '2030-03-02', startTime: '10:00', endTime: '11:00' },
    });
    const bookings = [
      {
        status: 'confirmed',
        items: [
          {
            attendee: { _id: 'mia' },
            places: [place('s1', 'confirmed'), place('s2', 'cancelled')],
          },
        ],
      },
      { status: 'expired', items: [{ attendee: { _id: 'mia' }, places: [place('s3', 'held')] }] },
    ] as unknown as Booking[];
    expect([...(bookedSessions(bookings).get('mia') ?? [])]).toEqual(['s1']);
  });

  it('notes an attendee outside the age range, and blocks them when the organiser says so', () => {
    const five = { dateOfBirth: '2025-01-01' };
    const seven = { dateOfBirth: '2023-01-01' };
    expect(ageProblem(seven, group)).toBeNull();
    expect(ageProblem(five, group)).toEqual({
      blocked: false,
      message: 'Please note that the attendee is outside of the age range for this activity.',
    });
    expect(ageProblem(five, { ...group, blockOutOfRange: true })?.blocked).toBe(true);
    expect(ageProblem({ dateOfBirth: null }, group)).toBeNull();
  });
});

describe('a place that went while paying (issue 11)', () => {
  it('reads the sessions the 409 names', () => {
    expect(goneSessions({ 'sessions.s2': 'Sorry, …', discountCode: 'x' })).toEqual(['s2']);
  });

  it('unticks the session that went, and a whole-course ticket that needed it', () => {
    const after = untickSessions(group, choices, ['s2']);
    expect(after.mia).toEqual({ ticketId: 'payg', sessionIds: ['s3'], addOnIds: ['kit'] });
    expect(after.leo).toEqual({ ticketId: null, sessionIds: [], addOnIds: [] });
    expect(after.ava).toEqual(choices.ava);
    // Nothing went: nothing changes.
    expect(untickSessions(group, choices, [])).toEqual(choices);
  });
});
