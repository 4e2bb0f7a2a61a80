import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import * as v from 'valibot';
import { ApiError } from '../../../api-client/index.ts';
import { fieldErrors, loginSchema } from '../../../engine/index.ts';
import { useLogin, useSession } from '../api.ts';
import { Alert } from '../components/Alert.tsx';
import { BrandMark } from '../components/BrandMark.tsx';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/FormField.tsx';
import type { LoginState } from '../components/RequireAuth.tsx';
import { PageSpinner } from '../components/Spinner.tsx';

type Values = { email: string; password: string };

/** The engine's login schema checks the form, so its messages are the server's ('Required'…). */
function validate(values: Values): Partial<Record<keyof Values, string>> {
  return fieldErrors(v.safeParse(loginSchema, values).issues);
}

/** Admin sign-in. The API sets the HttpOnly session cookie; the browser never sees the token. */
export function LoginScreen() {
  const session = useSession();
  const login = useLogin();
  const from = (useLocation().state as LoginState | null)?.from;
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  // Errors appear once the admin tries to sign in, then follow each keystroke.
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    document.title = 'Sign in · Classwise';
  }, []);

  if (session.isPending) return <PageSpinner label="Checking your session" />;
  // Signed in already, or just now: go where the admin was heading.
  if (session.data) return <Navigate to={from ? `${from.pathname}${from.search}` : '/'} replace />;

  const errors = submitted ? validate(values) : {};
  const server = login.error instanceof ApiError ? login.error : null;
  const fieldError = (name: keyof Values) => errors[name] ?? server?.errors[name];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problems = validate(values);
    const first = (['email', 'password'] as const).find((name) => problems[name]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    login.mutate(values);
  };

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    if (login.error) login.reset();
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <BrandMark />
        </div>
        <h1 className="login-title">Sign in to your dashboard</h1>
        <p className="login-subtitle">Manage your activities, bookings and settings.</p>
        {login.error ? <Alert>{login.error.message}</Alert> : null}
        <form className="form" noValidate onSubmit={onSubmit}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={set('email')}
            error={fieldError('email')}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={fieldError('password')}
          />
          <Button type="submit" block loading={login.isPending}>
            Sign in
          </Button>
        </form>
        <p>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      </div>
    </main>
  );
}
