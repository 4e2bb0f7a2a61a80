import { describe, expect, it } from 'vitest';
import {
  adminLineWarnings,
  adminPaymentMethodProblem,
  basketOverCapacity,
} from './admin-booking.ts';
import { messages } from './messages.ts';

describe('adminPaymentMethodProblem', () => {
  it('refuses a card: an admin never charges a card', () => {
    expect(adminPaymentMethodProblem({ type: 'card' })).toBe(messages.adminCardNotAllowed);
  });
  it('accepts pay later, a childcare voucher and no method (nothing due)', () => {
    expect(adminPaymentMethodProblem({ type: 'payLater' })).toBeNull();
    expect(adminPaymentMethodProblem({ type: 'childcareVoucher' })).toBeNull();
    expect(adminPaymentMethodProblem(null)).toBeNull();
  });
});

describe('basketOverCapacity: the whole basket counts together', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  const confirmed = (n: number, ticketId = 't') =>
    Array.from({ length: n }, (_, i) => ({
      activityId: 's',
      ticketId,
      attendeeId: `x${i}`,
      status: 'confirmed' as const,
    }));
  const req = (attendeeId: string, ticketId = 't') => ({ sessionId: 's', ticketId, attendeeId });
  const base = {
    sessions: [{ _id: 's', placeLimit: 8 }],
    tickets: [{ _id: 't', placeLimit: null }],
    waitlist: [],
    now,
  };

  it("two children in a session with '1 place left' go over: 9 / 8", () => {
    const over = basketOverCapacity({
      ...base,
      requests: [req('a'), req('b')],
      places: confirmed(7),
    });
    expect(over).toEqual([{ sessionId: 's', limit: 'place', ticketId: null, max: 8, after: 9 }]);
  });

  it('one child in the last place fits', () => {
    expect(basketOverCapacity({ ...base, requests: [req('a')], places: confirmed(7) })).toEqual([]);
  });

  it("names a ticket's limit on the session, counting the basket's places on that ticket", () => {
    const over = basketOverCapacity({
      ...base,
      sessions: [{ _id: 's', placeLimit: null }],
      tickets: [{ _id: 't', placeLimit: 3 }],
      requests: [req('a'), req('b')],
      places: confirmed(2),
    });
    expect(over).toEqual([{ sessionId: 's', limit: 'ticket', ticketId: 't', max: 3, after: 4 }]);
  });

  it('an expired hold frees its place', () => {
    const places = [
      ...confirmed(6),
      {
        activityId: 's',
        ticketId: 't',
        attendeeId: 'h',
        status: 'held' as const,
        holdExpiresAt: new Date(now - 1000).toISOString(),
      },
    ];
    expect(basketOverCapacity({ ...base, requests: [req('a'), req('b')], places })).toEqual([]);
  });
});

describe('adminLineWarnings', () => {
  const none = {
    availability: [],
    missingRequiredInfo: false,
    outsideAgeRange: false,
    alreadyBookedWithTicket: false,
  };
  it("adds the spec's place limit warning to each line on a session the basket overfills", () => {
    const over = [{ sessionId: 's', limit: 'place' as const, ticketId: null, max: 8, after: 9 }];
    expect(adminLineWarnings(none, { ticketId: 't', sessionIds: ['s'] }, over)).toEqual([
      { code: 'placeLimitReached', message: messages.warnPlaceLimitReached },
    ]);
    expect(adminLineWarnings(none, { ticketId: 't', sessionIds: ['other'] }, over)).toEqual([]);
  });
  it('adds the ticket limit warning only to lines of that ticket', () => {
    const over = [{ sessionId: 's', limit: 'ticket' as const, ticketId: 't', max: 3, after: 4 }];
    expect(adminLineWarnings(none, { ticketId: 't', sessionIds: ['s'] }, over)).toEqual([
      { code: 'ticketLimitReached', message: messages.warnTicketLimitReached },
    ]);
    expect(adminLineWarnings(none, { ticketId: 'u', sessionIds: ['s'] }, over)).toEqual([]);
  });
});
