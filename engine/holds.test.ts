import { describe, expect, it } from 'vitest';
import {
  fullSessionsMessage,
  holdExpiresAt,
  paymentDueAt,
  placeHoldProblem,
  releaseDue,
  sessionLabel,
  UNPAID_RELEASE_DAYS,
} from './holds.ts';
import { messages } from './messages.ts';

const now = Date.parse('2026-01-10T10:00:00Z');

describe('holds and payment deadlines', () => {
  it('ends a hold after the hold minutes and an unpaid booking after the deadline days', () => {
    expect(holdExpiresAt(now, 15)).toBe('2026-01-10T10:15:00.000Z');
    expect(paymentDueAt(now, UNPAID_RELEASE_DAYS.default)).toBe('2026-01-17T10:00:00.000Z');
  });

  it('releases a hold once its time is up, not a second before', () => {
    const held = { status: 'held', holdExpiresAt: '2026-01-10T10:15:00.000Z', paymentDueAt: null };
    expect(releaseDue(held, Date.parse('2026-01-10T10:14:59Z'))).toBeNull();
    expect(releaseDue(held, Date.parse('2026-01-10T10:15:00Z'))).toBe('hold');
  });

  it('releases a booking awaiting payment once its deadline passes, never a paid one', () => {
    const unpaid = {
      status: 'awaiting_payment',
      holdExpiresAt: null,
      paymentDueAt: '2026-01-17T10:00:00.000Z',
    };
    expect(releaseDue(unpaid, Date.parse('2026-01-17T09:59:59Z'))).toBeNull();
    expect(releaseDue(unpaid, Date.parse('2026-01-17T10:00:00Z'))).toBe('unpaid');
    expect(releaseDue({ ...unpaid, status: 'confirmed' }, Date.parse('2027-01-01'))).toBeNull();
    expect(releaseDue({ ...unpaid, paymentDueAt: null }, Date.parse('2027-01-01'))).toBeNull();
  });

  it('places a live, unplaced hold only', () => {
    const hold = { status: 'held', paymentMethod: null, holdExpiresAt: '2026-01-10T10:15:00Z' };
    expect(placeHoldProblem(hold, now)).toBeNull();
    expect(placeHoldProblem(hold, Date.parse('2026-01-10T10:15:00Z'))).toBe(messages.holdExpired);
    expect(placeHoldProblem({ ...hold, status: 'expired' }, now)).toBe(messages.holdExpired);
    expect(placeHoldProblem({ ...hold, paymentMethod: 'card' }, now)).toBe(
      messages.bookingAlreadyPlaced,
    );
    expect(placeHoldProblem({ ...hold, status: 'awaiting_payment' }, now)).toBe(
      messages.bookingAlreadyPlaced,
    );
  });

  it('names the session that went, by date and time, in the organiser’s date format', () => {
    const wed = { date: '2026-12-02', startTime: '10:00', endTime: '12:00' };
    expect(sessionLabel(wed, 'dd/MM/yyyy', 'en-GB')).toBe('Wed 02/12/2026, 10am–12pm');
    expect(fullSessionsMessage([wed], 'dd/MM/yyyy', 'en-GB')).toBe(
      'Sorry, there are no places left for this session: Wed 02/12/2026, 10am–12pm.',
    );
    const mon = { date: '2026-11-30', startTime: '09:30', endTime: '15:00' };
    expect(fullSessionsMessage([wed, mon], 'yyyy-MM-dd', 'en-GB')).toBe(
      'Sorry, there are no places left for these sessions: Mon 2026-11-30, 9.30am–3pm; Wed 2026-12-02, 10am–12pm.',
    );
  });
});
