import * as v from 'valibot';
import { isDate } from '../dates.ts';
import { messages } from '../messages.ts';
import {
  boundedArray,
  checkInteger,
  checkMoney,
  checkPercentage,
  type FieldIssue,
  flag,
  formSchema,
  Issues,
  idList,
  isBlank,
  LIMITS,
  numberish,
  optionalText,
  optionalTextOf,
} from './common.ts';

export const DISCOUNT_TYPES = ['MultiPurchase', 'MultiAttendee', 'Code'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export type MultiPurchaseType = 'Activity' | 'Session';
export type CodeUsage = 'AllActivities' | 'SelectedActivities';
export type SessionsOption = 'SameActivity' | 'MultipleActivities';
export type DiscountUnit =
  | 'FixedAmount'
  | 'Percentage'
  | 'AmountAdditionalAttendee'
  | 'PercentageAdditionalAttendee';
export type SessionConditionUnit = 'FixedAmount' | 'Percentage' | 'AmountPerSession';
export type ActivityConditionUnit = 'FixedAmount' | 'Percentage';
/** docs/rules/constants.md: the smallest minimum of a multi-session or multi-activity condition. */
export const MIN_CONDITION_MINIMUM = 2;

/** Units each type offers (docs/rules/forms-and-messages.md). */
export const UNITS_BY_TYPE: Record<'Code' | 'MultiAttendee', readonly DiscountUnit[]> = {
  Code: ['FixedAmount', 'Percentage'],
  MultiAttendee: ['AmountAdditionalAttendee', 'PercentageAdditionalAttendee'],
};
export const SESSION_CONDITION_UNITS: readonly SessionConditionUnit[] = [
  'FixedAmount',
  'Percentage',
  'AmountPerSession',
];
export const ACTIVITY_CONDITION_UNITS: readonly ActivityConditionUnit[] = [
  'FixedAmount',
  'Percentage',
];

/** A condition as stored (minor units). `minimum` is minimumSessions or minimumActivities. */
export interface SessionCondition {
  _id?: string;
  minimumSessions: number;
  unit: SessionConditionUnit;
  fixedAmount: number | null;
  percentage: number | null;
  amountPerSession: number | null;
}
export interface ActivityCondition {
  _id?: string;
  minimumActivities: number;
  unit: ActivityConditionUnit;
  fixedAmount: number | null;
  percentage: number | null;
}

/** A discount rule as stored and fed to pricing (minor units, hidden fields null). */
export interface DiscountRuleData {
  _id?: string;
  name: string;
  type: DiscountType;
  multiPurchaseType: MultiPurchaseType | null;
  code: string | null;
  codeUsage: CodeUsage | null;
  activityGroups: string[];
  unit: DiscountUnit | null;
  fixedAmount: number | null;
  percentage: number | null;
  amountAdditionalAttendee: number | null;
  percentageAdditionalAttendee: number | null;
  minimumTotal: number | null;
  maximumDiscountAmount: number | null;
  sessionsOption: SessionsOption | null;
  multiSessionConditions: SessionCondition[];
  multiActivityConditions: ActivityCondition[];
  startDate: string | null;
  endDate: string | null;
  maxRedemptions: number | null;
  maxUserRedemptions: number | null;
  timesUsed: number;
  onlyAllowForUserFirstBooking: boolean;
  enabled: boolean;
}

const sessionConditionEntries = {
  _id: optionalText,
  minimumSessions: numberish,
  unit: optionalText,
  fixedAmount: numberish,
  percentage: numberish,
  amountPerSession: numberish,
};
const activityConditionEntries = {
  _id: optionalText,
  minimumActivities: numberish,
  unit: optionalText,
  fixedAmount: numberish,
  percentage: numberish,
};
export type SessionConditionForm = v.InferOutput<
  v.StrictObjectSchema<typeof sessionConditionEntries, undefined>
>;
export type ActivityConditionForm = v.InferOutput<
  v.StrictObjectSchema<typeof activityConditionEntries, undefined>
>;

/** The other conditions of the rule, for uniqueness and the unit lock. */
export interface ConditionContext {
  others?: readonly { _id?: string | null; minimum: number; unit: string }[];
}

/**
 * The unit every new condition must use: the unit the rule's other conditions already use
 * (docs/rules/forms-and-messages.md), or null when free.
 *
 * @example lockedConditionUnit([{ minimum: 2, unit: 'Percentage' }]) // 'Percentage'
 */
export function lockedConditionUnit(
  others: ConditionContext['others'] = [],
  selfId?: string | null,
): string | null {
  return others.find((o) => !selfId || o._id !== selfId)?.unit ?? null;
}

function validateCondition(
  form: SessionConditionForm | ActivityConditionForm,
  kind: 'sessions' | 'activities',
  ctx: ConditionContext,
  prefix: (string | number)[] = [],
): FieldIssue[] {
  const issues = new Issues();
  const at = (k: string) => [...prefix, k];
  const minKey = kind === 'sessions' ? 'minimumSessions' : 'minimumActivities';
  const units: readonly string[] =
    kind === 'sessions' ? SESSION_CONDITION_UNITS : ACTIVITY_CONDITION_UNITS;
  const minimum = checkInteger(issues, at(minKey), (form as Record<string, unknown>)[minKey], {
    required: messages.required,
    min: {
      value: MIN_CONDITION_MINIMUM,
      message: kind === 'sessions' ? messages.minimumSessions : messages.minimumActivities,
    },
  });
  const others = (ctx.others ?? []).filter((o) => !form._id || o._id !== form._id);
  if (minimum !== null && others.some((o) => o.minimum === minimum)) {
    issues.add(at(minKey), messages.duplicateCondition(minimum, kind));
  }
  if (isBlank(form.unit)) issues.add(at('unit'), messages.required);
  else if (!units.includes(form.unit!)) issues.add(at('unit'), messages.unknownOption);
  else {
    const locked = lockedConditionUnit(others);
    if (locked && locked !== form.unit) issues.add(at('unit'), messages.conditionUnitLocked);
  }
  if (form.unit === 'FixedAmount') {
    checkMoney(issues, at('fixedAmount'), form.fixedAmount, {
      required: messages.required,
      negative: messages.amountMin0,
    });
  } else if (form.unit === 'Percentage') {
    checkPercentage(issues, at('percentage'), form.percentage, true);
  } else if (form.unit === 'AmountPerSession') {
    const f = form as SessionConditionForm;
    checkMoney(issues, at('amountPerSession'), f.amountPerSession, {
      required: messages.required,
      negative: messages.amountMin0,
    });
  }
  return issues.list;
}

const money = (x: unknown) => checkMoney(new Issues(), 'x', x, { negative: '' });
const pct = (x: unknown) => checkPercentage(new Issues(), 'x', x, false);

function toSessionCondition(f: SessionConditionForm): SessionCondition {
  const unit = f.unit as SessionConditionUnit;
  return {
    ...(f._id ? { _id: f._id } : {}),
    minimumSessions: Math.trunc(Number(f.minimumSessions)),
    unit,
    fixedAmount: unit === 'FixedAmount' ? money(f.fixedAmount) : null,
    percentage: unit === 'Percentage' ? pct(f.percentage) : null,
    amountPerSession: unit === 'AmountPerSession' ? money(f.amountPerSession) : null,
  };
}
function toActivityCondition(f: ActivityConditionForm): ActivityCondition {
  const unit = f.unit as ActivityConditionUnit;
  return {
    ...(f._id ? { _id: f._id } : {}),
    minimumActivities: Math.trunc(Number(f.minimumActivities)),
    unit,
    fixedAmount: unit === 'FixedAmount' ? money(f.fixedAmount) : null,
    percentage: unit === 'Percentage' ? pct(f.percentage) : null,
  };
}

/**
 * The 'Add new condition' / 'Edit condition' modal for multi-session rules.
 *
 * @example v.parse(createSessionConditionSchema(), { minimumSessions: 3, unit: 'Percentage', percentage: 10 })
 */
export const createSessionConditionSchema = (ctx: ConditionContext = {}) =>
  formSchema(
    sessionConditionEntries,
    (f: SessionConditionForm) => validateCondition(f, 'sessions', ctx),
    toSessionCondition,
  );
/**
 * The condition modal for multi-activity rules.
 *
 * @example v.parse(createActivityConditionSchema(), { minimumActivities: 2, unit: 'FixedAmount', fixedAmount: 5 }).fixedAmount // 500
 */
export const createActivityConditionSchema = (ctx: ConditionContext = {}) =>
  formSchema(
    activityConditionEntries,
    (f: ActivityConditionForm) => validateCondition(f, 'activities', ctx),
    toActivityCondition,
  );

const entries = {
  _id: optionalText,
  name: optionalText,
  type: optionalText,
  multiPurchaseType: optionalText,
  code: optionalTextOf(LIMITS.code),
  codeUsage: optionalText,
  activityGroups: idList,
  unit: optionalText,
  fixedAmount: numberish,
  percentage: numberish,
  amountAdditionalAttendee: numberish,
  percentageAdditionalAttendee: numberish,
  minimumTotal: numberish,
  maximumDiscountAmount: numberish,
  sessionsOption: optionalText,
  multiSessionConditions: v.optional(
    v.nullable(boundedArray(v.strictObject(sessionConditionEntries))),
  ),
  multiActivityConditions: v.optional(
    v.nullable(boundedArray(v.strictObject(activityConditionEntries))),
  ),
  shouldLimitDatePeriod: flag,
  specifyStartDate: flag,
  startDate: optionalText,
  specifyEndDate: flag,
  endDate: optionalText,
  shouldLimitUserRedemptions: flag,
  maxUserRedemptions: numberish,
  shouldLimitRedemptions: flag,
  maxRedemptions: numberish,
  onlyAllowForUserFirstBooking: flag,
  enabled: flag,
};
export type DiscountRuleForm = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;

/** Fields that cannot change once a rule has been used (`timesUsed` > 0). */
export const LOCKED_WHEN_USED = [
  'type',
  'multiPurchaseType',
  'code',
  'codeUsage',
  'unit',
  'sessionsOption',
] as const;

/**
 * Which discount rule fields show (docs/rules/forms-and-messages.md), for the dashboard to render
 * from. `locked` lists fields disabled because the rule has been used; `type` is hidden when
 * preset.
 *
 * @example discountRuleVisibleFields({ type: 'Code', codeUsage: 'AllActivities', unit: 'Percentage' }).maximumDiscountAmount // true
 */
export function discountRuleVisibleFields(
  form: Partial<DiscountRuleForm>,
  opts: { presetType?: boolean; timesUsed?: number } = {},
) {
  const t = form.type;
  const code = t === 'Code';
  const mp = t === 'MultiPurchase';
  const sessionMp = mp && form.multiPurchaseType === 'Session';
  const activityMp = mp && form.multiPurchaseType === 'Activity';
  return {
    type: !opts.presetType,
    multiPurchaseType: mp,
    code,
    codeUsage: code,
    activityGroups:
      (code && form.codeUsage === 'SelectedActivities') || mp || t === 'MultiAttendee',
    unit: code || t === 'MultiAttendee',
    unitOptions: code
      ? UNITS_BY_TYPE.Code
      : t === 'MultiAttendee'
        ? UNITS_BY_TYPE.MultiAttendee
        : [],
    fixedAmount: code && form.unit === 'FixedAmount',
    percentage: code && form.unit === 'Percentage',
    amountAdditionalAttendee: t === 'MultiAttendee' && form.unit === 'AmountAdditionalAttendee',
    percentageAdditionalAttendee:
      t === 'MultiAttendee' && form.unit === 'PercentageAdditionalAttendee',
    minimumTotal: code && !isBlank(form.codeUsage),
    maximumDiscountAmount: code && form.unit === 'Percentage',
    sessionsOption: sessionMp || t === 'MultiAttendee',
    multiSessionConditions: sessionMp,
    multiActivityConditions: activityMp,
    datePeriod: !isBlank(t),
    startDate: form.shouldLimitDatePeriod === true && form.specifyStartDate === true,
    endDate: form.shouldLimitDatePeriod === true && form.specifyEndDate === true,
    redemptionLimits: code,
    maxUserRedemptions: code && form.shouldLimitUserRedemptions === true,
    maxRedemptions: code && form.shouldLimitRedemptions === true,
    onlyAllowForUserFirstBooking: code,
    locked: (opts.timesUsed ?? 0) > 0 ? [...LOCKED_WHEN_USED] : [],
  };
}

/** What the rule form needs beyond itself. */
export interface DiscountRuleContext {
  /** The saved rule being edited (its timesUsed locks fields, its code may predate the rule). */
  saved?: Partial<DiscountRuleData> | null;
  /** Other rules, for 'Another rule already applied'. */
  otherRules?: readonly Pick<DiscountRuleData, '_id' | 'type' | 'activityGroups' | 'enabled'>[];
}

/**
 * Activity groups that already have a rule of this multi type (docs/rules/forms-and-messages.md:
 * 'Another rule already applied'). Code rules never conflict.
 *
 * @example groupsWithRuleOfType('MultiAttendee', [{ _id: 'r1', type: 'MultiAttendee', activityGroups: ['g1'], enabled: true }]) // Set { 'g1' }
 */
export function groupsWithRuleOfType(
  type: DiscountType | null | undefined,
  otherRules: DiscountRuleContext['otherRules'] = [],
  selfId?: string | null,
): Set<string> {
  const taken = new Set<string>();
  if (type !== 'MultiPurchase' && type !== 'MultiAttendee') return taken;
  for (const rule of otherRules) {
    if (rule.type !== type || (selfId && rule._id === selfId)) continue;
    for (const g of rule.activityGroups) taken.add(g);
  }
  return taken;
}

const CODE = /^[A-Za-z0-9]+$/;

/**
 * Every rule of the discount rule form (docs/rules/forms-and-messages.md), all issues at once.
 *
 * @example validateDiscountRule({ name: 'Siblings', type: 'MultiPurchase', multiPurchaseType: 'Session', sessionsOption: 'SameActivity', activityGroups: ['g'] }) // multiSessionConditions: 'At least one condition should be added.'
 */
export function validateDiscountRule(
  form: DiscountRuleForm,
  ctx: DiscountRuleContext = {},
): FieldIssue[] {
  const issues = new Issues();
  const show = discountRuleVisibleFields(form);
  if (isBlank(form.name)) issues.add('name', messages.required);
  if (isBlank(form.type)) issues.add('type', messages.required);
  else if (!DISCOUNT_TYPES.includes(form.type as DiscountType))
    issues.add('type', messages.unknownOption);
  if (show.multiPurchaseType) {
    if (isBlank(form.multiPurchaseType)) issues.add('multiPurchaseType', messages.required);
    else if (form.multiPurchaseType !== 'Activity' && form.multiPurchaseType !== 'Session')
      issues.add('multiPurchaseType', messages.unknownOption);
  }
  if (show.code) {
    const savedCode = ctx.saved?.code ?? null;
    if (isBlank(form.code)) issues.add('code', messages.required);
    else if (!CODE.test(form.code!.trim()) && !(savedCode && !CODE.test(savedCode)))
      issues.add('code', messages.codeCharacters);
  }
  if (show.codeUsage) {
    if (isBlank(form.codeUsage)) issues.add('codeUsage', messages.required);
    else if (form.codeUsage !== 'AllActivities' && form.codeUsage !== 'SelectedActivities')
      issues.add('codeUsage', messages.unknownOption);
  }
  if (show.activityGroups) {
    const groups = form.activityGroups ?? [];
    if (groups.length === 0) issues.add('activityGroups', messages.selectActivities);
    const taken = groupsWithRuleOfType(
      form.type as DiscountType,
      ctx.otherRules,
      form._id ?? ctx.saved?._id,
    );
    if (groups.some((g) => taken.has(g))) issues.add('activityGroups', messages.anotherRuleApplied);
  }
  if (show.sessionsOption) {
    if (isBlank(form.sessionsOption)) issues.add('sessionsOption', messages.required);
    else if (form.sessionsOption !== 'SameActivity' && form.sessionsOption !== 'MultipleActivities')
      issues.add('sessionsOption', messages.unknownOption);
  }
  if (show.unit) {
    if (isBlank(form.unit)) issues.add('unit', messages.required);
    else if (!show.unitOptions.includes(form.unit as DiscountUnit))
      issues.add('unit', messages.unknownOption);
  }
  const amount0 = { required: messages.required, negative: messages.amountMin0 };
  if (show.fixedAmount) checkMoney(issues, 'fixedAmount', form.fixedAmount, amount0);
  if (show.amountAdditionalAttendee)
    checkMoney(issues, 'amountAdditionalAttendee', form.amountAdditionalAttendee, amount0);
  if (show.percentage) checkPercentage(issues, 'percentage', form.percentage, true);
  if (show.percentageAdditionalAttendee)
    checkPercentage(
      issues,
      'percentageAdditionalAttendee',
      form.percentageAdditionalAttendee,
      true,
    );
  if (show.minimumTotal)
    checkMoney(issues, 'minimumTotal', form.minimumTotal, { negative: messages.amountMin0 });
  if (show.maximumDiscountAmount) {
    checkMoney(issues, 'maximumDiscountAmount', form.maximumDiscountAmount, {
      negative: messages.amountMin1,
      min: { value: 1, message: messages.amountMin1 },
    });
  }
  const conditionLists = [
    ['multiSessionConditions', show.multiSessionConditions, 'sessions', 'minimumSessions'],
    ['multiActivityConditions', show.multiActivityConditions, 'activities', 'minimumActivities'],
  ] as const;
  for (const [key, shown, kind, minKey] of conditionLists) {
    if (!shown) continue;
    const list = (form[key] ?? []) as (SessionConditionForm & ActivityConditionForm)[];
    if (list.length === 0) issues.add(key, messages.atLeastOneCondition);
    list.forEach((c, i) => {
      const others = list
        .filter((_, j) => j < i)
        .map((o) => ({ minimum: Number(o[minKey]), unit: o.unit ?? '' }));
      for (const issue of validateCondition(c, kind, { others }, [key, i])) issues.list.push(issue);
    });
  }
  if (show.startDate) {
    if (isBlank(form.startDate)) issues.add('startDate', messages.required);
    else if (!isDate(form.startDate!)) issues.add('startDate', messages.invalidDate);
  }
  if (show.endDate) {
    if (isBlank(form.endDate)) issues.add('endDate', messages.required);
    else if (!isDate(form.endDate!)) issues.add('endDate', messages.invalidDate);
    else if (
      show.startDate &&
      form.startDate &&
      isDate(form.startDate) &&
      form.endDate! < form.startDate
    ) {
      issues.add('endDate', messages.endDateBeforeStart);
    }
  }
  const atLeast1 = { required: messages.required, min: { value: 1, message: messages.amountMin1 } };
  if (show.maxUserRedemptions)
    checkInteger(issues, 'maxUserRedemptions', form.maxUserRedemptions, atLeast1);
  if (show.maxRedemptions) checkInteger(issues, 'maxRedemptions', form.maxRedemptions, atLeast1);
  if ((ctx.saved?.timesUsed ?? 0) > 0) {
    for (const key of LOCKED_WHEN_USED) {
      const before = ctx.saved?.[key] ?? null;
      const after = isBlank(form[key]) ? null : form[key];
      if (key in (ctx.saved ?? {}) && before !== after) issues.add(key, messages.lockedOnceUsed);
    }
  }
  return issues.list;
}

function toRule(form: DiscountRuleForm, ctx: DiscountRuleContext): DiscountRuleData {
  const show = discountRuleVisibleFields(form);
  const int = (x: unknown) => checkInteger(new Issues(), 'x', x, {});
  return {
    ...(form._id ? { _id: form._id } : {}),
    name: (form.name ?? '').trim(),
    type: form.type as DiscountType,
    multiPurchaseType: show.multiPurchaseType
      ? (form.multiPurchaseType as MultiPurchaseType)
      : null,
    code: show.code ? form.code!.trim() : null,
    codeUsage: show.codeUsage ? (form.codeUsage as CodeUsage) : null,
    activityGroups: show.activityGroups ? [...new Set(form.activityGroups ?? [])] : [],
    unit: show.unit ? (form.unit as DiscountUnit) : null,
    fixedAmount: show.fixedAmount ? money(form.fixedAmount) : null,
    percentage: show.percentage ? pct(form.percentage) : null,
    amountAdditionalAttendee: show.amountAdditionalAttendee
      ? money(form.amountAdditionalAttendee)
      : null,
    percentageAdditionalAttendee: show.percentageAdditionalAttendee
      ? pct(form.percentageAdditionalAttendee)
      : null,
    minimumTotal: show.minimumTotal ? money(form.minimumTotal) : null,
    maximumDiscountAmount: show.maximumDiscountAmount ? money(form.maximumDiscountAmount) : null,
    sessionsOption: show.sessionsOption ? (form.sessionsOption as SessionsOption) : null,
    multiSessionConditions: show.multiSessionConditions
      ? (form.multiSessionConditions ?? []).map(toSessionCondition)
      : [],
    multiActivityConditions: show.multiActivityConditions
      ? (form.multiActivityConditions ?? []).map(toActivityCondition)
      : [],
    startDate: show.startDate ? form.startDate! : null,
    endDate: show.endDate ? form.endDate! : null,
    maxRedemptions: show.maxRedemptions ? int(form.maxRedemptions) : null,
    maxUserRedemptions: show.maxUserRedemptions ? int(form.maxUserRedemptions) : null,
    timesUsed: ctx.saved?.timesUsed ?? 0,
    onlyAllowForUserFirstBooking:
      show.onlyAllowForUserFirstBooking && form.onlyAllowForUserFirstBooking === true,
    enabled: form.enabled ?? true,
  };
}

/**
 * The discount rule form / 'Create <type>' modal: amounts in major units in, minor units out.
 * `createDiscountRuleSchema(ctx)` adds the checks that need the saved rule and the other rules.
 *
 * @example v.parse(discountRuleSchema, { name: 'Spring', type: 'Code', code: 'SPRING10', codeUsage: 'AllActivities', unit: 'Percentage', percentage: 10 }).percentage // 10
 */
export const createDiscountRuleSchema = (ctx: DiscountRuleContext = {}) =>
  formSchema(
    entries,
    (f: DiscountRuleForm) => validateDiscountRule(f, ctx),
    (f: DiscountRuleForm) => toRule(f, ctx),
  );
export const discountRuleSchema = createDiscountRuleSchema();
