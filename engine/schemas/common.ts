import * as v from 'valibot';
import { messages } from '../messages.ts';
import { MINOR_PER_MAJOR, majorToMinor } from '../money.ts';

/*
 * Every string and number a schema accepts is bounded here, once, so no route can store a
 * megabyte name, a NUL byte PostgreSQL refuses, or Infinity (docs/rules/input-limits.md).
 */
export const LIMITS = {
  /** Names, titles, labels, cities, option names. */
  name: 200,
  email: 254,
  /** Codes, enum-like values, dates, times, currency and country codes, postcodes. */
  code: 50,
  /** Ids of our rows (24 hex characters) and the browser's temp_ ids. */
  id: 100,
  password: 200,
  /** Help texts, instructions, one-line notes. */
  text: 2000,
  /** Descriptions and other rich text. */
  longText: 20_000,
  /** Items in a list of ids or sub-forms. */
  list: 1000,
  /** Whole numbers: counts, limits, windows. PostgreSQL's integer column stops at 2^31 − 1. */
  integer: 1_000_000,
  /** Money in minor units per amount: 100,000.00 in a two-decimal currency. */
  moneyMinor: 10_000_000,
} as const;

/** True when a string can be stored by both databases: PostgreSQL refuses U+0000 in text. */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/**
 * A string of at most `max` characters with no NUL: the one text primitive every schema uses.
 *
 * @example v.parse(boundedText(5), 'hello') // 'hello'
 */
export const boundedText = (max: number, message: string = messages.invalidInput) =>
  v.pipe(
    v.string(message),
    v.check(hasNoNul, messages.invalidCharacter),
    v.maxLength(max, messages.tooLong(max)),
  );

/** A non-empty string after trimming; the spec's 'Required' otherwise. At most `max` characters. */
export const requiredString = (message: string = messages.required, max: number = LIMITS.name) =>
  v.pipe(boundedText(max, message), v.trim(), v.nonEmpty(message));

/** A finite number (JSON's 1e309 parses to Infinity). */
export const finiteNumber = (message: string = messages.invalidNumber) =>
  v.pipe(v.number(message), v.finite(message));

/** Pages of a list: `?page=` is a whole number from 1 (digits only: 1e309, -1 and 1.5 are refused). */
export const queryPage = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, messages.wholeNumber),
    v.transform(Number),
    v.minValue(1, messages.wholeNumber),
  ),
  '1',
);

/** `?limit=`: a whole number from 1 to `max`, `fallback` when absent. */
export const queryLimit = (max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, messages.wholeNumber),
      v.transform(Number),
      v.minValue(1, messages.wholeNumber),
      v.maxValue(max, messages.numberTooLarge(max)),
    ),
    String(fallback),
  );

/**
 * docs/rules/forms-and-messages.md: 'Not a valid email address'. Lower-cased so sign-in is
 * case-insensitive.
 */
export const email = v.pipe(
  requiredString(messages.required, LIMITS.email),
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
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return Number.NaN;
    const n = Number(text);
    return Number.isFinite(n) ? n : Number.NaN;
  }
  return Number.NaN;
}

/** A form number: a finite number, a short numeric string, blank or null. Checked by the form's rules. */
export const numberish = v.optional(
  v.nullable(
    v.union(
      [finiteNumber(), v.pipe(v.string(), v.maxLength(LIMITS.code, messages.invalidNumber))],
      messages.invalidNumber,
    ),
  ),
);
/** An optional text field of at most `max` characters. */
export const optionalTextOf = (max: number) => v.optional(v.nullable(boundedText(max)));
/** An optional short text field: a name, a label, an enum value (LIMITS.name). */
export const optionalText = optionalTextOf(LIMITS.name);
/** An optional boolean toggle. */
export const flag = v.optional(v.nullable(v.boolean()));
/** One id of ours or the browser's temporary one. */
export const id = boundedText(LIMITS.id);
/** A list of ids. */
export const idList = v.optional(
  v.nullable(v.pipe(v.array(id), v.maxLength(LIMITS.list, messages.listTooLong(LIMITS.list)))),
);
/** Answers to custom fields by field id; each value is checked by its field's type. */
export const fieldDataRecord = v.pipe(
  v.record(id, v.unknown()),
  v.check((data) => Object.keys(data).length <= LIMITS.list, messages.invalidInput),
);
/** A list of sub-forms, at most LIMITS.list of them. */
export const boundedArray = <T extends v.GenericSchema>(item: T) =>
  v.pipe(v.array(item), v.maxLength(LIMITS.list, messages.listTooLong(LIMITS.list)));

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
  const minor = majorToMinor(n);
  if (minor > LIMITS.moneyMinor) {
    issues.add(key, messages.amountTooLarge(LIMITS.moneyMinor / MINOR_PER_MAJOR));
    return null;
  }
  return minor;
}

/**
 * Checks a whole number (counts, limits, windows parse as integers,
 * docs/rules/forms-and-messages.md). Returns the integer or null when blank or invalid.
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
  // Counts and windows have no business near PostgreSQL's integer limit.
  if (Math.abs(int) > LIMITS.integer) {
    issues.add(key, messages.numberTooLarge(LIMITS.integer));
    return null;
  }
  return int;
}

/** The longest period (a window, an expiry) in each unit: 100 years. Dates stop at 2199. */
const PERIOD_MAX: Record<string, number> = {
  hours: 876_000,
  days: 36_500,
  weeks: 5_200,
  months: 1_200,
  years: 100,
};

/**
 * The `max` for checkInteger on a period's amount in `unit` (unknown units: days, the default).
 *
 * @example checkInteger(issues, 'amount', '200', { max: periodMax('years') }) // 'Please choose a period of at most 100 years.'
 */
export const periodMax = (unit: unknown) => ({
  value: PERIOD_MAX[String(unit)] ?? PERIOD_MAX.days!,
  message: messages.periodTooLong,
});

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
  else if (round) return Math.round(n);
  // Percentages are stored as whole numbers (an integer column on both databases).
  else if (!Number.isInteger(n)) issues.add(key, messages.percentageWhole);
  else return n;
  return null;
}
