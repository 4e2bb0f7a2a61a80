import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createDiscountRuleSchema, messages } from '../../../../engine/index.ts';
import { amountText, discountInput, discountValuesOf, newDiscountValues } from './lib.ts';
import type { DiscountRule } from './queries.ts';

const saved: DiscountRule = {
  _id: 'r1',
  name: 'Spring sale',
  type: 'Code',
  multiPurchaseType: null,
  code: 'SPRING20',
  codeUsage: 'AllActivities',
  activityGroups: [],
  unit: 'Percentage',
  fixedAmount: null,
  percentage: 20,
  amountAdditionalAttendee: null,
  percentageAdditionalAttendee: null,
  minimumTotal: 2550,
  maximumDiscountAmount: 1000,
  sessionsOption: null,
  multiSessionConditions: [],
  multiActivityConditions: [],
  startDate: '2027-03-01',
  endDate: null,
  maxRedemptions: 50,
  maxUserRedemptions: null,
  timesUsed: 3,
  onlyAllowForUserFirstBooking: true,
  enabled: true,
};

describe('discount rule form values', () => {
  it('edits amounts in major units and saves them back in minor units unchanged', () => {
    const values = discountValuesOf(saved);
    expect(values).toMatchObject({
      minimumTotal: '25.5',
      maximumDiscountAmount: '10',
      percentage: '20',
      shouldLimitDatePeriod: true,
      specifyStartDate: true,
      specifyEndDate: false,
      shouldLimitRedemptions: true,
      maxRedemptions: '50',
      shouldLimitUserRedemptions: false,
    });
    const parsed = v.parse(createDiscountRuleSchema({ saved }), discountInput(values));
    expect(parsed).toEqual(saved);
  });

  it('drops temporary condition ids and keeps saved ones', () => {
    const multi: DiscountRule = {
      ...saved,
      type: 'MultiPurchase',
      multiPurchaseType: 'Session',
      code: null,
      codeUsage: null,
      unit: null,
      percentage: null,
      minimumTotal: null,
      maximumDiscountAmount: null,
      sessionsOption: 'SameActivity',
      activityGroups: ['g1'],
      multiSessionConditions: [
        {
          _id: 'c1',
          minimumSessions: 3,
          unit: 'AmountPerSession',
          fixedAmount: null,
          percentage: null,
          amountPerSession: 150,
        },
      ],
      maxRedemptions: null,
      onlyAllowForUserFirstBooking: false,
      timesUsed: 0,
    };
    const values = discountValuesOf(multi);
    values.multiSessionConditions.push({
      _id: 'temp_abc',
      minimum: '5',
      unit: 'AmountPerSession',
      fixedAmount: '',
      percentage: '',
      amountPerSession: '2',
    });
    const body = discountInput(values);
    expect(body.multiSessionConditions?.map((c) => c._id)).toEqual(['c1', undefined]);
    const parsed = v.parse(createDiscountRuleSchema(), body);
    expect(parsed.multiSessionConditions.map((c) => c.amountPerSession)).toEqual([150, 200]);
    expect(amountText(multi, 'GBP', 'en-GB')).toBe('3+ sessions: £1.50 per session');
  });

  it('starts new rules enabled, with the preset type', () => {
    expect(newDiscountValues('Code')).toMatchObject({ type: 'Code', enabled: true });
    const issues = v.safeParse(
      createDiscountRuleSchema(),
      discountInput(newDiscountValues('Code')),
    );
    expect(issues.success).toBe(false);
    expect(issues.issues?.map((i) => i.message)).toContain(messages.required);
  });

  it('says what a rule takes off', () => {
    expect(amountText(saved, 'GBP', 'en-GB')).toBe('20% (up to £10.00)');
    expect(amountText(saved, 'USD', 'en-US')).toBe('20% (up to $10.00)');
    expect(amountText({ ...saved, unit: 'FixedAmount', fixedAmount: 500 }, 'GBP', 'en-GB')).toBe(
      '£5.00',
    );
  });
});
