/*
 * Form values and wording of the discount rule form. Values are the engine schema's input
 * (major units, numbers as typed text); saved rules come from the API in minor units.
 */
import {
  type DiscountRuleForm,
  type DiscountType,
  formatMoney,
  minorToMajor,
} from '../../../../engine/index.ts';
import { tempId } from '../activities/form.tsx';
import type { DiscountRule } from './queries.ts';

/** One condition row as the condition modal edits it; `minimum` maps to minimumSessions or minimumActivities. */
export interface ConditionValues {
  _id: string;
  minimum: string;
  unit: string;
  fixedAmount: string;
  percentage: string;
  amountPerSession: string;
}

/** The form's state: every field present, so inputs stay controlled. */
export interface DiscountValues {
  _id?: string;
  name: string;
  type: string;
  multiPurchaseType: string;
  code: string;
  codeUsage: string;
  activityGroups: string[];
  unit: string;
  fixedAmount: string;
  percentage: string;
  amountAdditionalAttendee: string;
  percentageAdditionalAttendee: string;
  minimumTotal: string;
  maximumDiscountAmount: string;
  sessionsOption: string;
  multiSessionConditions: ConditionValues[];
  multiActivityConditions: ConditionValues[];
  shouldLimitDatePeriod: boolean;
  specifyStartDate: boolean;
  startDate: string;
  specifyEndDate: boolean;
  endDate: string;
  shouldLimitUserRedemptions: boolean;
  maxUserRedemptions: string;
  shouldLimitRedemptions: boolean;
  maxRedemptions: string;
  onlyAllowForUserFirstBooking: boolean;
  enabled: boolean;
}

export const TYPE_LABELS: Record<DiscountType, string> = {
  Code: 'Discount code',
  MultiPurchase: 'Multi-purchase discount',
  MultiAttendee: 'Multi-attendee discount',
};
export const UNIT_LABELS: Record<string, string> = {
  FixedAmount: 'Fixed amount',
  Percentage: 'Percentage',
  AmountAdditionalAttendee: 'Amount on additional attendee',
  PercentageAdditionalAttendee: 'Percentage on additional attendee',
  AmountPerSession: 'Amount per session',
};
export const MULTI_PURCHASE_LABELS: Record<string, string> = {
  Activity: 'Several activities',
  Session: 'Several sessions',
};
export const CODE_USAGE_LABELS: Record<string, string> = {
  AllActivities: 'All activities',
  SelectedActivities: 'Selected activities',
};
export const SESSIONS_OPTION_LABELS: Record<string, string> = {
  SameActivity: 'Same activity',
  MultipleActivities: 'Across activities',
};

export const typeLabel = (type: string) => TYPE_LABELS[type as DiscountType] ?? type;

/** New rules are enabled (docs/data-model.md); a preset type starts the form on it. */
export const newDiscountValues = (type: string = ''): DiscountValues => ({
  name: '',
  type,
  multiPurchaseType: '',
  code: '',
  codeUsage: '',
  activityGroups: [],
  unit: '',
  fixedAmount: '',
  percentage: '',
  amountAdditionalAttendee: '',
  percentageAdditionalAttendee: '',
  minimumTotal: '',
  maximumDiscountAmount: '',
  sessionsOption: '',
  multiSessionConditions: [],
  multiActivityConditions: [],
  shouldLimitDatePeriod: false,
  specifyStartDate: false,
  startDate: '',
  specifyEndDate: false,
  endDate: '',
  shouldLimitUserRedemptions: false,
  maxUserRedemptions: '',
  shouldLimitRedemptions: false,
  maxRedemptions: '',
  onlyAllowForUserFirstBooking: false,
  enabled: true,
});

const major = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : String(minorToMajor(minor));
const plain = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A saved rule as the form edits it: amounts back in major units, the date and limit toggles set. */
export function discountValuesOf(rule: DiscountRule): DiscountValues {
  return {
    ...newDiscountValues(rule.type),
    _id: rule._id,
    name: rule.name,
    multiPurchaseType: rule.multiPurchaseType ?? '',
    code: rule.code ?? '',
    codeUsage: rule.codeUsage ?? '',
    activityGroups: [...rule.activityGroups],
    unit: rule.unit ?? '',
    fixedAmount: major(rule.fixedAmount),
    percentage: plain(rule.percentage),
    amountAdditionalAttendee: major(rule.amountAdditionalAttendee),
    percentageAdditionalAttendee: plain(rule.percentageAdditionalAttendee),
    minimumTotal: major(rule.minimumTotal),
    maximumDiscountAmount: major(rule.maximumDiscountAmount),
    sessionsOption: rule.sessionsOption ?? '',
    multiSessionConditions: rule.multiSessionConditions.map((c) => ({
      _id: c._id ?? tempId(),
      minimum: String(c.minimumSessions),
      unit: c.unit,
      fixedAmount: major(c.fixedAmount),
      percentage: plain(c.percentage),
      amountPerSession: major(c.amountPerSession),
    })),
    multiActivityConditions: rule.multiActivityConditions.map((c) => ({
      _id: c._id ?? tempId(),
      minimum: String(c.minimumActivities),
      unit: c.unit,
      fixedAmount: major(c.fixedAmount),
      percentage: plain(c.percentage),
      amountPerSession: '',
    })),
    shouldLimitDatePeriod: !!(rule.startDate || rule.endDate),
    specifyStartDate: !!rule.startDate,
    startDate: rule.startDate ?? '',
    specifyEndDate: !!rule.endDate,
    endDate: rule.endDate ?? '',
    shouldLimitUserRedemptions: rule.maxUserRedemptions !== null,
    maxUserRedemptions: plain(rule.maxUserRedemptions),
    shouldLimitRedemptions: rule.maxRedemptions !== null,
    maxRedemptions: plain(rule.maxRedemptions),
    onlyAllowForUserFirstBooking: rule.onlyAllowForUserFirstBooking,
    enabled: rule.enabled,
  };
}

/** The session condition as the engine's schema reads it. */
export const sessionConditionInput = (c: ConditionValues) => ({
  _id: c._id,
  minimumSessions: c.minimum,
  unit: c.unit,
  fixedAmount: c.fixedAmount,
  percentage: c.percentage,
  amountPerSession: c.amountPerSession,
});
/** The activity condition as the engine's schema reads it. */
export const activityConditionInput = (c: ConditionValues) => ({
  _id: c._id,
  minimumActivities: c.minimum,
  unit: c.unit,
  fixedAmount: c.fixedAmount,
  percentage: c.percentage,
});

/**
 * The body the API and the engine's schema read. Temporary condition ids are dropped: the
 * server gives saved conditions their own.
 */
export function discountInput(values: DiscountValues): DiscountRuleForm {
  const strip = <T extends { _id: string }>(c: T) => ({
    ...c,
    _id: c._id.startsWith('temp_') ? undefined : c._id,
  });
  return {
    ...values,
    multiSessionConditions: values.multiSessionConditions.map(sessionConditionInput).map(strip),
    multiActivityConditions: values.multiActivityConditions.map(activityConditionInput).map(strip),
  };
}

/** '£5.00', '20%' or '10% off each extra attendee': what a saved rule takes off. */
export function amountText(rule: DiscountRule, currency: string, locale: string): string {
  const money = (minor: number | null) =>
    minor === null ? '' : formatMoney(minor, currency, locale);
  switch (rule.unit) {
    case 'FixedAmount':
      return money(rule.fixedAmount);
    case 'Percentage':
      return rule.maximumDiscountAmount
        ? `${rule.percentage}% (up to ${money(rule.maximumDiscountAmount)})`
        : `${rule.percentage}%`;
    case 'AmountAdditionalAttendee':
      return `${money(rule.amountAdditionalAttendee)} per additional attendee`;
    case 'PercentageAdditionalAttendee':
      return `${rule.percentageAdditionalAttendee}% per additional attendee`;
  }
  const conditions = [
    ...rule.multiSessionConditions.map((c) => ({
      text: `${c.minimumSessions}+ sessions`,
      amount: conditionAmount(c, currency, locale),
    })),
    ...rule.multiActivityConditions.map((c) => ({
      text: `${c.minimumActivities}+ activities`,
      amount: conditionAmount({ ...c, amountPerSession: null }, currency, locale),
    })),
  ];
  return conditions.map((c) => `${c.text}: ${c.amount}`).join('; ');
}

/** '£5.00', '10%' or '£2.00 per session' for one condition (minor units). */
export function conditionAmount(
  c: {
    unit: string;
    fixedAmount: number | null;
    percentage: number | null;
    amountPerSession: number | null;
  },
  currency: string,
  locale: string,
): string {
  if (c.unit === 'Percentage') return `${c.percentage}%`;
  if (c.unit === 'AmountPerSession')
    return `${formatMoney(c.amountPerSession ?? 0, currency, locale)} per session`;
  return formatMoney(c.fixedAmount ?? 0, currency, locale);
}
