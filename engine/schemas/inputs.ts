import * as v from 'valibot';
import { messages } from '../messages.ts';
import { checkInteger, formSchema, Issues, numberish } from './common.ts';

/**
 * docs/rules/constants.md: duration hours 0–99, minutes 0–59; range 30–720 minutes in steps of 30.
 */
export const DURATION_LIMITS = { hours: 99, minutes: 59 } as const;
export const RANGE = { min: 30, max: 720, step: 30 } as const;

/**
 * Rules of a duration input (hours, minutes); blank parts count as 0.
 *
 * @example validateDuration({ hours: 100, minutes: 0 }) // [{ path: ['hours'], message: 'Hours must be between 0 and 99.' }]
 */
export function validateDuration(form: { hours?: unknown; minutes?: unknown }) {
  const issues = new Issues();
  const hours = {
    min: { value: 0, message: messages.durationHoursRange },
    max: { value: 99, message: messages.durationHoursRange },
  };
  const minutes = {
    min: { value: 0, message: messages.durationMinutesRange },
    max: { value: 59, message: messages.durationMinutesRange },
  };
  checkInteger(issues, 'hours', form.hours, hours);
  checkInteger(issues, 'minutes', form.minutes, minutes);
  return issues.list;
}

/**
 * A duration value: output in whole hours and minutes.
 *
 * @example v.parse(durationSchema, { hours: '1', minutes: '30' }) // { hours: 1, minutes: 30 }
 */
export const durationSchema = formSchema(
  { hours: numberish, minutes: numberish },
  validateDuration,
  (f) => ({
    hours: checkInteger(new Issues(), 'x', f.hours, {}) ?? 0,
    minutes: checkInteger(new Issues(), 'x', f.minutes, {}) ?? 0,
  }),
);

/**
 * An age value (years, months), e.g. an activity's age range.
 *
 * @example v.parse(ageSchema, { years: 4, months: 6 }) // { years: 4, months: 6 }
 */
export const ageSchema = formSchema(
  { years: numberish, months: numberish },
  (f) => {
    const issues = new Issues();
    checkInteger(issues, 'years', f.years, { min: { value: 0, message: messages.invalidNumber } });
    checkInteger(issues, 'months', f.months, {
      min: { value: 0, message: messages.invalidNumber },
      max: { value: 11, message: messages.invalidNumber },
    });
    return issues.list;
  },
  (f) => ({
    years: checkInteger(new Issues(), 'x', f.years, {}) ?? 0,
    months: checkInteger(new Issues(), 'x', f.months, {}) ?? 0,
  }),
);

/**
 * The range slider's value in minutes: 30 to 720 in steps of 30.
 *
 * @example v.parse(rangeSchema, 90) // 90
 */
export const rangeSchema = v.pipe(
  v.number(messages.rangeInvalid),
  v.integer(messages.rangeInvalid),
  v.minValue(RANGE.min, messages.rangeInvalid),
  v.maxValue(RANGE.max, messages.rangeInvalid),
  v.multipleOf(RANGE.step, messages.rangeInvalid),
);

/**
 * The slider's label: minutes shown in hours.
 *
 * @example formatRangeHours(90) // '1.5 hours'
 */
export function formatRangeHours(minutes: number): string {
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
