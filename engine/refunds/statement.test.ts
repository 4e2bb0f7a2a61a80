import { describe, expect, it } from 'vitest';
import type { RefundQuote } from './quote.ts';
import { bookingStatement, refundBreakdown, statementMessages } from './statement.ts';

const base = {
  status: 'confirmed',
  total: 6000,
  amountDueNow: 6000,
  received: 6000,
  paymentMethod: 'card',
  voucherInstructions: null,
  refunds: [],
  scheduled: [],
};

describe('bookingStatement', () => {
  it('a paid booking owes nothing', () => {
    expect(bookingStatement(base)).toMatchObject({
      total: 6000,
      paid: 6000,
      owed: 0,
      howToPay: null,
    });
  });

  it('a voucher booking awaiting payment owes its amount and says how to pay with the provider’s words', () => {
    const s = bookingStatement({
      ...base,
      status: 'awaiting_payment',
      received: 0,
      paymentMethod: 'childcareVoucher',
      voucherInstructions: 'Pay Kids Vouchers, reference CW1.',
    });
    expect(s).toMatchObject({
      paid: 0,
      owed: 6000,
      owedNow: 6000,
      howToPay: 'Pay Kids Vouchers, reference CW1.',
    });
  });

  it('pay later gives the pay-later instructions', () => {
    const s = bookingStatement({
      ...base,
      status: 'awaiting_payment',
      received: 0,
      paymentMethod: 'payLater',
    });
    expect(s.howToPay).toBe(statementMessages.payLaterInstructions);
  });

  it('instalments still to be taken are owed later; cancelled ones are not', () => {
    const s = bookingStatement({
      ...base,
      received: 2000,
      scheduled: [
        { amount: 2000, status: 'scheduled' },
        { amount: 2000, status: 'scheduled' },
        { amount: 0, status: 'cancelled' },
      ],
    });
    expect(s).toMatchObject({ paid: 2000, owedNow: 0, owedLater: 4000, owed: 4000 });
    expect(s.howToPay).toBe(statementMessages.scheduleInstructions);
  });

  it('sums refunds on their way back but not failed ones', () => {
    const s = bookingStatement({
      ...base,
      refunds: [
        { amount: 1300, method: 'accountCredit', status: 'succeeded', at: '2026-11-20T10:00:00Z' },
        { amount: 500, method: 'stripe', status: 'pending', at: '2026-11-21T10:00:00Z' },
        { amount: 900, method: 'stripe', status: 'failed', at: '2026-11-22T10:00:00Z' },
      ],
    });
    expect(s.refunded).toBe(1800);
    expect(s.refunds).toHaveLength(2);
  });

  it('a cancelled booking owes nothing', () => {
    expect(
      bookingStatement({
        ...base,
        status: 'cancelled',
        received: 0,
        scheduled: [{ amount: 10, status: 'scheduled' }],
      }).owed,
    ).toBe(0);
  });
});

describe('refundBreakdown', () => {
  const quote = {
    items: [
      {
        itemId: 'i1',
        kind: 'partialRefund',
        refundable: 3000,
        amount: 1300,
        fee: 200,
        percentage: 50,
        rule: null,
      },
      {
        itemId: 'i2',
        kind: 'noRefund',
        refundable: 0,
        amount: 0,
        fee: 0,
        percentage: 0,
        rule: null,
      },
    ],
    amount: 1300,
    kind: 'partialRefund',
  } as unknown as RefundQuote;

  it('keeps the percentage, the fee per item and the method', () => {
    expect(refundBreakdown(quote, 'accountCredit')).toEqual({
      amount: 1300,
      kind: 'partialRefund',
      method: 'accountCredit',
      items: [{ refundable: 3000, percentage: 50, fee: 200, amount: 1300 }],
    });
  });

  it('is null when nothing is refunded', () => {
    expect(refundBreakdown({ ...quote, amount: 0 }, null)).toBeNull();
  });
});
