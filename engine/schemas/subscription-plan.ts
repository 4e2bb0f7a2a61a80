import type * as v from 'valibot';
import { messages } from '../messages.ts';
import { majorToMinor } from '../money.ts';
import {
  checkMoney,
  formSchema,
  Issues,
  isBlank,
  numberish,
  optionalText,
  toNumber,
} from './common.ts';

const planEntries = {
  _id: optionalText,
  name: optionalText,
  amount: numberish,
};
export type SubscriptionPlanForm = v.InferOutput<
  v.StrictObjectSchema<typeof planEntries, undefined>
>;

/**
 * A subscription plan: a name and the monthly amount (major units in the form) that Stripe
 * collects on the 1st. Ours: the spec names plans but not their form; a plan must charge at
 * least 1 in the client's currency.
 *
 * @example validateSubscriptionPlan({ name: 'Monthly', amount: '0.5' }) // [{ path: ['amount'], message: 'Amount cannot be less than 1.' }]
 */
export function validateSubscriptionPlan(form: SubscriptionPlanForm) {
  const issues = new Issues();
  if (isBlank(form.name)) issues.add('name', messages.nameRequired);
  checkMoney(issues, 'amount', form.amount, {
    required: messages.priceRequired,
    negative: messages.priceNegative,
    min: { value: 1, message: messages.amountMin1 },
  });
  return issues.list;
}

/** The plan dialog's schema; its output carries the amount in minor units. */
export const subscriptionPlanSchema = formSchema(planEntries, validateSubscriptionPlan, (f) => ({
  name: f.name!.trim(),
  amount: majorToMinor(toNumber(f.amount)!),
}));
