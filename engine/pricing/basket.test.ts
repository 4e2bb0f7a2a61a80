import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { accountCreditBalance, priceBasket } from './basket.ts';
import { group, rule, settings } from './fixtures.test-helpers.ts';
import { proRataPrice } from './lines.ts';
import type { PriceInput } from './types.ts';

// 2025-01-10 12:00 London; group g1 has 5 weekly sessions from 2025-01-06 (one already past).
const now = Date.parse('2025-01-10T12:00:00Z');
const g1 = group('g1', '2025-01-06', 5);
const g2 = group('g2', '2025-01-13', 4);
const base = (over: Partial<PriceInput>): PriceInput => ({
  groups: [g1, g2],
  lines: [],
  now,
  settings,
  ...over,
});

describe('ticket prices', () => {
  it('prices an all-sessions ticket pro rata: 200 for 5 sessions is 160 for 4 remaining', () => {
    const r = priceBasket(
      base({ lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-all' }] }),
    );
    expect(r.lines[0].ticketAmount).toBe(16000);
    expect(r.lines[0].proRata).toEqual({ fullPrice: 20000, remaining: 4, total: 5 });
    expect(r.lines[0].items[0].label).toBe('Term* (4 of 5 sessions remaining)');
    expect(r.total).toBe(16000);
  });

  it('charges full price when pro rata is off, and refuses when no session is left', () => {
    const noProRata = { ...g1, tickets: g1.tickets.map((t) => ({ ...t, shouldProRata: false })) };
    expect(
      priceBasket(
        base({
          groups: [noProRata],
          lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-all' }],
        }),
      ).total,
    ).toBe(20000);
    const later = priceBasket(
      base({
        now: Date.parse('2025-03-01T00:00:00Z'),
        lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-all' }],
      }),
    );
    expect(later.problems).toEqual([{ lineKey: 0, message: messages.sessionUnavailable }]);
  });

  it('charges single-session tickets per session and refuses past sessions', () => {
    const ok = priceBasket(
      base({
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-single',
            sessionIds: ['g1s2', 'g1s3'],
          },
        ],
      }),
    );
    expect(ok.total).toBe(2000);
    const past = priceBasket(
      base({
        lines: [
          { attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s1'] },
        ],
      }),
    );
    expect(past.problems[0].message).toBe(messages.sessionUnavailable);
  });

  it('charges a mid-month subscriber the cover fee per remaining session this month, then monthly from the 1st', () => {
    const r = priceBasket(
      base({ lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-sub' }] }),
    );
    // January sessions after the 10th: 13th, 20th, 27th → 3 × 8.00
    expect(r.amountDueNow).toBe(2400);
    expect(r.recurring).toEqual([
      {
        lineKey: 0,
        amount: 4000,
        firstPaymentDate: '2025-02-01',
        text: messages.continuesUntilCancelled,
      },
    ]);
    expect(r.scheduleTexts).toEqual(['First payment on 01/02/2025', 'Continues until cancelled']);
  });

  it('charges add-ons per session, limited to their sessions', () => {
    const restricted = {
      ...g1,
      addOns: [{ ...g1.addOns[0], restrictSessions: true, sessionsCanBeUsedFor: ['g1s2'] }],
    };
    const r = priceBasket(
      base({
        groups: [restricted],
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-all',
            addOns: [{ addOnId: 'g1-lunch' }],
          },
        ],
      }),
    );
    expect(r.lines[0].addOnAmount).toBe(350);
    expect(r.lines[0].items.map((i) => i.label)).toContain('Lunch × 1 session');
    const wrong = priceBasket(
      base({
        groups: [restricted],
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-all',
            addOns: [{ addOnId: 'g1-lunch', sessionIds: ['g1s3'] }],
          },
        ],
      }),
    );
    expect(wrong.problems[0].message).toBe(messages.notEnabledForAnySessions);
  });

  it('refuses add-ons below the Standard plan', () => {
    const r = priceBasket(
      base({
        settings: { ...settings, planLevel: 0 },
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-all',
            addOns: [{ addOnId: 'g1-lunch' }],
          },
        ],
      }),
    );
    expect(r.problems[0].message).toBe(messages.featureNotAvailable);
  });
});

describe('discounts', () => {
  const tiered = rule({
    _id: 'mp',
    name: 'Book more, save more',
    type: 'MultiPurchase',
    multiPurchaseType: 'Session',
    sessionsOption: 'SameActivity',
    activityGroups: ['g1'],
    multiSessionConditions: [
      {
        minimumSessions: 2,
        unit: 'Percentage',
        percentage: 10,
        fixedAmount: null,
        amountPerSession: null,
      },
      {
        minimumSessions: 3,
        unit: 'Percentage',
        percentage: 20,
        fixedAmount: null,
        amountPerSession: null,
      },
    ],
  });

  it.each([
    [['g1s2'], 0],
    [['g1s2', 'g1s3'], 200],
    [['g1s2', 'g1s3', 'g1s4'], 600],
  ])('multi-purchase by session picks the best tier met: %j → %i off', (sessionIds, off) => {
    const r = priceBasket(
      base({
        rules: [tiered],
        lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds }],
      }),
    );
    expect(r.discountTotal).toBe(off);
    if (off)
      expect(r.discounts[0]).toMatchObject({ ruleName: 'Book more, save more', amount: off });
  });

  it('multi-purchase by activity counts distinct groups per attendee', () => {
    const byActivity = rule({
      _id: 'ma',
      type: 'MultiPurchase',
      multiPurchaseType: 'Activity',
      activityGroups: ['g1', 'g2'],
      multiActivityConditions: [
        { minimumActivities: 2, unit: 'FixedAmount', fixedAmount: 1500, percentage: null },
      ],
    });
    const r = priceBasket(
      base({
        rules: [byActivity],
        attendeeNames: { a: 'Ann' },
        lines: [
          { attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s2'] },
          { attendeeId: 'a', activityGroupId: 'g2', ticketId: 'g2-single', sessionIds: ['g2s1'] },
          { attendeeId: 'b', activityGroupId: 'g2', ticketId: 'g2-single', sessionIds: ['g2s1'] },
        ],
      }),
    );
    // Fixed 15.00 capped at Ann's 20.00 of tickets; Bea booked one activity only.
    expect(r.discounts).toHaveLength(1);
    expect(r.discounts[0]).toMatchObject({
      amount: 1500,
      reason: '2 activities booked for Ann (2 or more activities)',
    });
  });

  it('never discounts more than the base (fixed amount larger than the price)', () => {
    const big = rule({
      _id: 'mp2',
      type: 'MultiPurchase',
      multiPurchaseType: 'Session',
      sessionsOption: 'SameActivity',
      activityGroups: ['g1'],
      multiSessionConditions: [
        {
          minimumSessions: 2,
          unit: 'FixedAmount',
          fixedAmount: 99_999,
          percentage: null,
          amountPerSession: null,
        },
      ],
    });
    const r = priceBasket(
      base({
        rules: [big],
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-single',
            sessionIds: ['g1s2', 'g1s3'],
          },
        ],
      }),
    );
    expect(r.discountTotal).toBe(2000);
    expect(r.total).toBe(0);
  });

  it('multi-attendee discounts each additional attendee, the highest spender pays full', () => {
    const siblings = rule({
      _id: 'sib',
      name: 'Siblings',
      type: 'MultiAttendee',
      sessionsOption: 'SameActivity',
      activityGroups: ['g1'],
      unit: 'PercentageAdditionalAttendee',
      percentageAdditionalAttendee: 50,
    });
    const r = priceBasket(
      base({
        rules: [siblings],
        attendeeNames: { a: 'Ann', b: 'Ben' },
        lines: [
          { attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s2'] },
          { attendeeId: 'b', activityGroupId: 'g1', ticketId: 'g1-all' },
        ],
      }),
    );
    expect(r.discounts).toEqual([
      expect.objectContaining({
        ruleName: 'Siblings',
        reason: 'Additional attendee: Ann',
        amount: 500,
      }),
    ]);
  });

  it('only the first rule of a multi type applies to an activity', () => {
    const second = { ...tiered, _id: 'mp-second', name: 'Second' };
    const r = priceBasket(
      base({
        rules: [tiered, second],
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-single',
            sessionIds: ['g1s2', 'g1s3'],
          },
        ],
      }),
    );
    expect(r.discounts.map((d) => d.ruleId)).toEqual(['mp']);
  });

  const code = rule({
    _id: 'c',
    name: 'Spring',
    type: 'Code',
    code: 'SPRING',
    codeUsage: 'AllActivities',
    unit: 'Percentage',
    percentage: 50,
    maximumDiscountAmount: 700,
  });
  const line = {
    attendeeId: 'a',
    activityGroupId: 'g1',
    ticketId: 'g1-single',
    sessionIds: ['g1s2', 'g1s3'],
  };
  it.each<[string, Partial<PriceInput>, string | null, number]>([
    ['applies ignoring case, capped by the maximum', { code: 'spring' }, null, 700],
    ['unknown code', { code: 'NOPE' }, messages.codeInvalid, 0],
    [
      'used up',
      { code: 'SPRING', rules: [{ ...code, maxRedemptions: 5, timesUsed: 5 }] },
      messages.codeUsedUp,
      0,
    ],
    [
      'user limit',
      {
        code: 'SPRING',
        rules: [{ ...code, maxUserRedemptions: 1 }],
        history: { confirmedBookings: 1, redemptions: { c: 1 } },
      },
      messages.codeUserLimit,
      0,
    ],
    [
      'first booking only',
      {
        code: 'SPRING',
        rules: [{ ...code, onlyAllowForUserFirstBooking: true }],
        history: { confirmedBookings: 2, redemptions: {} },
      },
      messages.codeFirstBookingOnly,
      0,
    ],
    [
      'expired',
      { code: 'SPRING', rules: [{ ...code, endDate: '2025-01-09' }] },
      messages.codeExpired,
      0,
    ],
    [
      'not yet',
      { code: 'SPRING', rules: [{ ...code, startDate: '2025-01-11' }] },
      messages.codeNotYetValid,
      0,
    ],
    [
      'minimum total',
      { code: 'SPRING', rules: [{ ...code, minimumTotal: 2500 }] },
      messages.codeMinimumTotal('£25.00'),
      0,
    ],
    [
      'selected activities only',
      {
        code: 'SPRING',
        rules: [{ ...code, codeUsage: 'SelectedActivities', activityGroups: ['g2'] }],
      },
      messages.codeNotForTheseActivities,
      0,
    ],
  ])('code: %s', (_, over, message, off) => {
    const r = priceBasket(base({ rules: [code], lines: [line], ...over }));
    expect(r.code?.message ?? null).toBe(message);
    expect(r.discountTotal).toBe(off);
  });

  it("names a code's minimum in the client's country's way: $25.00 for a US club", () => {
    const r = priceBasket(
      base({
        rules: [{ ...code, minimumTotal: 2500 }],
        code: 'SPRING',
        lines: [line],
        settings: { ...settings, currency: 'USD', country: 'US' },
      }),
    );
    expect(r.code?.message).toBe(messages.codeMinimumTotal('$25.00'));
  });

  it('a fixed-amount code is once per basket and covers add-ons too', () => {
    const fixed = rule({
      _id: 'f',
      type: 'Code',
      code: 'TEN',
      codeUsage: 'AllActivities',
      unit: 'FixedAmount',
      fixedAmount: 1000,
    });
    const r = priceBasket(
      base({
        rules: [fixed],
        code: 'TEN',
        lines: [{ ...line, sessionIds: ['g1s2'], addOns: [{ addOnId: 'g1-lunch' }] }],
      }),
    );
    expect(r.subtotal).toBe(1350);
    expect(r.discountTotal).toBe(1000);
    expect(r.total).toBe(350);
  });
});

describe('credits and schedules', () => {
  it('spends pass credits on single sessions first, soonest expiring first', () => {
    const r = priceBasket(
      base({
        usePassCredits: true,
        passCredits: [
          { _id: 'late', name: 'Pass', credits: 5, expiresAt: null, activityGroupIds: ['g1'] },
          {
            _id: 'soon',
            name: 'Pass',
            credits: 1,
            expiresAt: '2025-02-01T00:00:00Z',
            activityGroupIds: ['g1'],
          },
          {
            _id: 'gone',
            name: 'Pass',
            credits: 9,
            expiresAt: '2025-01-01T00:00:00Z',
            activityGroupIds: ['g1'],
          },
        ],
        lines: [
          {
            attendeeId: 'a',
            activityGroupId: 'g1',
            ticketId: 'g1-single',
            sessionIds: ['g1s2', 'g1s3', 'g1s4'],
          },
        ],
      }),
    );
    expect(r.passCreditsUsed).toEqual([
      { passCreditId: 'soon', credits: 1 },
      { passCreditId: 'late', credits: 2 },
    ]);
    expect(r.total).toBe(0);
  });

  it('applies unexpired account credit against what is due now', () => {
    const entries = [
      { amount: 1500, expiresAt: null },
      { amount: 5000, expiresAt: '2025-01-01T00:00:00Z' },
    ];
    expect(accountCreditBalance(entries, now)).toBe(1500);
    const r = priceBasket(
      base({
        useAccountCredit: true,
        accountCredit: entries,
        lines: [
          { attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-single', sessionIds: ['g1s2'] },
        ],
      }),
    );
    expect(r).toMatchObject({ subtotal: 1000, creditApplied: 1000, total: 0, amountDueNow: 0 });
  });

  it('splits an all-sessions ticket over a usable fixed schedule', () => {
    const scheduled = {
      ...g1,
      paymentSchedule: {
        type: 'fixed' as const,
        schedule: [
          { date: '2025-02-01', amount: 6000 },
          { date: '2025-03-01', amount: 6000 },
        ],
      },
    };
    const r = priceBasket(
      base({
        groups: [scheduled],
        payBySchedule: true,
        lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-all' }],
      }),
    );
    expect(r).toMatchObject({
      total: 16000,
      amountDueNow: 4000,
      schedule: [
        { date: '2025-02-01', amount: 6000 },
        { date: '2025-03-01', amount: 6000 },
      ],
    });
    expect(r.scheduleTexts).toEqual(['First payment on 01/02/2025', 'Final payment on 01/03/2025']);
    // A US organiser reads the same dates in its own format.
    const us = priceBasket(
      base({
        groups: [scheduled],
        payBySchedule: true,
        lines: [{ attendeeId: 'a', activityGroupId: 'g1', ticketId: 'g1-all' }],
        settings: { ...settings, dateFormat: 'MM/dd/yyyy' },
      }),
    );
    expect(us.scheduleTexts).toEqual([
      'First payment on 02/01/2025',
      'Final payment on 03/01/2025',
    ]);
  });
});

describe('properties', () => {
  const arbInput = fc.record({
    sessions: fc.array(fc.subarray(['g1s2', 'g1s3', 'g1s4', 'g1s5'], { minLength: 1 }), {
      minLength: 1,
      maxLength: 4,
    }),
    pct: fc.integer({ min: 0, max: 100 }),
    fixed: fc.integer({ min: 0, max: 50_000 }),
    perSession: fc.integer({ min: 0, max: 5_000 }),
    credit: fc.integer({ min: 0, max: 50_000 }),
    addOn: fc.boolean(),
  });
  const build = (x: any): PriceInput =>
    base({
      code: 'X',
      useAccountCredit: true,
      accountCredit: [{ amount: x.credit, expiresAt: null }],
      rules: [
        rule({
          _id: 'mp',
          type: 'MultiPurchase',
          multiPurchaseType: 'Session',
          sessionsOption: 'MultipleActivities',
          activityGroups: ['g1'],
          multiSessionConditions: [
            {
              minimumSessions: 2,
              unit: 'AmountPerSession',
              amountPerSession: x.perSession,
              fixedAmount: null,
              percentage: null,
            },
          ],
        }),
        rule({
          _id: 'ma',
          type: 'MultiAttendee',
          sessionsOption: 'SameActivity',
          activityGroups: ['g1'],
          unit: 'AmountAdditionalAttendee',
          amountAdditionalAttendee: x.fixed,
        }),
        rule({
          _id: 'c',
          type: 'Code',
          code: 'x',
          codeUsage: 'AllActivities',
          unit: 'Percentage',
          percentage: x.pct,
        }),
      ],
      lines: x.sessions.map((s: string[], i: number) => ({
        attendeeId: `a${i}`,
        activityGroupId: 'g1',
        ticketId: i % 2 ? 'g1-all' : 'g1-single',
        sessionIds: s,
        addOns: x.addOn ? [{ addOnId: 'g1-lunch' }] : [],
      })),
    });

  it('totals are never negative, discounts never above their base, re-pricing is deterministic', () => {
    fc.assert(
      fc.property(arbInput, (x) => {
        const input = build(x);
        const r = priceBasket(input);
        expect(r.total).toBeGreaterThanOrEqual(0);
        expect(r.amountDueNow).toBeGreaterThanOrEqual(0);
        expect(r.discountTotal).toBeLessThanOrEqual(r.subtotal);
        for (const l of r.lines) {
          expect(l.discount).toBeLessThanOrEqual(l.gross);
          expect(l.net).toBeGreaterThanOrEqual(0);
        }
        expect(r.total).toBe(r.subtotal - r.discountTotal - r.creditApplied);
        expect(priceBasket(input)).toEqual(r);
      }),
    );
  });

  it('pro rata is never above the full price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (price, total, rem) => {
          const p = proRataPrice(price, Math.min(rem, total), total);
          expect(p).toBeLessThanOrEqual(price);
          expect(p).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
