import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  recurringMessages,
  recurringPaymentProblem,
  schedulePlan,
  subscriptionPlan,
  ticketPaymentProblem,
} from './recurring-payments.ts';

describe('recurringPaymentProblem: is this basket payable by this method', () => {
  const membership = { subscriptions: 1, laterInstalments: 0 };

  it('refuses a membership with nothing due now and no method when the organiser has no card payments', () => {
    expect(recurringPaymentProblem({ ...membership, method: null, cardAvailable: false })).toBe(
      recurringMessages.membershipCardUnavailable,
    );
  });

  it('refuses a membership paid later or by voucher: the monthly charge needs the card', () => {
    for (const type of ['payLater', 'childcareVoucher'])
      expect(
        recurringPaymentProblem({ ...membership, method: { type }, cardAvailable: true }),
      ).toBe(recurringMessages.membershipNeedsCard);
    expect(recurringPaymentProblem({ ...membership, method: null, cardAvailable: true })).toBe(
      recurringMessages.membershipNeedsCard,
    );
  });

  it('accepts a membership paid by card when card payments exist', () => {
    expect(
      recurringPaymentProblem({ ...membership, method: { type: 'card' }, cardAvailable: true }),
    ).toBeNull();
  });

  it('holds instalments to the same rule, with the schedule’s own words', () => {
    const schedule = { subscriptions: 0, laterInstalments: 2 };
    expect(
      recurringPaymentProblem({ ...schedule, method: { type: 'payLater' }, cardAvailable: true }),
    ).toBe(messages.scheduleNeedsCard);
    expect(
      recurringPaymentProblem({ ...schedule, method: { type: 'card' }, cardAvailable: false }),
    ).toBe(messages.cardPaymentsUnavailable);
  });

  it('leaves baskets with nothing recurring alone', () => {
    expect(
      recurringPaymentProblem({
        subscriptions: 0,
        laterInstalments: 0,
        method: null,
        cardAvailable: false,
      }),
    ).toBeNull();
  });
});

describe('ticketPaymentProblem', () => {
  it('says a subscription ticket cannot be chosen without card payments, and only that ticket', () => {
    expect(ticketPaymentProblem({ type: 'subscription' }, { cardAvailable: false })).toBe(
      recurringMessages.membershipCardUnavailable,
    );
    expect(ticketPaymentProblem({ type: 'subscription' }, { cardAvailable: true })).toBeNull();
    expect(ticketPaymentProblem({ type: 'all' }, { cardAvailable: false })).toBeNull();
  });
});

describe('subscriptionPlan', () => {
  const base = {
    monthlyAmount: 3600,
    bookedOn: '2026-11-25',
    cancelled: false,
    dateFormat: 'dd/MM/yyyy',
  };

  it('collects on the 1st of next month and continues until cancelled', () => {
    expect(subscriptionPlan({ ...base, today: '2026-11-25' })).toEqual({
      kind: 'subscription',
      amount: 3600,
      nextPaymentDate: '2026-12-01',
      texts: ['First payment on 01/12/2026', 'Continues until cancelled'],
      instalments: [],
    });
  });

  it('reads “Next payment” once the first collection has passed', () => {
    const plan = subscriptionPlan({ ...base, today: '2027-01-15' });
    expect(plan.nextPaymentDate).toBe('2027-02-01');
    expect(plan.texts).toEqual(['Next payment on 01/02/2027', 'Continues until cancelled']);
  });

  it('collects nothing more once cancelled', () => {
    const plan = subscriptionPlan({ ...base, today: '2026-11-26', cancelled: true });
    expect(plan).toMatchObject({ amount: 0, nextPaymentDate: null, texts: [] });
  });
});

describe('schedulePlan', () => {
  const instalments = [
    { date: '2026-12-01', amount: 6000, status: 'paid' },
    { date: '2027-01-01', amount: 6000, status: 'scheduled' },
    { date: '2027-02-01', amount: 3000, status: 'scheduled' },
    { date: '2027-03-01', amount: 0, status: 'cancelled' },
  ];

  it('names the next instalment and the final one, leaving cancelled ones out', () => {
    const plan = schedulePlan({ instalments, today: '2026-12-10', dateFormat: 'dd/MM/yyyy' });
    expect(plan.amount).toBe(6000);
    expect(plan.nextPaymentDate).toBe('2027-01-01');
    expect(plan.texts).toEqual(['Next payment on 01/01/2027', 'Final payment on 01/02/2027']);
    expect(plan.instalments.map((i) => i.date)).toEqual(['2026-12-01', '2027-01-01', '2027-02-01']);
  });

  it('counts an instalment due today as still to come', () => {
    const plan = schedulePlan({ instalments, today: '2027-01-01', dateFormat: 'dd/MM/yyyy' });
    expect(plan.nextPaymentDate).toBe('2027-01-01');
    expect(plan.texts[0]).toBe('Next payment on 01/01/2027');
  });
});
