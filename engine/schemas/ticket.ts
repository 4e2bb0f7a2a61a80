import * as v from 'valibot';
import { messages } from '../messages.ts';
import {
  checkInteger,
  checkMoney,
  flag,
  formSchema,
  Issues,
  idList,
  isBlank,
  numberish,
  optionalText,
} from './common.ts';

export const TICKET_TYPES = ['all', 'single', 'subscription'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

const clock = v.optional(v.nullable(v.strictObject({ hours: numberish, minutes: numberish })));

const ticketEntries = {
  _id: optionalText,
  type: optionalText,
  name: optionalText,
  price: numberish,
  shouldProRata: flag,
  placeLimit: numberish,
  restrictSessions: flag,
  sessionsCanBeUsedFor: idList,
  subscriptionPlan: optionalText,
  allowMidMonthBookings: flag,
  coverFeePerSession: numberish,
  overrideTimeDisplay: flag,
  timeDisplay: v.optional(v.nullable(v.strictObject({ start: clock, end: clock }))),
  enabled: flag,
  /** A trial: one session at its own price, once per child per activity (single type only). */
  trial: flag,
};
export type TicketForm = v.InferOutput<v.StrictObjectSchema<typeof ticketEntries, undefined>>;

/** What the ticket form needs to know beyond its own fields. */
export interface TicketContext {
  /** Subscription plan ids used by the group's other tickets. */
  usedSubscriptionPlanIds?: readonly string[];
  /**
   * The saved ticket being edited: its type and plan cannot change
   * (docs/rules/editing-and-states.md).
   */
  saved?: { type: TicketType; subscriptionPlan?: string | null } | null;
}

/**
 * Which ticket fields the dialog shows for the chosen type (docs/data-model.md): pro rata for the
 * all-sessions type, plan and mid-month options for subscriptions, time display for single.
 *
 * @example ticketVisibleFields({ type: 'subscription', allowMidMonthBookings: true }).coverFeePerSession // true
 */
export function ticketVisibleFields(form: Partial<TicketForm>) {
  return {
    shouldProRata: form.type === 'all',
    subscriptionPlan: form.type === 'subscription',
    allowMidMonthBookings: form.type === 'subscription',
    coverFeePerSession: form.type === 'subscription' && form.allowMidMonthBookings === true,
    overrideTimeDisplay: form.type === 'single',
    timeDisplay: form.type === 'single' && form.overrideTimeDisplay === true,
    sessionsCanBeUsedFor: form.restrictSessions === true,
    trial: form.type === 'single',
    typeLocked: false,
  };
}

/**
 * Advanced options start open when a place limit, a time override or a session restriction
 * exists (docs/rules/editing-and-states.md).
 *
 * @example ticketAdvancedOptionsOpen({ placeLimit: 10 }) // true
 */
export function ticketAdvancedOptionsOpen(form: Partial<TicketForm>): boolean {
  return (
    !isBlank(form.placeLimit) || form.overrideTimeDisplay === true || form.restrictSessions === true
  );
}

function clockToTime(c: { hours?: unknown; minutes?: unknown } | null | undefined): string | null {
  const h = Number(c?.hours);
  const m = Number(c?.minutes);
  if (isBlank(c?.hours) || isBlank(c?.minutes) || !Number.isInteger(h) || !Number.isInteger(m))
    return null;
  if (h < 0 || h > 23 || m < 0 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Every rule of the ticket form (docs/rules/forms-and-messages.md), all issues at once.
 *
 * @example validateTicket({ type: 'all', name: 'Term', price: '-1' }) // [{ path: ['price'], message: 'Price cannot be negative' }]
 */
export function validateTicket(form: TicketForm, ctx: TicketContext = {}) {
  const issues = new Issues();
  const show = ticketVisibleFields(form);
  if (isBlank(form.type)) issues.add('type', messages.required);
  else if (!TICKET_TYPES.includes(form.type as TicketType))
    issues.add('type', messages.unknownOption);
  else if (ctx.saved && ctx.saved.type !== form.type) issues.add('type', messages.ticketTypeLocked);
  if (isBlank(form.name)) issues.add('name', messages.required);
  checkMoney(issues, 'price', form.price, {
    required: messages.required,
    negative: messages.priceNegative,
  });
  checkInteger(issues, 'placeLimit', form.placeLimit, {
    min: { value: 1, message: messages.ticketLimitMin },
  });
  if (show.sessionsCanBeUsedFor && !form.sessionsCanBeUsedFor?.length) {
    issues.add('sessionsCanBeUsedFor', messages.ticketRestrictSessions);
  }
  if (show.subscriptionPlan) {
    const plan = form.subscriptionPlan;
    if (isBlank(plan)) issues.add('subscriptionPlan', messages.subscriptionPlanRequired);
    else if (ctx.saved && (ctx.saved.subscriptionPlan ?? null) !== plan) {
      issues.add('subscriptionPlan', messages.subscriptionPlanLocked);
    } else if (ctx.usedSubscriptionPlanIds?.includes(plan as string)) {
      issues.add('subscriptionPlan', messages.subscriptionPlanUsed);
    }
  }
  if (show.coverFeePerSession) {
    checkMoney(issues, 'coverFeePerSession', form.coverFeePerSession, {
      required: messages.required,
      negative: messages.feeNegative,
    });
  }
  if (show.timeDisplay) {
    const start = clockToTime(form.timeDisplay?.start);
    const end = clockToTime(form.timeDisplay?.end);
    if (!start) issues.add(['timeDisplay', 'start'], messages.required);
    if (!end) issues.add(['timeDisplay', 'end'], messages.required);
  }
  return issues.list;
}

/** A ticket as stored and priced: minor units, hidden fields dropped. */
export interface TicketData {
  _id?: string;
  type: TicketType;
  name: string;
  price: number;
  shouldProRata: boolean;
  placeLimit: number | null;
  restrictSessions: boolean;
  sessionsCanBeUsedFor: string[];
  subscriptionPlan: string | null;
  allowMidMonthBookings: boolean;
  coverFeePerSession: number | null;
  timeDisplay: { start: string; end: string } | null;
  enabled: boolean;
  /** A trial ticket (docs/rules/trials.md); absent means not a trial. */
  trial?: boolean;
}

function toTicket(form: TicketForm): TicketData {
  const show = ticketVisibleFields(form);
  const money = (x: unknown) => checkMoney(new Issues(), 'x', x, { negative: '' });
  const limit = checkInteger(new Issues(), 'x', form.placeLimit, {});
  return {
    ...(form._id ? { _id: form._id } : {}),
    type: form.type as TicketType,
    name: (form.name ?? '').trim(),
    price: money(form.price) ?? 0,
    shouldProRata: show.shouldProRata && form.shouldProRata === true,
    placeLimit: limit,
    restrictSessions: form.restrictSessions === true,
    sessionsCanBeUsedFor: show.sessionsCanBeUsedFor ? [...(form.sessionsCanBeUsedFor ?? [])] : [],
    subscriptionPlan: show.subscriptionPlan ? (form.subscriptionPlan ?? null) : null,
    allowMidMonthBookings: show.allowMidMonthBookings && form.allowMidMonthBookings === true,
    coverFeePerSession: show.coverFeePerSession ? money(form.coverFeePerSession) : null,
    timeDisplay: show.timeDisplay
      ? { start: clockToTime(form.timeDisplay?.start)!, end: clockToTime(form.timeDisplay?.end)! }
      : null,
    enabled: form.enabled ?? true,
    // Only a trial carries the mark, so tickets saved before trials existed read the same.
    ...(show.trial && form.trial === true ? { trial: true } : {}),
  };
}

/**
 * The ticket dialog's schema (price in major units in, minor units out). Use
 * `createTicketSchema(ctx)` when editing, so the type and plan stay locked and a plan used by
 * another ticket is refused.
 *
 * @example v.parse(ticketSchema, { type: 'all', name: 'Term', price: '200' }).price // 20000
 */
export const createTicketSchema = (ctx: TicketContext = {}) =>
  formSchema(ticketEntries, (f: TicketForm) => validateTicket(f, ctx), toTicket);
export const ticketSchema = createTicketSchema();
