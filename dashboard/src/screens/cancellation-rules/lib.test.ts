import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createCancellationRuleSchema } from '../../../../engine/index.ts';
import { newRuleValues, refundText, ruleValuesOf, windowText } from './lib.ts';
import type { CancellationRule } from './queries.ts';

const saved: CancellationRule = {
  _id: 'c1',
  name: '48 hours',
  sessionScope: 'singleSession',
  cancellationWindow: { amount: 48, unit: 'hours' },
  config: {
    percentageToRefund: 50,
    fee: 150,
    refundMethods: ['accountCredit'],
    accountCreditExpiry: { amount: 6, unit: 'months' },
  },
  enabled: true,
  activityGroups: ['g1'],
};

describe('cancellation rule dialog values', () => {
  it('edits the fee in major units and saves it back in minor units unchanged', () => {
    const values = ruleValuesOf(saved);
    expect(values.config.fee).toBe('1.5');
    const { activityGroups: _groups, ...rule } = saved;
    expect(v.parse(createCancellationRuleSchema({ planLevel: 20 }), values)).toEqual(rule);
  });

  it('starts with the spec defaults: hours, 100%, credit expiry in days', () => {
    const values = newRuleValues();
    expect(values.cancellationWindow.unit).toBe('hours');
    expect(values.config.percentageToRefund).toBe('100');
    expect(values.config.accountCreditExpiry.unit).toBe('days');
    expect(values.enabled).toBe(true);
  });

  it('describes a rule', () => {
    expect(refundText(saved, 'GBP', 'en-GB')).toBe('50% refund less £1.50 per ticket');
    // A US organiser's fee reads $1.50, not en-GB's US$1.50.
    expect(refundText(saved, 'USD', 'en-US')).toBe('50% refund less $1.50 per ticket');
    expect(
      refundText({ ...saved, config: { ...saved.config, percentageToRefund: 0 } }, 'GBP', 'en-GB'),
    ).toBe('No refund');
    expect(windowText({ amount: 1, unit: 'days' })).toBe('1 day');
    expect(windowText({ amount: 2, unit: 'weeks' })).toBe('2 weeks');
  });
});
