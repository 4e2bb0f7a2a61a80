import * as v from 'valibot';
import { canSetPlaceLimit, publishProblems } from '../guards.ts';
import { messages } from '../messages.ts';
import { minorToMajor } from '../money.ts';
import { hasFeature } from '../plans.ts';
import { allowedSessions, isUpcoming, type LocalNow, proRataPrice } from '../pricing/lines.ts';
import type { SessionRow } from '../pricing/types.ts';
import { LAST_SCHOOL_YEAR, RECEPTION, schoolYearMessages } from '../school-year.ts';
import { addOnSchema } from './add-on.ts';
import { type FieldDefinition, normaliseFieldData, validateAttendeeFields } from './attendee.ts';
import {
  boundedArray,
  fieldDataRecord,
  flag,
  idList,
  isBlank,
  LIMITS,
  optionalText,
  optionalTextOf,
} from './common.ts';
import { ageSchema } from './inputs.ts';
import { sessionSchema } from './session.ts';
import { ticketSchema } from './ticket.ts';

export const WAITLIST_TYPES = ['AllSessions', 'SingleSession'] as const;
export type WaitlistType = (typeof WAITLIST_TYPES)[number];

/** What the group rules need beyond the form: the plan and what is already saved. */
export interface ActivityGroupContext {
  planLevel: number;
  /** The client's activity custom fields: their answers are validated like any field data. */
  fields?: readonly FieldDefinition[];
  /**
   * Saved tickets of this group: their type and plan cannot change
   * (docs/rules/editing-and-states.md).
   */
  savedTickets?: readonly { _id: string; type: string; subscriptionPlan: string | null }[];
  /**
   * The saved group's waitlist type. A plan gate refuses only a new or changed value: after a
   * downgrade the organiser must still be able to save the group (and to turn the waitlist off).
   */
  savedWaitlistType?: string | null;
  /** Ids of the saved group's add-ons: below Standard they may be kept, edited or removed. */
  savedAddOnIds?: readonly string[];
  /** Subscription plans used by tickets of the client's other groups (one ticket per plan). */
  usedSubscriptionPlanIds?: readonly string[];
  /**
   * Saved sessions with their place limit and places sold (held or confirmed): a limit may not
   * be lowered below what is sold. The server checks again inside its save transaction.
   */
  savedSessions?: readonly { _id: string; placeLimit: number | null; sold: number }[];
}

const ageRange = v.optional(
  v.nullable(
    v.strictObject({
      min: v.optional(v.nullable(ageSchema)),
      max: v.optional(v.nullable(ageSchema)),
    }),
  ),
);

const schoolYear = v.optional(
  v.nullable(
    v.pipe(
      v.number(schoolYearMessages.unknown),
      v.integer(schoolYearMessages.unknown),
      v.minValue(RECEPTION, schoolYearMessages.unknown),
      v.maxValue(LAST_SCHOOL_YEAR, schoolYearMessages.unknown),
    ),
  ),
);

/** UK school years (docs/rules/school-years.md), 0 = Reception; either end may stay open. */
const schoolYears = v.optional(v.nullable(v.strictObject({ min: schoolYear, max: schoolYear })));

const entries = {
  // Checked here rather than in the group rules so 'Required' shows even while an item is invalid.
  name: v.pipe(
    optionalText,
    v.check((name) => !isBlank(name), messages.required),
  ),
  description: optionalTextOf(LIMITS.longText),
  venue: optionalTextOf(LIMITS.id),
  ageRange,
  schoolYears,
  blockOutOfRange: flag,
  waitlistType: optionalText,
  enabled: flag,
  cancellationRules: idList,
  /** Answers to the client's activity custom fields, by field id. */
  fieldData: v.optional(fieldDataRecord, {}),
  activities: v.optional(boundedArray(sessionSchema), []),
  tickets: v.optional(boundedArray(ticketSchema), []),
  addOns: v.optional(boundedArray(addOnSchema), []),
};

type GroupInput = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>;
type Issue = { path: (string | number)[]; message: string };

const months = (age: { years: number; months: number } | null | undefined) =>
  age ? age.years * 12 + age.months : null;

/**
 * The rules that span the whole group (each item's own rules run in its schema): a new or
 * changed waitlist needs Premium; new add-ons need Standard or Premium (saved ones survive a
 * downgrade); an age range's minimum is not above its maximum; tickets and add-ons may only be
 * restricted to sessions of this group; a subscription plan is used by one ticket only, across
 * the client's groups; a saved ticket keeps its type and plan; a published group has at least
 * one enabled session and one enabled ticket.
 *
 * @example activityGroupIssues({ name: 'Camp', waitlistType: 'AllSessions', activities: [], tickets: [], addOns: [] }, { planLevel: 10 }) // [{ path: ['waitlistType'], message: 'Upgrade to Premium' }]
 */
export function activityGroupIssues(group: GroupInput, ctx: ActivityGroupContext): Issue[] {
  const issues: Issue[] = [
    ...validateAttendeeFields(ctx.fields ?? [], group.fieldData, { admin: true }),
  ];
  if (group.waitlistType) {
    if (!WAITLIST_TYPES.includes(group.waitlistType as WaitlistType)) {
      issues.push({ path: ['waitlistType'], message: messages.unknownOption });
    } else if (
      group.waitlistType !== (ctx.savedWaitlistType ?? null) &&
      !hasFeature(ctx.planLevel, 'waitlists')
    ) {
      issues.push({ path: ['waitlistType'], message: messages.upgradeToPremium });
    }
  }
  if (!hasFeature(ctx.planLevel, 'addOns')) {
    // Only a new add-on is gated: what the organiser set up on a higher plan stays editable.
    const saved = new Set(ctx.savedAddOnIds ?? []);
    if (group.addOns.some((a) => !a._id || !saved.has(a._id))) {
      issues.push({ path: ['addOns'], message: messages.featureNotAvailable });
    }
  }
  group.activities.forEach((session, index) => {
    const saved = session._id ? ctx.savedSessions?.find((x) => x._id === session._id) : undefined;
    if (!saved) return;
    const verdict = canSetPlaceLimit({
      placeLimit: session.placeLimit,
      savedPlaceLimit: saved.placeLimit,
      sold: saved.sold,
    });
    if (!verdict.ok)
      issues.push({ path: ['activities', index, 'placeLimit'], message: verdict.message });
  });
  // Publishing is the group's `enabled`; a draft may still lack sessions or tickets.
  for (const p of publishProblems(group)) issues.push({ path: [p.path], message: p.message });
  const min = months(group.ageRange?.min);
  const max = months(group.ageRange?.max);
  if (min !== null && max !== null && min > max) {
    issues.push({ path: ['ageRange', 'max'], message: messages.ageRangeOrder });
  }
  const firstYear = group.schoolYears?.min ?? null;
  const lastYear = group.schoolYears?.max ?? null;
  if (firstYear !== null && lastYear !== null && firstYear > lastYear) {
    issues.push({ path: ['schoolYears', 'max'], message: schoolYearMessages.order });
  }
  const sessionIds = new Set(group.activities.map((s) => s._id).filter(Boolean));
  const checkRestriction = (list: 'tickets' | 'addOns') =>
    group[list].forEach((item, index) => {
      if (item.sessionsCanBeUsedFor.some((id) => !sessionIds.has(id))) {
        issues.push({
          path: [list, index, 'sessionsCanBeUsedFor'],
          message: messages.unknownSession,
        });
      }
    });
  checkRestriction('tickets');
  checkRestriction('addOns');
  const plans = new Map<string, number>();
  group.tickets.forEach((ticket, index) => {
    const saved = ticket._id ? ctx.savedTickets?.find((t) => t._id === ticket._id) : undefined;
    if (saved && saved.type !== ticket.type) {
      issues.push({ path: ['tickets', index, 'type'], message: messages.ticketTypeLocked });
    }
    if (
      saved &&
      saved.type === 'subscription' &&
      saved.subscriptionPlan !== ticket.subscriptionPlan
    ) {
      issues.push({
        path: ['tickets', index, 'subscriptionPlan'],
        message: messages.subscriptionPlanLocked,
      });
    }
    if (ticket.subscriptionPlan) {
      // A saved ticket keeping its plan is never refused for it: only a new choice is checked
      // against the other groups, so older data sharing a plan cannot lock a group.
      const keeps = saved?.subscriptionPlan === ticket.subscriptionPlan;
      if (
        plans.has(ticket.subscriptionPlan) ||
        (!keeps && ctx.usedSubscriptionPlanIds?.includes(ticket.subscriptionPlan))
      ) {
        issues.push({
          path: ['tickets', index, 'subscriptionPlan'],
          message: messages.subscriptionPlanUsed,
        });
      }
      plans.set(ticket.subscriptionPlan, index);
    }
  });
  return issues;
}

/**
 * The whole activity group as the four-step wizard saves it: information, sessions (`activities`,
 * already expanded from repeat options with `generateSessions`), tickets and add-ons, each item
 * validated by its own dialog's schema (major units in, minor units out). Unsaved items carry
 * `temp_` ids. The API validates the request with this same schema.
 *
 * @example v.safeParse(createActivityGroupSchema({ planLevel: 20 }), { name: 'Football', tickets: [{ type: 'all', name: 'Term', price: '80' }] })
 */
export const createActivityGroupSchema = (ctx: ActivityGroupContext) =>
  v.pipe(
    v.strictObject(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const issue of activityGroupIssues(dataset.value, ctx)) {
        addIssue({
          message: issue.message,
          path: issue.path.map((key) => ({
            type: typeof key === 'number' ? 'array' : 'object',
            origin: 'value',
            input: dataset.value,
            key,
            value: undefined,
          })) as unknown as [v.IssuePathItem, ...v.IssuePathItem[]],
        });
      }
    }),
    v.transform((group) => ({
      name: (group.name ?? '').trim(),
      description: group.description ?? '',
      venue: group.venue || null,
      ageRange: {
        minMonths: months(group.ageRange?.min),
        maxMonths: months(group.ageRange?.max),
      },
      schoolYears: { min: group.schoolYears?.min ?? null, max: group.schoolYears?.max ?? null },
      blockOutOfRange: group.blockOutOfRange === true,
      waitlistType: (group.waitlistType || null) as WaitlistType | null,
      enabled: group.enabled ?? true,
      cancellationRules: [...(group.cancellationRules ?? [])],
      fieldData: normaliseFieldData(ctx.fields ?? [], group.fieldData),
      activities: group.activities,
      tickets: group.tickets,
      addOns: group.addOns,
    })),
  );

export type ActivityGroupData = v.InferOutput<ReturnType<typeof createActivityGroupSchema>>;

type HoursMinutes = { hours: number; minutes: number };

/** A saved group as the API returns it (minor units), in the shape the wizard edits. */
export interface SavedActivityGroup {
  name: string;
  description: string;
  venue: { _id: string } | null;
  ageRange: { minMonths: number | null; maxMonths: number | null };
  schoolYears?: { min: number | null; max: number | null };
  blockOutOfRange: boolean;
  waitlistType: string | null;
  enabled: boolean;
  cancellationRules: string[];
  fieldData?: Record<string, unknown>;
  activities: {
    _id: string;
    date: string;
    startTime: string;
    endTime: string;
    placeLimit: number | null;
    enabled: boolean;
  }[];
  tickets: {
    _id: string;
    type: string;
    name: string;
    price: number;
    shouldProRata: boolean;
    placeLimit: number | null;
    restrictSessions: boolean;
    sessionsCanBeUsedFor: string[];
    subscriptionPlan: string | null;
    allowMidMonthBookings: boolean;
    coverFeePerSession: number | null;
    timeDisplay: { start: HoursMinutes; end: HoursMinutes } | null;
    enabled: boolean;
    /** A trial ticket (docs/rules/trials.md); absent on other tickets. */
    trial?: boolean;
  }[];
  addOns: {
    _id: string;
    name: string;
    price: number;
    restrictSessions: boolean;
    sessionsCanBeUsedFor: string[];
    enabled: boolean;
  }[];
}

const major = (minor: number | null) => (minor === null ? null : String(minorToMajor(minor)));
const age = (monthsTotal: number | null) =>
  monthsTotal === null ? null : { years: Math.floor(monthsTotal / 12), months: monthsTotal % 12 };

/** Answers to the client's activity fields as form values: currency back in major units. */
function fieldFormValues(
  fieldData: Readonly<Record<string, unknown>>,
  fields: readonly Pick<FieldDefinition, '_id' | 'type'>[],
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...fieldData };
  for (const field of fields) {
    const value = values[field._id];
    if (field.type === 'currency' && typeof value === 'number') {
      values[field._id] = String(minorToMajor(value));
    }
  }
  return values;
}

/**
 * The wizard's form values for a saved group: money back in major units (prices, fees and
 * currency field answers, which is why the client's activity fields are needed), age in years
 * and months, read-only fields dropped. Saving these unchanged saves the group unchanged.
 *
 * @example activityGroupFormValues(saved, fields).tickets[0].price // '80'
 */
export function activityGroupFormValues(
  group: SavedActivityGroup,
  fields: readonly Pick<FieldDefinition, '_id' | 'type'>[] = [],
): v.InferInput<ReturnType<typeof createActivityGroupSchema>> {
  return {
    name: group.name,
    description: group.description,
    venue: group.venue?._id ?? null,
    ageRange: { min: age(group.ageRange.minMonths), max: age(group.ageRange.maxMonths) },
    schoolYears: { min: group.schoolYears?.min ?? null, max: group.schoolYears?.max ?? null },
    blockOutOfRange: group.blockOutOfRange,
    waitlistType: group.waitlistType,
    enabled: group.enabled,
    cancellationRules: [...group.cancellationRules],
    fieldData: fieldFormValues(group.fieldData ?? {}, fields),
    activities: group.activities.map((s) => ({
      _id: s._id,
      date: s.date,
      startTime: s.startTime,
      endTime: s.endTime,
      placeLimit: s.placeLimit,
      enabled: s.enabled,
    })),
    tickets: group.tickets.map((t) => ({
      _id: t._id,
      type: t.type,
      name: t.name,
      price: major(t.price),
      shouldProRata: t.shouldProRata,
      placeLimit: t.placeLimit,
      restrictSessions: t.restrictSessions,
      sessionsCanBeUsedFor: [...t.sessionsCanBeUsedFor],
      subscriptionPlan: t.subscriptionPlan,
      allowMidMonthBookings: t.allowMidMonthBookings,
      coverFeePerSession: major(t.coverFeePerSession),
      overrideTimeDisplay: t.timeDisplay !== null,
      timeDisplay: t.timeDisplay,
      enabled: t.enabled,
      // Kept through an edit (and a copy for the next term), or saving would drop the mark.
      ...(t.trial ? { trial: true } : {}),
    })),
    addOns: group.addOns.map((a) => ({
      _id: a._id,
      name: a.name,
      price: major(a.price),
      restrictSessions: a.restrictSessions,
      sessionsCanBeUsedFor: [...a.sessionsCanBeUsedFor],
      enabled: a.enabled,
    })),
  };
}

/**
 * What a saved ticket carries about time (docs/data-model.md: proRataPrice, haveSessionsPast,
 * remaining).
 */
export interface TicketTiming {
  /** An all-sessions pro-rata ticket's price now; null for other tickets or none remaining. */
  proRataPrice: number | null;
  /** Some session this ticket is for (enabled, within its restriction) has started. */
  haveSessionsPast: boolean;
  /** Sessions this ticket is for that are still ahead. */
  remainingSessionsCount: number;
}

/**
 * A ticket's timing against its group's sessions at `now` (the client's wall clock), by the
 * same rules the basket prices with (`allowedSessions`, `isUpcoming`, `proRataPrice`), so the
 * price a parent sees is the price they are charged. A pro-rata ticket with nothing left has no
 * price (null): it cannot be bought, and 0 would read as free.
 *
 * @example ticketTiming({ type: 'all', price: 20000, shouldProRata: true, restrictSessions: false, sessionsCanBeUsedFor: [] }, fiveSessionsOneStarted, now) // { proRataPrice: 16000, haveSessionsPast: true, remainingSessionsCount: 4 }
 */
export function ticketTiming(
  ticket: {
    type: string;
    price: number;
    shouldProRata: boolean;
    restrictSessions: boolean;
    sessionsCanBeUsedFor: readonly string[];
  },
  sessions: readonly SessionRow[],
  now: LocalNow,
): TicketTiming {
  const usable = allowedSessions(sessions, ticket);
  const remaining = usable.filter((s) => isUpcoming(s, now)).length;
  const proRata = ticket.type === 'all' && ticket.shouldProRata && remaining > 0;
  return {
    proRataPrice: proRata ? proRataPrice(ticket.price, remaining, usable.length) : null,
    haveSessionsPast: remaining < usable.length,
    remainingSessionsCount: remaining,
  };
}
