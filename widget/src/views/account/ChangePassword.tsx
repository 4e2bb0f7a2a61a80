/*
 * Changing the password while signed in (docs/rules/account.md): the current one, then the new
 * one twice, by the registration rules. The server signs every other session out; this one stays.
 */
import { type FormEvent, useRef, useState } from 'react';
import * as v from 'valibot';
import { changePasswordSchema } from '../../../../engine/schemas/account.ts';
import { fieldErrors } from '../../../../engine/schemas/common.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText } from '../ui.tsx';
import { accountText } from './account-text.ts';
import { useId } from './Input.tsx';

type Errors = Record<string, string>;

export function ChangePassword() {
  const { api } = useStore();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const data = new FormData(event.currentTarget);
    const body = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      password: String(data.get('password') ?? ''),
      confirmPassword: String(data.get('confirmPassword') ?? ''),
    };
    const checked = v.safeParse(changePasswordSchema, body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.issues));
      setError(null);
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      const result = await api.post<{ message: string }>('/api/users/me/password', body);
      form.current?.reset();
      setDone(result.message);
    } catch (e) {
      setError(failureText(e));
      setErrors((e as { errors?: Errors }).errors ?? {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="cw-form" onSubmit={submit} noValidate>
      <Alert>{error}</Alert>
      <Password
        name="currentPassword"
        label={accountText.currentPassword}
        auto="current-password"
        error={errors.currentPassword}
      />
      <Password
        name="password"
        label={accountText.newPassword}
        auto="new-password"
        error={errors.password}
      />
      <Password
        name="confirmPassword"
        label={accountText.confirmNewPassword}
        auto="new-password"
        error={errors.confirmPassword}
      />
      <p className="cw-ok" role="status">
        {done}
      </p>
      <div className="cw-row">
        <button type="submit" className="cw-btn" disabled={busy}>
          {busy ? text.saving : accountText.changePassword}
        </button>
      </div>
    </form>
  );
}

function Password({
  name,
  label,
  auto,
  error,
}: {
  name: string;
  label: string;
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
        type="password"
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
