import * as v from 'valibot';
import { messages } from '../messages.ts';
import {
  boundedArray,
  boundedText,
  checkInteger,
  checkMoney,
  checkPercentage,
  flag,
  formSchema,
  Issues,
  isBlank,
  LIMITS,
  numberish,
  optionalText,
  periodMax,
  toNumber,
} from './common.ts';

export const WINDOW_UNITS = ['hours', 'days', 'weeks', 'months'] as const;
export type WindowUnit = (typeof WINDOW_UNITS)[number];
export const EXPIRY_UNITS = ['days', 'months', 'years'] as const;
export type ExpiryUnit = (typeof EXPIRY_UNITS)[number];
export const REFUND_METHODS = ['stripe', 'accountCredit'] as const;
/** `stripe` is the card payment provider's method. */
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const SESSION_SCOPES = ['singleSession', 'allSessions'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];
/**
 * docs/rules/roles-and-plans.md: account credit as a refund method needs plan level 20 or above.
 */
export const ACCOUNT_CREDIT_PLAN_LEVEL = 20;

const amountUnit = v.optional(
  v.nullable(v.strictObject({ amount: numberish, unit: optionalText })),
);
const entries = {
  _id: optionalText,
  name: optionalText,
  sessionScope: optionalText,
  cancellationWindow: amountUnit,
  config: v.optional(
    v.nullable(
      v.strictObject({
        percentageToRefund: numberish,
        fee: numberish,
        refundMethods: v.optional(v.nullable(boundedArray(boundedText(LIMITS.code)))),
        accountCreditExpiry: amountUnit,
      }),
    ),
  ),
  enabled: flag,
};
export type CancellationRuleForm = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;

export interface CancellationRuleData {
  _id?: string;
  name: string;
  sessionScope: SessionScope;
  cancellationWindow: { amount: number; unit: WindowUnit };
  config: {
    percentageToRefund: number;
    fee: number;
    refundMethods: RefundMethod[];
    accountCreditExpiry: { amount: number | null; unit: ExpiryUnit };
  };
  enabled: boolean;
}

/**
 * What the rule dialog's checks need beyond the form. `planLevel` refuses account credit below
 * 20; `cardRefundsAvailable: false` refuses 'Refund to card' (docs/rules/roles-and-plans.md: card
 * refunds need the card payment provider enabled). Left out, neither is checked.
 */
export interface RuleContext {
  planLevel?: number;
  cardRefundsAvailable?: boolean;
}

/**
 * Whether refunds to card can be made: this server has card payments set up (`configured`) and
 * the organiser's connected account is connected and may charge (docs/rules/roles-and-plans.md).
 * The dialog and the server both ask this, so a method the dialog offers is one the server accepts.
 *
 * @example cardRefundsAvailable({ configured: true, connected: true, chargesEnabled: false }) // false
 */
export const cardRefundsAvailable = (a: {
  configured: boolean;
  connected: boolean;
  chargesEnabled: boolean;
}) => a.configured && a.connected && a.chargesEnabled;

/** Percentage defaults to 100 when left blank (docs/rules/constants.md). */
const percentageOf = (form: Partial<CancellationRuleForm>) =>
  toNumber(form.config?.percentageToRefund) ?? 100;

/**
 * Fee and refund methods show only when the percentage is above 0; the credit expiry only when
 * account credit is chosen (docs/rules/forms-and-messages.md).
 *
 * @example cancellationRuleVisibleFields({ config: { percentageToRefund: 0 } }).fee // false
 */
export function cancellationRuleVisibleFields(form: Partial<CancellationRuleForm>) {
  const refunds = percentageOf(form) > 0;
  return {
    fee: refunds,
    refundMethods: refunds,
    accountCreditExpiry: refunds && (form.config?.refundMethods ?? []).includes('accountCredit'),
  };
}

/**
 * Rules of the cancellation rule dialog (docs/rules/forms-and-messages.md). `planLevel` refuses
 * account credit below 20.
 *
 * @example validateCancellationRule({ sessionScope: 'allSessions', cancellationWindow: { amount: 0 } }) // amount: 'Amount cannot be less than 1.'
 */
export function validateCancellationRule(form: CancellationRuleForm, ctx: RuleContext = {}) {
  const issues = new Issues();
  const show = cancellationRuleVisibleFields(form);
  if (isBlank(form.sessionScope)) issues.add('sessionScope', messages.required);
  else if (!SESSION_SCOPES.includes(form.sessionScope as SessionScope))
    issues.add('sessionScope', messages.unknownOption);
  checkInteger(issues, ['cancellationWindow', 'amount'], form.cancellationWindow?.amount, {
    required: messages.required,
    min: { value: 1, message: messages.amountMin1 },
    max: periodMax(form.cancellationWindow?.unit || 'hours'),
  });
  const unit = form.cancellationWindow?.unit;
  if (!isBlank(unit) && !WINDOW_UNITS.includes(unit as WindowUnit))
    issues.add(['cancellationWindow', 'unit'], messages.unknownOption);
  checkPercentage(
    issues,
    ['config', 'percentageToRefund'],
    form.config?.percentageToRefund,
    false,
    true,
  );
  if (show.fee) {
    const fee = toNumber(form.config?.fee);
    if (fee !== null && Number.isNaN(fee)) issues.add(['config', 'fee'], messages.invalidNumber);
    else if (fee !== null && fee < 0) issues.add(['config', 'fee'], messages.amountMin0);
  }
  if (show.refundMethods) {
    for (const m of form.config?.refundMethods ?? []) {
      if (!REFUND_METHODS.includes(m as RefundMethod))
        issues.add(['config', 'refundMethods'], messages.unknownOption);
      if (
        m === 'accountCredit' &&
        ctx.planLevel !== undefined &&
        ctx.planLevel < ACCOUNT_CREDIT_PLAN_LEVEL
      ) {
        issues.add(['config', 'refundMethods'], messages.accountCreditPremiumOnly);
      }
      if (m === 'stripe' && ctx.cardRefundsAvailable === false)
        issues.add(['config', 'refundMethods'], messages.cardRefundUnavailable);
    }
  }
  if (show.accountCreditExpiry) {
    checkInteger(
      issues,
      ['config', 'accountCreditExpiry', 'amount'],
      form.config?.accountCreditExpiry?.amount,
      {
        min: { value: 1, message: messages.amountMin1OrBlank },
        max: periodMax(form.config?.accountCreditExpiry?.unit || 'days'),
      },
    );
    const u = form.config?.accountCreditExpiry?.unit;
    if (!isBlank(u) && !EXPIRY_UNITS.includes(u as ExpiryUnit)) {
      issues.add(['config', 'accountCreditExpiry', 'unit'], messages.unknownOption);
    }
  }
  return issues.list;
}

function toRule(form: CancellationRuleForm): CancellationRuleData {
  const show = cancellationRuleVisibleFields(form);
  const percentage = Math.round(percentageOf(form));
  return {
    ...(form._id ? { _id: form._id } : {}),
    name: (form.name ?? '').trim(),
    sessionScope: form.sessionScope as SessionScope,
    cancellationWindow: {
      amount: Math.trunc(toNumber(form.cancellationWindow?.amount) ?? 1),
      unit: (form.cancellationWindow?.unit || 'hours') as WindowUnit,
    },
    config: {
      percentageToRefund: percentage,
      // Fee and methods are cleared when nothing is refunded (docs/rules/forms-and-messages.md).
      fee: show.fee ? (checkMoney(new Issues(), 'x', form.config?.fee, { negative: '' }) ?? 0) : 0,
      refundMethods: show.refundMethods
        ? ([...new Set(form.config?.refundMethods ?? [])] as RefundMethod[])
        : [],
      accountCreditExpiry: {
        amount: show.accountCreditExpiry
          ? checkInteger(new Issues(), 'x', form.config?.accountCreditExpiry?.amount, {})
          : null,
        unit: (form.config?.accountCreditExpiry?.unit || 'days') as ExpiryUnit,
      },
    },
    enabled: form.enabled ?? true,
  };
}

/**
 * The cancellation rule dialog: window default unit hours, percentage default 100 and rounded
 * to a whole number, fee in major units in and minor units out.
 *
 * @example v.parse(cancellationRuleSchema, { sessionScope: 'allSessions', cancellationWindow: { amount: 48 }, config: { percentageToRefund: 49.6 } }).config.percentageToRefund // 50
 */
export const createCancellationRuleSchema = (ctx: RuleContext = {}) =>
  formSchema(entries, (f: CancellationRuleForm) => validateCancellationRule(f, ctx), toRule);
export const cancellationRuleSchema = createCancellationRuleSchema();
