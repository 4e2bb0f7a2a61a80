/*
 * The account forms' text input: a label, the input and its error, tied together for screen
 * readers. Shared by sign-in, registration, the e-mailed-link forms and the invitation.
 */
import { useState } from 'react';

let uid = 0;
/** An id unique within the page (two widgets may show the same form). */
export const useId = () => useState(() => `cw-f${++uid}`)[0];

export function Input({
  name,
  label,
  type = 'text',
  auto,
  error,
}: {
  name: string;
  label: string;
  type?: string;
  auto: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="cw-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={auto}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
      />
      {error && (
        <span id={`${id}-e`} className="cw-field-error">
          {error}
        </span>
      )}
    </div>
  );
}
