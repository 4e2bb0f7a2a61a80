import * as v from 'valibot';
import { isDate, isTime, minutesOf, WEEKDAYS, type Weekday } from '../dates.ts';
import { messages } from '../messages.ts';
import {
  boundedArray,
  boundedText,
  checkInteger,
  flag,
  formSchema,
  Issues,
  idList,
  isBlank,
  LIMITS,
  numberish,
  optionalText,
} from './common.ts';

export const REPEAT_FREQUENCIES = ['None', 'Daily', 'Weekly'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
export const REPEAT_END_TYPES = ['occurrences', 'date'] as const;
/** docs/rules/forms-and-messages.md: daily repeat days default to Monday to Friday. */
export const DEFAULT_REPEAT_DAYS: readonly Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
];
/** Upper bound on generated sessions, so a typo (9999 occurrences) cannot flood a group. */
export const MAX_OCCURRENCES = 500;

const repeatEntries = v.optional(
  v.nullable(
    v.strictObject({
      frequency: optionalText,
      repeatDays: v.optional(v.nullable(boundedArray(boundedText(LIMITS.code)))),
      endType: optionalText,
      occurrences: numberish,
      endDate: optionalText,
    }),
  ),
);

const sessionEntries = {
  _id: optionalText,
  date: optionalText,
  startTime: optionalText,
  endTime: optionalText,
  placeLimit: numberish,
  enabled: flag,
  repeat: repeatEntries,
};
export type SessionForm = v.InferOutput<v.StrictObjectSchema<typeof sessionEntries, undefined>>;

export interface RepeatOptions {
  frequency: 'Daily' | 'Weekly';
  repeatDays: Weekday[];
  end: { type: 'occurrences'; occurrences: number } | { type: 'date'; endDate: string };
}

/** A session as saved, plus its repeat options (new sessions only). */
export interface SessionData {
  _id?: string;
  date: string;
  startTime: string;
  endTime: string;
  placeLimit: number | null;
  enabled: boolean;
  repeat: RepeatOptions | null;
}

/**
 * Repeat options apply only to new sessions: no id yet, or a temporary `temp_` id
 * (docs/rules/editing-and-states.md).
 */
export const isNewSession = (id: string | null | undefined) => !id || id.startsWith('temp_');

/**
 * Which session fields show: repeat options only for new sessions, days only for Daily, the
 * occurrences or end date per end type.
 *
 * @example sessionVisibleFields({ repeat: { frequency: 'Daily', endType: 'date' } }).endDate // true
 */
export function sessionVisibleFields(form: Partial<SessionForm>) {
  const repeating =
    isNewSession(form._id) &&
    (form.repeat?.frequency === 'Daily' || form.repeat?.frequency === 'Weekly');
  return {
    repeat: isNewSession(form._id),
    repeatDays: repeating && form.repeat?.frequency === 'Daily',
    endType: repeating,
    occurrences: repeating && form.repeat?.endType === 'occurrences',
    endDate: repeating && form.repeat?.endType === 'date',
  };
}

/**
 * Rules of the session dialog (docs/rules/forms-and-messages.md).
 *
 * @example validateSession({ date: '2025-01-06', startTime: '15:30', endTime: '16:30', placeLimit: 0 }) // placeLimit: 'If specifying a place limit it must be at least 1'
 */
export function validateSession(form: SessionForm) {
  const issues = new Issues();
  const show = sessionVisibleFields(form);
  if (isBlank(form.date)) issues.add('date', messages.required);
  else if (!isDate(form.date!)) issues.add('date', messages.invalidDate);
  for (const key of ['startTime', 'endTime'] as const) {
    if (isBlank(form[key])) issues.add(key, messages.required);
    else if (!isTime(form[key]!)) issues.add(key, messages.invalidTime);
  }
  if (
    !issues.has('startTime') &&
    !issues.has('endTime') &&
    minutesOf(form.endTime!) <= minutesOf(form.startTime!)
  ) {
    issues.add('endTime', messages.endTimeBeforeStart);
  }
  checkInteger(issues, 'placeLimit', form.placeLimit, {
    min: { value: 1, message: messages.placeLimitMin },
  });
  const repeat = form.repeat;
  if (
    show.repeat &&
    repeat &&
    !isBlank(repeat.frequency) &&
    !REPEAT_FREQUENCIES.includes(repeat.frequency as RepeatFrequency)
  ) {
    issues.add(['repeat', 'frequency'], messages.unknownOption);
  }
  if (show.repeatDays) {
    const days = repeat?.repeatDays ?? [...DEFAULT_REPEAT_DAYS];
    if (days.length === 0) issues.add(['repeat', 'repeatDays'], messages.repeatDaysRequired);
    else if (days.some((d) => !WEEKDAYS.includes(d as Weekday)))
      issues.add(['repeat', 'repeatDays'], messages.unknownOption);
  }
  if (show.endType) {
    if (isBlank(repeat?.endType)) issues.add(['repeat', 'endType'], messages.required);
    else if (!REPEAT_END_TYPES.includes(repeat!.endType as 'date'))
      issues.add(['repeat', 'endType'], messages.unknownOption);
  }
  if (show.occurrences) {
    checkInteger(issues, ['repeat', 'occurrences'], repeat?.occurrences, {
      required: messages.required,
      min: { value: 1, message: messages.amountMin1 },
      max: { value: MAX_OCCURRENCES, message: `Please enter at most ${MAX_OCCURRENCES}.` },
    });
  }
  if (show.endDate) {
    if (isBlank(repeat?.endDate)) issues.add(['repeat', 'endDate'], messages.required);
    else if (!isDate(repeat!.endDate!)) issues.add(['repeat', 'endDate'], messages.invalidDate);
    else if (form.date && isDate(form.date) && repeat!.endDate! < form.date) {
      issues.add(['repeat', 'endDate'], messages.endDateBeforeStart);
    }
  }
  return issues.list;
}

function toSession(form: SessionForm): SessionData {
  const show = sessionVisibleFields(form);
  const r = form.repeat;
  const repeat: RepeatOptions | null = show.endType
    ? {
        frequency: r!.frequency as 'Daily' | 'Weekly',
        repeatDays: show.repeatDays
          ? ((r!.repeatDays ?? [...DEFAULT_REPEAT_DAYS]) as Weekday[])
          : [],
        end:
          r!.endType === 'occurrences'
            ? { type: 'occurrences', occurrences: Math.trunc(Number(r!.occurrences)) }
            : { type: 'date', endDate: r!.endDate! },
      }
    : null;
  return {
    ...(form._id ? { _id: form._id } : {}),
    date: form.date!,
    startTime: form.startTime!,
    endTime: form.endTime!,
    placeLimit: checkInteger(new Issues(), 'x', form.placeLimit, {}),
    enabled: form.enabled ?? true,
    repeat,
  };
}

/**
 * The add/edit session dialog. Feed the output to `generateSessions` to expand repeats.
 *
 * @example v.parse(sessionSchema, { date: '2025-01-06', startTime: '15:30', endTime: '16:30' }).repeat // null
 */
export const sessionSchema = formSchema(sessionEntries, validateSession, toSession);

const bulkEntries = { sessionIds: idList, placeLimit: numberish };

/**
 * Bulk update of place limits: at least 1, or blank to remove the limits
 * (docs/rules/forms-and-messages.md).
 *
 * @example v.parse(bulkPlaceLimitSchema, { sessionIds: ['a'], placeLimit: '' }) // { sessionIds: ['a'], placeLimit: null }
 */
export const bulkPlaceLimitSchema = formSchema(
  bulkEntries,
  (f) => {
    const issues = new Issues();
    if (!f.sessionIds?.length) issues.add('sessionIds', messages.required);
    checkInteger(issues, 'placeLimit', f.placeLimit, {
      min: { value: 1, message: messages.placeLimitMin },
    });
    return issues.list;
  },
  (f) => ({
    sessionIds: [...(f.sessionIds ?? [])],
    placeLimit: checkInteger(new Issues(), 'x', f.placeLimit, {}),
  }),
);
