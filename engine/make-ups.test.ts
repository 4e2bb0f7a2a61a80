import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  absenceOutcome,
  creditUsable,
  DEFAULT_MAKE_UP_RULE,
  type MakeUpRule,
  makeUpAllowedIn,
  makeUpMessages,
  makeUpRuleSchema,
  makeUpSpendRefusal,
  makeUpTicket,
} from './make-ups.ts';

const HOUR = 3_600_000;
const rule: MakeUpRule = { ...DEFAULT_MAKE_UP_RULE, enabled: true, noticeHours: 24, perTerm: 2 };
const sessionStart = Date.parse('2026-12-05T10:00:00Z');

describe('reporting an absence', () => {
  it('earns a credit with a day’s notice, expiring the rule’s days after the missed session', () => {
    const out = absenceOutcome({
      rule: { ...rule, expiryDays: 30 },
      now: sessionStart - 25 * HOUR,
      sessionStart,
      earnedThisTerm: 0,
    });
    expect(out).toEqual({
      ok: true,
      credit: true,
      expiresAt: '2027-01-04T10:00:00.000Z',
      note: makeUpMessages.creditEarned,
    });
  });

  it('at exactly the notice still earns; a minute later does not, but the absence is recorded', () => {
    expect(
      absenceOutcome({ rule, now: sessionStart - 24 * HOUR, sessionStart, earnedThisTerm: 0 }),
    ).toMatchObject({ ok: true, credit: true });
    expect(
      absenceOutcome({
        rule,
        now: sessionStart - 24 * HOUR + 60_000,
        sessionStart,
        earnedThisTerm: 0,
      }),
    ).toEqual({
      ok: true,
      credit: false,
      expiresAt: null,
      note: 'Absences reported less than 24 hours before the session do not earn a make-up credit.',
    });
  });

  it('refuses once the session has started', () => {
    expect(absenceOutcome({ rule, now: sessionStart, sessionStart, earnedThisTerm: 0 })).toEqual({
      ok: false,
      message: makeUpMessages.sessionStarted,
    });
  });

  it('stops earning at the per-term cap', () => {
    const now = sessionStart - 48 * HOUR;
    expect(absenceOutcome({ rule, now, sessionStart, earnedThisTerm: 1 })).toMatchObject({
      credit: true,
    });
    expect(absenceOutcome({ rule, now, sessionStart, earnedThisTerm: 2 })).toMatchObject({
      ok: true,
      credit: false,
      note: 'The 2 make-ups allowed for this activity this term have been earned.',
    });
  });

  it('earns nothing for a place that was itself a make-up', () => {
    expect(
      absenceOutcome({
        rule,
        now: sessionStart - 48 * HOUR,
        sessionStart,
        earnedThisTerm: 0,
        fromMakeUp: true,
      }),
    ).toMatchObject({ ok: true, credit: false, note: makeUpMessages.noCreditMakeUp });
  });

  it('earns nothing when the organiser has no make-ups', () => {
    expect(
      absenceOutcome({
        rule: DEFAULT_MAKE_UP_RULE,
        now: sessionStart - 100 * HOUR,
        sessionStart,
        earnedThisTerm: 0,
      }),
    ).toMatchObject({ ok: true, credit: false, note: makeUpMessages.noCreditRule });
  });
});

describe('spending a credit', () => {
  const credit = {
    activityGroupId: 'g1',
    expiresAt: '2026-12-20T10:00:00.000Z',
    usedAt: null,
  };
  const now = Date.parse('2026-12-06T09:00:00Z');
  const target = {
    activityGroupId: 'g1',
    start: Date.parse('2026-12-12T10:00:00Z'),
    placesLeft: 3,
    alreadyBooked: false,
  };

  it('books a session with room in the same activity', () => {
    expect(makeUpSpendRefusal({ rule, credit, now, target })).toBeNull();
  });

  it('refuses a full session, one the child is on, and a used credit', () => {
    expect(makeUpSpendRefusal({ rule, credit, now, target: { ...target, placesLeft: 0 } })).toBe(
      makeUpMessages.full,
    );
    expect(
      makeUpSpendRefusal({ rule, credit, now, target: { ...target, alreadyBooked: true } }),
    ).toBe(makeUpMessages.alreadyBooked);
    expect(
      makeUpSpendRefusal({
        rule,
        credit: { ...credit, usedAt: '2026-12-06T08:00:00Z' },
        now,
        target,
      }),
    ).toBe(makeUpMessages.creditUsed);
  });

  it('refuses after expiry, and a session after the expiry', () => {
    expect(
      makeUpSpendRefusal({ rule, credit, now: Date.parse('2026-12-20T10:00:00Z'), target }),
    ).toBe(makeUpMessages.creditExpired);
    expect(
      makeUpSpendRefusal({
        rule,
        credit,
        now,
        target: { ...target, start: Date.parse('2026-12-27T10:00:00Z') },
      }),
    ).toBe(makeUpMessages.afterExpiry);
    expect(creditUsable(credit, now)).toBe(true);
    expect(creditUsable(credit, Date.parse('2026-12-21T00:00:00Z'))).toBe(false);
  });

  it('follows where the organiser allows make-ups', () => {
    const other = { ...target, activityGroupId: 'g2' };
    expect(makeUpSpendRefusal({ rule, credit, now, target: other })).toBe(
      makeUpMessages.notAllowedActivity,
    );
    expect(
      makeUpSpendRefusal({ rule: { ...rule, spendOn: 'any' }, credit, now, target: other }),
    ).toBeNull();
    const listed = { ...rule, spendOn: 'listed' as const, activityGroupIds: ['g2'] };
    expect(makeUpAllowedIn(listed, 'g1', 'g2')).toBe(true);
    expect(makeUpAllowedIn(listed, 'g1', 'g1')).toBe(false);
  });

  it('books on the single-session ticket when there is one', () => {
    expect(
      makeUpTicket([
        { _id: 't1', type: 'all' },
        { _id: 't2', type: 'single' },
      ]),
    ).toBe('t2');
    expect(makeUpTicket([{ _id: 't1', type: 'all' }])).toBe('t1');
    expect(makeUpTicket([])).toBeNull();
  });
});

describe('the rule form', () => {
  it('needs an activity when make-ups go to listed activities, and bounds its numbers', () => {
    const base = {
      enabled: true,
      noticeHours: 24,
      perTerm: 2,
      expiryDays: 60,
      spendOn: 'listed',
      activityGroupIds: [],
    };
    const listed = v.safeParse(makeUpRuleSchema, base);
    expect(listed.success).toBe(false);
    expect(listed.issues?.[0]?.message).toBe(makeUpMessages.listRequired);
    expect(v.safeParse(makeUpRuleSchema, { ...base, spendOn: 'same' }).success).toBe(true);
    expect(v.safeParse(makeUpRuleSchema, { ...base, spendOn: 'same', perTerm: 1.5 }).success).toBe(
      false,
    );
    expect(v.safeParse(makeUpRuleSchema, { ...base, spendOn: 'same', expiryDays: 0 }).success).toBe(
      false,
    );
  });
});
