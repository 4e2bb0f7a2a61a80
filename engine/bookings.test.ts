import { describe, expect, it } from 'vitest';
import {
  bookingAgeProblem,
  capacityShortfalls,
  creditDebits,
  doubleBookings,
  itemAmountPaid,
  MAX_OPEN_UNPAID_BOOKINGS,
  newBookingState,
  paymentMethodProblem,
  placeRequests,
  supersededHolds,
  unpaidBookingsProblem,
} from './bookings.ts';
import { messages } from './messages.ts';

const now = Date.parse('2026-01-10T10:00:00Z');
const base = { allowPayLater: false, voucherProviderIds: ['v1'], cardAvailable: false };

describe('paymentMethodProblem', () => {
  it('needs no method when nothing is due', () => {
    expect(paymentMethodProblem({ ...base, amountDueNow: 0, method: null })).toBeNull();
  });
  it('asks for a method, and checks each one', () => {
    expect(paymentMethodProblem({ ...base, amountDueNow: 100, method: null })).toBe(
      messages.paymentMethodRequired,
    );
    expect(paymentMethodProblem({ ...base, amountDueNow: 100, method: { type: 'payLater' } })).toBe(
      messages.payLaterNotAllowed,
    );
    expect(
      paymentMethodProblem({
        ...base,
        allowPayLater: true,
        amountDueNow: 100,
        method: { type: 'payLater' },
      }),
    ).toBeNull();
    expect(
      paymentMethodProblem({
        ...base,
        amountDueNow: 100,
        method: { type: 'childcareVoucher', childcareVoucherProvider: 'other' },
      }),
    ).toBe(messages.voucherProviderUnavailable);
    expect(
      paymentMethodProblem({
        ...base,
        amountDueNow: 100,
        method: { type: 'childcareVoucher', childcareVoucherProvider: 'v1' },
      }),
    ).toBeNull();
    expect(paymentMethodProblem({ ...base, amountDueNow: 100, method: { type: 'card' } })).toBe(
      messages.cardPaymentsUnavailable,
    );
  });
});

describe('paymentMethodProblem with a payment schedule', () => {
  const scheduled = { ...base, allowPayLater: true, amountDueNow: 100, laterInstalments: 2 };
  it('takes later instalments from a card only', () => {
    expect(paymentMethodProblem({ ...scheduled, method: { type: 'payLater' } })).toBe(
      messages.cardPaymentsUnavailable,
    );
    expect(
      paymentMethodProblem({ ...scheduled, cardAvailable: true, method: { type: 'payLater' } }),
    ).toBe(messages.scheduleNeedsCard);
    expect(
      paymentMethodProblem({
        ...scheduled,
        cardAvailable: true,
        method: { type: 'childcareVoucher', childcareVoucherProvider: 'v1' },
      }),
    ).toBe(messages.scheduleNeedsCard);
    expect(
      paymentMethodProblem({ ...scheduled, cardAvailable: true, method: { type: 'card' } }),
    ).toBeNull();
  });
  it('needs the card even when credit covers the first payment', () => {
    expect(
      paymentMethodProblem({ ...scheduled, cardAvailable: true, amountDueNow: 0, method: null }),
    ).toBe(messages.scheduleNeedsCard);
  });
});

describe('newBookingState', () => {
  it('confirms free bookings, holds card ones, keeps offline ones awaiting payment', () => {
    expect(newBookingState(0, 'card').booking).toBe('confirmed');
    // A membership or instalments paid by card: held until the card is saved, even at £0 today.
    expect(newBookingState(0, 'card', true)).toEqual({ booking: 'held', places: 'held' });
    expect(newBookingState(0, null, true).booking).toBe('confirmed');
    expect(newBookingState(500, 'card')).toEqual({ booking: 'held', places: 'held' });
    expect(newBookingState(500, 'payLater')).toEqual({
      booking: 'awaiting_payment',
      places: 'confirmed',
    });
  });
});

describe('capacityShortfalls', () => {
  const sessions = [{ _id: 's1', placeLimit: 2 }];
  const held = (expires: string) => ({
    activityId: 's1',
    ticketId: 't1',
    status: 'held' as const,
    holdExpiresAt: expires,
  });
  it('counts confirmed places and live holds, not expired ones', () => {
    const requests = [{ sessionId: 's1', ticketId: 't1', attendeeId: 'a1' }];
    const places = [held('2026-01-10T10:05:00Z'), held('2026-01-10T09:00:00Z')];
    expect(
      capacityShortfalls({ requests, sessions, tickets: [], places, waitlist: [], now }),
    ).toEqual([]);
    expect(
      capacityShortfalls({
        requests,
        sessions,
        tickets: [],
        places: [...places, { activityId: 's1', ticketId: 't2', status: 'confirmed' }],
        waitlist: [],
        now,
      }),
    ).toEqual(['s1']);
  });
  it('refuses a basket asking for more places than are left', () => {
    const requests = ['a1', 'a2', 'a3'].map((attendeeId) => ({
      sessionId: 's1',
      ticketId: 't1',
      attendeeId,
    }));
    expect(
      capacityShortfalls({ requests, sessions, tickets: [], places: [], waitlist: [], now }),
    ).toEqual(['s1']);
  });
  it('applies the ticket limit per session and leaves waitlist offers their place', () => {
    const requests = [{ sessionId: 's1', ticketId: 't1', attendeeId: 'a1' }];
    expect(
      capacityShortfalls({
        requests,
        sessions: [{ _id: 's1', placeLimit: null }],
        tickets: [{ _id: 't1', placeLimit: 1 }],
        places: [{ activityId: 's1', ticketId: 't1', status: 'confirmed' }],
        waitlist: [],
        now,
      }),
    ).toEqual(['s1']);
    // An offer to someone else keeps its place; a Waiting entry and a1's own offer do not.
    const waitlist = [
      { attendeeId: 'w1', activityId: 's1', status: 'Ready' as const },
      { attendeeId: 'w2', activityId: 's1', status: 'Waiting' as const },
      { attendeeId: 'a1', activityId: 's1', status: 'Ready' as const },
    ];
    expect(
      capacityShortfalls({
        requests,
        sessions: [{ _id: 's1', placeLimit: 2 }],
        tickets: [],
        places: [{ activityId: 's1', ticketId: 't1', status: 'confirmed' }],
        waitlist,
        now,
      }),
    ).toEqual(['s1']);
    expect(
      capacityShortfalls({
        requests,
        sessions: [{ _id: 's1', placeLimit: 3 }],
        tickets: [],
        places: [{ activityId: 's1', ticketId: 't1', status: 'confirmed' }],
        waitlist,
        now,
      }),
    ).toEqual([]);
  });
});

describe('itemAmountPaid', () => {
  it('shares what was paid across items and never exceeds it', () => {
    expect(itemAmountPaid({ itemNet: 3000, bookingNet: 6000, bookingPaid: 6000 })).toBe(3000);
    expect(itemAmountPaid({ itemNet: 3000, bookingNet: 6000, bookingPaid: 3000 })).toBe(1500);
    expect(itemAmountPaid({ itemNet: 3000, bookingNet: 6000, bookingPaid: 9000 })).toBe(3000);
    expect(itemAmountPaid({ itemNet: 3000, bookingNet: 6000, bookingPaid: 0 })).toBe(0);
  });
});

describe('creditDebits', () => {
  it('spends the soonest-expiring credit first and skips expired credit', () => {
    const entries = [
      { amount: 800, expiresAt: null },
      { amount: 500, expiresAt: '2027-01-01T00:00:00Z' },
      { amount: 900, expiresAt: '2025-01-01T00:00:00Z' },
      { amount: -200, expiresAt: '2027-01-01T00:00:00Z' },
    ];
    expect(creditDebits(entries, 600, now)).toEqual([
      { amount: -300, expiresAt: '2027-01-01T00:00:00Z' },
      { amount: -300, expiresAt: null },
    ]);
  });
});

describe('doubleBookings', () => {
  it('finds an attendee already in the session, or asked for twice, but not expired holds', () => {
    const r = (attendeeId: string, ticketId = 't1') => ({ sessionId: 's1', ticketId, attendeeId });
    const places = [
      { activityId: 's1', ticketId: 't1', attendeeId: 'a1', status: 'confirmed' as const },
      {
        activityId: 's1',
        ticketId: 't1',
        attendeeId: 'a2',
        status: 'held' as const,
        holdExpiresAt: '2026-01-10T09:00:00Z',
      },
    ];
    expect(doubleBookings([r('a1'), r('a2'), r('a3'), r('a3', 't2')], places, now)).toEqual([
      r('a1'),
      r('a3', 't2'),
    ]);
  });
});

describe('supersededHolds', () => {
  it("gives way only to the customer's own live unplaced holds on the basket's places", () => {
    const live = '2026-01-10T10:15:00Z';
    const place = (bookingId: string, attendeeId: string, holdExpiresAt: string | null = live) => ({
      bookingId,
      activityId: 's1',
      ticketId: 't1',
      attendeeId,
      status: (holdExpiresAt ? 'held' : 'confirmed') as 'held' | 'confirmed',
      holdExpiresAt,
    });
    const requests = [{ sessionId: 's1', ticketId: 't1', attendeeId: 'a1' }];
    const places = [
      place('own', 'a1'),
      place('theirs', 'a1'),
      place('ownOtherChild', 'a2'),
      place('ownBooked', 'a1', null),
      place('ownRanOut', 'a1', '2026-01-10T09:00:00Z'),
    ];
    const own = ['own', 'ownOtherChild', 'ownBooked', 'ownRanOut'];
    expect(supersededHolds(requests, places, own, now)).toEqual(['own']);
    expect(supersededHolds(requests, places, [], now)).toEqual([]);
  });
});

describe('bookingAgeProblem', () => {
  const camp = {
    sessions: [
      { date: '2025-09-01' },
      { date: '2026-03-02', enabled: false },
      { date: '2026-03-09' },
    ],
    today: '2026-01-10',
    ageRange: { minMonths: 72, maxMonths: 119 },
    blockOutOfRange: false,
  };
  it('measures on the first upcoming enabled session, not a past or disabled one', () => {
    // Six on 2026-03-01: in range for the March sessions, five (out of range) last September.
    expect(bookingAgeProblem({ ...camp, dateOfBirth: '2020-03-01' })).toBeNull();
    // Still five on 9 March: outside.
    expect(bookingAgeProblem({ ...camp, dateOfBirth: '2020-03-10' })).toEqual({
      blocked: false,
      message: messages.ageRangeNotice,
    });
  });
  it('blocks when the group blocks out-of-range attendees', () => {
    expect(
      bookingAgeProblem({ ...camp, blockOutOfRange: true, dateOfBirth: '2010-01-01' }),
    ).toEqual({ blocked: true, message: messages.ageRangeBlockedBooking });
  });
  it('lets an unknown age or a group without upcoming sessions pass', () => {
    expect(bookingAgeProblem({ ...camp, blockOutOfRange: true, dateOfBirth: null })).toBeNull();
    expect(
      bookingAgeProblem({
        ...camp,
        blockOutOfRange: true,
        dateOfBirth: '2010-01-01',
        today: '2027-01-01',
      }),
    ).toBeNull();
  });
});

describe('unpaidBookingsProblem', () => {
  it('caps open bookings awaiting payment, and nothing else', () => {
    const full = MAX_OPEN_UNPAID_BOOKINGS;
    expect(
      unpaidBookingsProblem({ newState: 'awaiting_payment', openUnpaid: full - 1 }),
    ).toBeNull();
    expect(unpaidBookingsProblem({ newState: 'awaiting_payment', openUnpaid: full })).toBe(
      messages.tooManyOpenUnpaidBookings(full),
    );
    expect(unpaidBookingsProblem({ newState: 'confirmed', openUnpaid: full })).toBeNull();
    expect(unpaidBookingsProblem({ newState: 'held', openUnpaid: full })).toBeNull();
  });
});

describe('placeRequests', () => {
  it('asks for one place per session of each line, for its attendee and ticket', () => {
    expect(
      placeRequests([
        { sessionIds: ['s1', 's2'], ticketId: 'week', attendeeId: 'ada' },
        { sessionIds: ['s2'], ticketId: 'day', attendeeId: 'ben' },
        { sessionIds: [], ticketId: 'day', attendeeId: 'cat' },
      ]),
    ).toEqual([
      { sessionId: 's1', ticketId: 'week', attendeeId: 'ada' },
      { sessionId: 's2', ticketId: 'week', attendeeId: 'ada' },
      { sessionId: 's2', ticketId: 'day', attendeeId: 'ben' },
    ]);
  });
});
