/*
 * Small form helpers of the activity, venue and field screens: the engine's schema gives the
 * messages, these only run it and show them.
 */
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { ApiError } from '../../../../api-client/index.ts';
import { fieldErrors } from '../../../../engine/index.ts';

export type Errors = Record<string, string>;

/**
 * Runs a form schema and returns its messages by dot path ('price', 'repeat.endDate').
 *
 * @example errorsOf(ticketSchema, { type: 'all' }).name // 'Required'
 */
export function errorsOf(schema: v.GenericSchema, values: unknown): Errors {
  const result = v.safeParse(schema, values);
  return result.success ? {} : fieldErrors(result.issues);
}

/** The per-field errors a failed save answered with (the server runs the same schema). */
export const serverErrorsOf = (error: unknown): Errors =>
  error instanceof ApiError ? error.errors : {};

/** A failed save's message when no field carries it (shown at the top of the form), else null. */
export const formLevelError = (error: Error | null): string | null =>
  error && Object.keys(serverErrorsOf(error)).length === 0 ? error.message : null;

/** Scrolls the first field showing an error into view and focuses its control. */
export function scrollToFirstError(root: ParentNode = document) {
  requestAnimationFrame(() => {
    const field = root.querySelector('.has-error');
    if (!field) return;
    field.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const control = field.querySelector<HTMLElement>('input, select, textarea, [contenteditable]');
    control?.focus({ preventScroll: true });
  });
}

/**
 * A stable-enough temporary id for an unsaved item (docs/rules/editing-and-states.md: prefix
 * temp_).
 */
export const tempId = () =>
  `temp_${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;

export const isTemp = (id: string | null | undefined) => !id || id.startsWith('temp_');

/**
 * A labelled checkbox (or switch) with an optional hint.
 *
 * @example <Checkbox label="Required" checked={f.required} onChange={(required) => set({ required })} />
 */
export function Checkbox({
  label,
  checked,
  onChange,
  hint,
  disabled,
  switchStyle = false,
  errorId,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  switchStyle?: boolean;
  /** The id of this box's error message, when it has one: read with the box, and marks it invalid. */
  errorId?: string;
}) {
  return (
    <label
      className={`check${switchStyle ? ' check-switch' : ''}${disabled ? ' is-disabled' : ''}`}
    >
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="check-text">
        <span className="check-label">{label}</span>
        {hint ? <span className="check-hint">{hint}</span> : null}
      </span>
    </label>
  );
}

/** Text of a number-ish form value for an <input>. */
export const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);
