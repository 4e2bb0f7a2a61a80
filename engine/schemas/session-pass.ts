import * as v from 'valibot';
import { messages } from '../messages.ts';
import type { ExpiryUnit } from './cancellation-rule.ts';
import {
  checkInteger,
  checkMoney,
  flag,
  formSchema,
  Issues,
  numberish,
  optionalText,
} from './common.ts';

const entries = {
  _id: optionalText,
  creditAmount: numberish,
  price: numberish,
  expiresAfter: v.optional(v.nullable(v.strictObject({ amount: numberish, unit: optionalText }))),
  enabled: flag,
};

export interface PassPurchaseOption {
  _id?: string;
  creditAmount: number;
  price: number;
  expiresAfter: { amount: number | null; unit: ExpiryUnit };
  enabled: boolean;
}

/**
 * The 'Add new Purchase option' modal: credits ≥ 1, price ≥ 0 (major units in, minor out),
 * optional expiry with default unit days.
 *
 * @example v.parse(passPurchaseOptionSchema, { creditAmount: 10, price: '45' }).price // 4500
 */
export const passPurchaseOptionSchema = formSchema(
  entries,
  (f) => {
    const issues = new Issues();
    checkInteger(issues, 'creditAmount', f.creditAmount, {
      required: messages.required,
      min: { value: 1, message: messages.amountMin1 },
    });
    checkMoney(issues, 'price', f.price, {
      required: messages.required,
      negative: messages.priceNegative,
    });
    checkInteger(issues, ['expiresAfter', 'amount'], f.expiresAfter?.amount, {
      min: { value: 1, message: messages.amountMin1OrBlank },
    });
    const unit = f.expiresAfter?.unit;
    if (unit && !['days', 'months', 'years'].includes(unit))
      issues.add(['expiresAfter', 'unit'], messages.unknownOption);
    return issues.list;
  },
  (f): PassPurchaseOption => ({
    ...(f._id ? { _id: f._id } : {}),
    creditAmount: checkInteger(new Issues(), 'x', f.creditAmount, {})!,
    price: checkMoney(new Issues(), 'x', f.price, { negative: '' })!,
    expiresAfter: {
      amount: checkInteger(new Issues(), 'x', f.expiresAfter?.amount, {}),
      unit: (f.expiresAfter?.unit || 'days') as ExpiryUnit,
    },
    enabled: f.enabled ?? true,
  }),
);

/**
 * Activity groups already covered by another pass ('Another pass already applied').
 *
 * @example groupsWithOtherPass([{ _id: 'p2', activityGroups: ['g1'] }], 'p1') // Set { 'g1' }
 */
export function groupsWithOtherPass(
  passes: readonly { _id: string; activityGroups: readonly string[] }[],
  selfId?: string | null,
) {
  const taken = new Set<string>();
  for (const p of passes) if (p._id !== selfId) for (const g of p.activityGroups) taken.add(g);
  return taken;
}
