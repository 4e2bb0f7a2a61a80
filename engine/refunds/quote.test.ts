import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import type { CancellationRuleData } from '../schemas/cancellation-rule.ts';
import { type CancelItem, quoteCancellation, withinWindow } from './quote.ts';

const settings = { timeZone: 'Europe/London', planLevel: 20, cardProviderEnabled: true };
const rule = (
  over: Partial<CancellationRuleData['config']> & {
    window?: CancellationRuleData['cancellationWindow'];
    scope?: CancellationRuleData['sessionScope'];
  } = {},
): CancellationRuleData => ({
  name: '',
  sessionScope: over.scope ?? 'allSessions',
  cancellationWindow: over.window ?? { amount: 48, unit: 'hours' },
  config: {
    percentageToRefund: 100,
    fee: 0,
    refundMethods: ['stripe', 'accountCredit'],
    accountCreditExpiry: { amount: null, unit: 'days' },
    ...over,
  },
  enabled: true,
});
// Five Monday sessions from 2025-01-13 at 15:30 London (GMT).
const sessions = [13, 20, 27]
  .map((d, i) => ({ _id: `s${i}`, date: `2025-01-${d}`, startTime: '15:30' }))
  .concat(
    [3, 10].map((d, i) => ({
      _id: `s${i + 3}`,
      date: `2025-02-${String(d).padStart(2, '0')}`,
      startTime: '15:30',
    })),
  );
const term: CancelItem = { itemId: 'i1', ticketType: 'all', amountPaid: 20000, sessions };
const at = (iso: string) => Date.parse(iso);

describe('cancellation quote', () => {
  it.each<[string, CancellationRuleData[], number, string, number]>([
    ['full refund inside the window', [rule()], at('2025-01-10T12:00:00Z'), 'fullRefund', 20000],
    ['no rule open: no refund', [rule()], at('2025-01-12T16:00:00Z'), 'noRefund', 0],
    [
      'partial with fee per item',
      [rule({ percentageToRefund: 50, fee: 500 })],
      at('2025-01-10T12:00:00Z'),
      'partialRefund',
      9500,
    ],
    [
      'most generous open rule wins',
      [
        rule({ percentageToRefund: 50 }),
        rule({ percentageToRefund: 100, window: { amount: 1, unit: 'weeks' } }),
      ],
      at('2025-01-01T12:00:00Z'),
      'fullRefund',
      20000,
    ],
    [
      'weekly window closed falls back to the hours rule',
      [rule({ percentageToRefund: 50 }), rule({ window: { amount: 1, unit: 'weeks' } })],
      at('2025-01-10T12:00:00Z'),
      'partialRefund',
      10000,
    ],
    [
      'pro rata of sessions not yet started',
      [rule()],
      at('2025-01-21T12:00:00Z'),
      'fullRefund',
      12000,
    ],
  ])('%s', (_, rules, now, kind, amount) => {
    const q = quoteCancellation({ items: [term], rules, now, settings });
    expect(q.kind).toBe(kind);
    expect(q.amount).toBe(amount);
  });

  it('says No refund and offers Cancel without refund', () => {
    const q = quoteCancellation({
      items: [term],
      rules: [rule({ percentageToRefund: 0 })],
      now: at('2025-01-10T12:00:00Z'),
      settings,
    });
    expect(q).toMatchObject({
      label: messages.noRefund,
      buttonText: messages.cancelWithoutRefund,
      canCancelOnline: true,
      methods: [],
    });
  });

  it('offers card only when enabled and account credit only from plan level 20, with its expiry', () => {
    const r = rule({ accountCreditExpiry: { amount: 30, unit: 'days' } });
    const now = at('2025-01-10T12:00:00Z');
    const q = quoteCancellation({
      items: [term],
      rules: [r],
      now,
      settings: { ...settings, cardProviderEnabled: false },
    });
    expect(q.methods).toEqual([
      { method: 'accountCredit', accountCreditExpiresAt: '2025-02-09T12:00:00.000Z' },
    ]);
    expect(q.unavailable).toEqual([{ method: 'stripe', reason: messages.cardRefundUnavailable }]);
    const none = quoteCancellation({
      items: [term],
      rules: [r],
      now,
      settings: { ...settings, cardProviderEnabled: false, planLevel: 10 },
    });
    expect(none.unavailable.map((u) => u.reason)).toEqual([
      messages.cardRefundUnavailable,
      messages.accountCreditPremiumOnly,
    ]);
    expect(none).toMatchObject({ canCancelOnline: false, message: messages.cannotCancelOnline });
  });

  it('refunds a single session by its own share and window', () => {
    const single: CancelItem = {
      itemId: 'i2',
      ticketType: 'single',
      amountPaid: 3000,
      sessions: sessions.slice(0, 3),
      cancelSessionIds: ['s2'],
    };
    const q = quoteCancellation({
      items: [single],
      rules: [rule({ scope: 'singleSession', window: { amount: 2, unit: 'days' } })],
      now: at('2025-01-24T12:00:00Z'),
      settings,
    });
    expect(q.amount).toBe(1000);
  });

  it('measures day windows on the wall clock across the October change', () => {
    const start = Date.parse('2025-10-27T09:00:00Z'); // 9am GMT, the day after BST ends
    expect(
      withinWindow(
        { amount: 2, unit: 'days' },
        start,
        Date.parse('2025-10-25T08:00:00Z'),
        'Europe/London',
      ),
    ).toBe(true); // 9am BST
    expect(
      withinWindow(
        { amount: 2, unit: 'days' },
        start,
        Date.parse('2025-10-25T08:01:00Z'),
        'Europe/London',
      ),
    ).toBe(false);
  });

  it('never refunds more than was paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 60 }),
        (paid, pct, fee, day) => {
          const q = quoteCancellation({
            items: [{ ...term, amountPaid: paid }],
            rules: [rule({ percentageToRefund: pct, fee })],
            now: at('2025-01-01T00:00:00Z') + day * 86_400_000,
            settings,
          });
          expect(q.amount).toBeGreaterThanOrEqual(0);
          expect(q.amount).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });
});
