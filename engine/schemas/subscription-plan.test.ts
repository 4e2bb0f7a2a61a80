import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { fieldErrors } from './common.ts';
import { subscriptionPlanSchema } from './subscription-plan.ts';

const errors = (form: unknown) => fieldErrors(v.safeParse(subscriptionPlanSchema, form).issues);

describe('subscription plan form', () => {
  it('needs a name and a monthly amount of at least 1', () => {
    expect(errors({})).toEqual({ name: messages.nameRequired, amount: messages.priceRequired });
    expect(errors({ name: 'Monthly', amount: '-3' })).toEqual({ amount: messages.priceNegative });
    expect(errors({ name: 'Monthly', amount: '0.5' })).toEqual({ amount: messages.amountMin1 });
    expect(errors({ name: 'Monthly', amount: 'abc' })).toEqual({ amount: messages.invalidNumber });
  });

  it('answers the amount in minor units', () => {
    expect(v.parse(subscriptionPlanSchema, { name: ' Monthly ', amount: '30.5' })).toEqual({
      name: 'Monthly',
      amount: 3050,
    });
  });
});
