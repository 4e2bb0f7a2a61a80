import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  manualRefundLimits,
  manualRefundMessages,
  manualRefundProblem,
  manualRefundSchema,
} from './manual.ts';

const card = (amount: number, amountRefunded = 0) => ({
  provider: 'stripe',
  amount,
  amountRefunded,
});

const base = {
  payments: [card(5000)],
  creditApplied: 0,
  refunds: [],
  cardRefunds: true,
  planLevel: 20,
};

describe('manualRefundLimits', () => {
  it('a paid booking can give back everything it received, to the card or as credit', () => {
    expect(manualRefundLimits(base)).toEqual({
      max: 5000,
      methods: [
        { method: 'stripe', max: 5000 },
        { method: 'accountCredit', max: 5000 },
      ],
    });
  });

  it('takes off what was refunded already, by any method; a failed refund gave nothing back', () => {
    const limits = manualRefundLimits({
      ...base,
      payments: [card(5000, 1000)],
      refunds: [
        { amount: 1000, status: 'succeeded' },
        { amount: 500, status: 'succeeded' },
        { amount: 2000, status: 'failed' },
      ],
    });
    expect(limits.max).toBe(3500);
    expect(limits.methods).toEqual([
      { method: 'stripe', max: 3500 },
      { method: 'accountCredit', max: 3500 },
    ]);
  });

  it('the card carries only what card payments took; credit spent on the booking can come back as credit', () => {
    const limits = manualRefundLimits({
      ...base,
      payments: [card(2000), { provider: 'payLater', amount: 1000, amountRefunded: 0 }],
      creditApplied: 1500,
    });
    expect(limits.max).toBe(4500);
    expect(limits.methods).toEqual([
      { method: 'stripe', max: 2000 },
      { method: 'accountCredit', max: 4500 },
    ]);
  });

  it('offers no card refund without a card payment or without a connected provider', () => {
    const offline = manualRefundLimits({
      ...base,
      payments: [{ provider: 'childcareVoucher', amount: 3000, amountRefunded: 0 }],
    });
    expect(offline.methods.map((m) => m.method)).toEqual(['accountCredit']);
    expect(manualRefundLimits({ ...base, cardRefunds: false }).methods).toEqual([
      { method: 'accountCredit', max: 5000 },
    ]);
  });

  it('offers account credit only on plans that have it', () => {
    expect(manualRefundLimits({ ...base, planLevel: 10 }).methods).toEqual([
      { method: 'stripe', max: 5000 },
    ]);
  });

  it('an unpaid booking has nothing to refund and no method', () => {
    expect(manualRefundLimits({ ...base, payments: [] })).toEqual({ max: 0, methods: [] });
  });

  it('never goes below nothing, even when the records disagree', () => {
    const limits = manualRefundLimits({ ...base, refunds: [{ amount: 9000, status: 'pending' }] });
    expect(limits).toEqual({ max: 0, methods: [] });
  });
});

describe('manualRefundProblem', () => {
  const limits = manualRefundLimits({
    ...base,
    payments: [card(2000), { provider: 'payLater', amount: 3000, amountRefunded: 0 }],
  });

  it('accepts any amount up to the limit of the chosen method', () => {
    expect(manualRefundProblem({ amount: 5000, method: 'accountCredit' }, limits, 'GBP')).toBe(
      null,
    );
    expect(manualRefundProblem({ amount: 1, method: 'stripe' }, limits, 'GBP')).toBe(null);
    expect(manualRefundProblem({ amount: 2000, method: 'stripe' }, limits, 'GBP')).toBe(null);
  });

  it('refuses more than the booking can give back, naming the most in its currency', () => {
    expect(manualRefundProblem({ amount: 5001, method: 'accountCredit' }, limits, 'GBP')).toEqual({
      amount: 'You can refund at most £50.00 on this booking.',
    });
    expect(
      manualRefundProblem({ amount: 5001, method: 'accountCredit' }, limits, 'USD', 'en-US'),
    ).toEqual({ amount: 'You can refund at most $50.00 on this booking.' });
  });

  it('refuses more than the card took, and a method that is not open', () => {
    expect(manualRefundProblem({ amount: 2001, method: 'stripe' }, limits, 'GBP')).toEqual({
      amount: manualRefundMessages.cardTooMuch('£20.00'),
    });
    const noCard = manualRefundLimits({ ...base, cardRefunds: false });
    expect(manualRefundProblem({ amount: 100, method: 'stripe' }, noCard, 'GBP')).toEqual({
      method: manualRefundMessages.methodUnavailable,
    });
  });

  it('says when nothing is left to refund', () => {
    const none = manualRefundLimits({ ...base, payments: [] });
    expect(manualRefundProblem({ amount: 100, method: 'accountCredit' }, none, 'GBP')).toEqual({
      amount: manualRefundMessages.nothingToRefund,
    });
  });
});

describe('manualRefundSchema', () => {
  it('needs a positive whole amount, a method offered and a reason', () => {
    expect(
      v.parse(manualRefundSchema, { amount: 1250, method: 'stripe', reason: '  Coach ill  ' }),
    ).toEqual({ amount: 1250, method: 'stripe', reason: 'Coach ill' });
    const issues = (body: unknown) =>
      v.safeParse(manualRefundSchema, body).issues?.map((i) => i.message) ?? [];
    expect(issues({ amount: 0, method: 'stripe', reason: 'x' })).toEqual([
      manualRefundMessages.amountPositive,
    ]);
    expect(issues({ amount: 12.5, method: 'stripe', reason: 'x' })).toEqual([
      'Please enter a whole number',
    ]);
    expect(issues({ amount: 100, method: 'cash', reason: 'x' })).toEqual([
      'Please choose one of the refund methods offered.',
    ]);
    expect(issues({ amount: 100, method: 'stripe', reason: '   ' })).toEqual([
      manualRefundMessages.reasonRequired,
    ]);
    expect(issues({ amount: 100, method: 'stripe' })).toEqual([
      manualRefundMessages.reasonRequired,
    ]);
  });
});
