import * as v from 'valibot';
import { addDays, DATE_YEARS, isDate, shiftInstant, zonedToInstant } from '../dates.ts';
import { messages } from '../messages.ts';
import type { ExpiryUnit } from './cancellation-rule.ts';
import {
  boundedArray,
  checkInteger,
  checkMoney,
  flag,
  formSchema,
  Issues,
  idList,
  isBlank,
  numberish,
  optionalText,
  periodMax,
} from './common.ts';

/** docs/rules/constants.md: session pass expiry units (default days). */
export const PASS_EXPIRY_UNITS = ['days', 'months', 'years'] as const;

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

type PurchaseOptionForm = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;

/**
 * The purchase option rules (docs/rules/forms-and-messages.md, docs/rules/constants.md), at
 * `prefix` inside a larger form.
 */
function purchaseOptionIssues(
  issues: Issues,
  prefix: (string | number)[],
  f: PurchaseOptionForm,
): void {
  checkInteger(issues, [...prefix, 'creditAmount'], f.creditAmount, {
    required: messages.required,
    min: { value: 1, message: messages.amountMin1 },
  });
  checkMoney(issues, [...prefix, 'price'], f.price, {
    required: messages.required,
    negative: messages.priceNegative,
  });
  checkInteger(issues, [...prefix, 'expiresAfter', 'amount'], f.expiresAfter?.amount, {
    min: { value: 1, message: messages.amountMin1OrBlank },
    max: periodMax(f.expiresAfter?.unit || 'days'),
  });
  const unit = f.expiresAfter?.unit;
  if (unit && !(PASS_EXPIRY_UNITS as readonly string[]).includes(unit))
    issues.add([...prefix, 'expiresAfter', 'unit'], messages.unknownOption);
}

const purchaseOptionOutput = (f: PurchaseOptionForm): PassPurchaseOption => ({
  ...(f._id ? { _id: f._id } : {}),
  creditAmount: checkInteger(new Issues(), 'x', f.creditAmount, {})!,
  price: checkMoney(new Issues(), 'x', f.price, { negative: '' })!,
  expiresAfter: {
    amount: checkInteger(new Issues(), 'x', f.expiresAfter?.amount, {}),
    unit: (f.expiresAfter?.unit || 'days') as ExpiryUnit,
  },
  enabled: f.enabled ?? true,
});

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
    purchaseOptionIssues(issues, [], f);
    return issues.list;
  },
  purchaseOptionOutput,
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

const passEntries = {
  _id: optionalText,
  name: optionalText,
  activityGroups: idList,
  purchaseOptions: v.optional(v.nullable(boundedArray(v.strictObject(entries)))),
  enabled: flag,
};
export type SessionPassForm = v.InferOutput<v.StrictObjectSchema<typeof passEntries, undefined>>;

export interface SessionPassData {
  _id?: string;
  name: string;
  activityGroups: string[];
  purchaseOptions: PassPurchaseOption[];
  enabled: boolean;
}

export interface SessionPassContext {
  /** The client's other passes: an activity may be in only one ('Another pass already applied'). */
  otherPasses?: readonly { _id: string; activityGroups: readonly string[] }[];
  /** The pass being edited, so its own activities are not "another pass". */
  selfId?: string | null;
}

/**
 * A session pass (docs/data-model.md, docs/rules/forms-and-messages.md): a name, the activities its
 * credits pay for (each in one pass only) and the purchase options parents choose from. New passes
 * are enabled.
 *
 * @example v.parse(createSessionPassSchema(), { name: '10 sessions', purchaseOptions: [{ creditAmount: 10, price: '45' }] })
 */
export const createSessionPassSchema = (ctx: SessionPassContext = {}) =>
  formSchema(
    passEntries,
    (f: SessionPassForm) => {
      const issues = new Issues();
      if (isBlank(f.name)) issues.add('name', messages.required);
      // Only the caller knows which pass is being saved: an `_id` in the body proves nothing.
      const taken = groupsWithOtherPass(ctx.otherPasses ?? [], ctx.selfId);
      if ((f.activityGroups ?? []).some((g) => taken.has(g)))
        issues.add('activityGroups', messages.anotherPassApplied);
      (f.purchaseOptions ?? []).forEach((option, i) => {
        purchaseOptionIssues(issues, ['purchaseOptions', i], option);
      });
      return issues.list;
    },
    (f: SessionPassForm): SessionPassData => ({
      ...(f._id ? { _id: f._id } : {}),
      name: f.name!.trim(),
      activityGroups: [...new Set(f.activityGroups ?? [])],
      purchaseOptions: (f.purchaseOptions ?? []).map(purchaseOptionOutput),
      enabled: f.enabled ?? true,
    }),
  );

/**
 * When credits bought now run out: `expiresAfter` later in the client's zone, or never (null).
 *
 * @example passCreditExpiry({ amount: 1, unit: 'months' }, Date.parse('2026-01-31T10:00:00Z'), 'Europe/London') // '2026-02-28T10:00:00.000Z'
 */
export function passCreditExpiry(
  expiresAfter: { amount: number | null; unit: string } | null | undefined,
  now: number,
  timeZone: string,
): string | null {
  if (!expiresAfter?.amount) return null;
  const unit = (PASS_EXPIRY_UNITS as readonly string[]).includes(expiresAfter.unit)
    ? (expiresAfter.unit as (typeof PASS_EXPIRY_UNITS)[number])
    : 'days';
  return new Date(shiftInstant(now, expiresAfter.amount, unit, timeZone)).toISOString();
}

/**
 * Credits an admin gives "until" a date last to the end of that day in the client's zone: the
 * instant the next day starts. Null for a blank or invalid date.
 *
 * @example creditsExpireAtEndOf('2026-06-30', 'Europe/London') // '2026-06-30T23:00:00.000Z'
 */
export function creditsExpireAtEndOf(date: string, timeZone: string): string | null {
  if (!date || !isDate(date)) return null;
  return new Date(zonedToInstant(addDays(date, 1), '00:00', timeZone)).toISOString();
}

const grantEntries = { userId: optionalText, credits: numberish, expiresAt: optionalText };
export type PassCreditGrantForm = v.InferOutput<
  v.StrictObjectSchema<typeof grantEntries, undefined>
>;

/**
 * An admin's grant of pass credits to a customer: a whole number of credits, at least 1, and an
 * optional expiry instant that must be in the future. `now` comes from the edge.
 *
 * @example v.parse(createPassCreditGrantSchema(Date.now()), { userId: 'u1', credits: '5' }) // { userId: 'u1', credits: 5, expiresAt: null }
 */
export const createPassCreditGrantSchema = (now: number) =>
  formSchema(
    grantEntries,
    (f: PassCreditGrantForm) => {
      const issues = new Issues();
      if (isBlank(f.userId)) issues.add('userId', messages.required);
      checkInteger(issues, 'credits', f.credits, {
        required: messages.required,
        min: { value: 1, message: messages.creditsMin1 },
      });
      if (!isBlank(f.expiresAt)) {
        const at = Date.parse(f.expiresAt!);
        // Beyond DATE_YEARS an instant's ISO text no longer sorts with the others'.
        if (Number.isNaN(at) || at >= Date.UTC(DATE_YEARS.max + 1, 0, 1))
          issues.add('expiresAt', messages.invalidDate);
        else if (at <= now) issues.add('expiresAt', messages.expiryInPast);
      }
      return issues.list;
    },
    (f: PassCreditGrantForm) => ({
      userId: f.userId!.trim(),
      credits: checkInteger(new Issues(), 'x', f.credits, {})!,
      expiresAt: isBlank(f.expiresAt) ? null : new Date(Date.parse(f.expiresAt!)).toISOString(),
    }),
  );
