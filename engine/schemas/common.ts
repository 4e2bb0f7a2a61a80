import * as v from 'valibot';
import { messages } from '../messages.ts';
import { majorToMinor } from '../money.ts';

/** A non-empty string after trimming; the spec's 'Required' otherwise. */
export const requiredString = (message: string = messages.required) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

/** Spec §5: 'Not a valid email address'. Lower-cased so sign-in is case-insensitive. */
export const email = v.pipe(
  requiredString(),
  v.email(messages.invalidEmail),
  v.maxLength(254, messages.invalidEmail),
  v.toLowerCase(),
);

/**
 * Turns valibot issues into the wire format's `errors` map: the first message per field path.
 *
 * @example fieldErrors(v.safeParse(schema, input).issues) // { email: 'Required' }
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[] | undefined) {
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const key = v.getDotPath(issue) ?? '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** One problem with one field of a form; `path` is the field's key path, e.g. ['price']. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/**
 * A number from a form value: numbers pass, numeric strings are parsed, blank ('' / null /
 * undefined) is `null`, anything else `NaN`. Forms send strings; the API may send numbers.
 *
 * @example toNumber(' 12.5 ') // 12.5
 */
export function toNumber(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  }
  return Number.NaN;
}

/** A form number: a number, a numeric string, blank or null. Checked by the form's rules. */
export const numberish = v.optional(v.nullable(v.union([v.number(), v.string()])));
/** An optional text field. */
export const optionalText = v.optional(v.nullable(v.string()));
/** An optional boolean toggle. */
export const flag = v.optional(v.nullable(v.boolean()));
/** A list of ids. */
export const idList = v.optional(v.nullable(v.array(v.string())));

/**
 * Builds a form schema from loose field types plus a rule function that returns every issue at
 * once (so conditional rules live in one readable function the dashboard can call too) and an
 * output mapper (major → minor units, hidden fields dropped). Unknown keys are rejected.
 *
 * @example formSchema({ name: optionalText }, (f) => (f.name ? [] : [{ path: ['name'], message: 'Required' }]), (f) => f)
 */
export function formSchema<
  const TEntries extends v.ObjectEntries,
  TOutput,
  TInput extends v.InferOutput<v.StrictObjectSchema<TEntries, undefined>>,
>(entries: TEntries, rules: (input: TInput) => FieldIssue[], output: (input: TInput) => TOutput) {
  return v.pipe(
    v.strictObject(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value as Record<string, unknown>;
      for (const issue of rules(input as TInput)) {
        addIssue({
          message: issue.message,
          path: issue.path.map((key) =>
            typeof key === 'number'
              ? { type: 'array', origin: 'value', input: [], key, value: undefined }
              : { type: 'object', origin: 'value', input, key, value: input[key] },
          ) as [v.IssuePathItem, ...v.IssuePathItem[]],
        });
      }
    }),
    v.transform((input) => output(input as TInput)),
  );
}

/** Collects issues for the rule functions in one place. */
export class Issues {
  readonly list: FieldIssue[] = [];
  add(path: string | (string | number)[], message: string): void {
    this.list.push({ path: Array.isArray(path) ? path : [path], message });
  }
  has(path: string): boolean {
    return this.list.some((i) => i.path[0] === path);
  }
}

/** True for '', null, undefined and whitespace-only strings. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * Checks a money amount entered in major units: required → message, NaN → invalid number,
 * negative → `negativeMessage`. Returns the amount in minor units or null when blank/invalid.
 */
export function checkMoney(
  issues: Issues,
  key: string | (string | number)[],
  value: unknown,
  opts: { required?: string; negative: string; min?: { value: number; message: string } },
): number | null {
  const n = toNumber(value);
  if (n === null) {
    if (opts.required) issues.add(key, opts.required);
    return null;
  }
  if (Number.isNaN(n)) {
    issues.add(key, messages.invalidNumber);
    return null;
  }
  if (n < 0) {
    issues.add(key, opts.negative);
    return null;
  }
  if (opts.min && n < opts.min.value) {
    issues.add(key, opts.min.message);
    return null;
  }
  return majorToMinor(n);
}

/**
 * Checks a whole number (counts, limits, windows parse as integers, spec §5).
 * Returns the integer or null when blank or invalid.
 */
export function checkInteger(
  issues: Issues,
  key: string | (string | number)[],
  value: unknown,
  opts: {
    required?: string;
    min?: { value: number; message: string };
    max?: { value: number; message: string };
  },
): number | null {
  const n = toNumber(value);
  if (n === null) {
    if (opts.required) issues.add(key, opts.required);
    return null;
  }
  if (Number.isNaN(n)) {
    issues.add(key, messages.invalidNumber);
    return null;
  }
  const int = Math.trunc(n);
  if (opts.min && int < opts.min.value) {
    issues.add(key, opts.min.message);
    return null;
  }
  if (opts.max && int > opts.max.value) {
    issues.add(key, opts.max.message);
    return null;
  }
  return int;
}

/** Checks a percentage 0–100 with the spec's two messages; returns it or null. */
export function checkPercentage(
  issues: Issues,
  key: string | (string | number)[],
  value: unknown,
  required: boolean,
  round = false,
): number | null {
  const n = toNumber(value);
  if (n === null) {
    if (required) issues.add(key, messages.required);
    return null;
  }
  if (Number.isNaN(n)) {
    issues.add(key, messages.invalidNumber);
    return null;
  }
  if (n < 0) issues.add(key, messages.percentageMin);
  else if (n > 100) issues.add(key, messages.percentageMax);
  else return round ? Math.round(n) : n;
  return null;
}
