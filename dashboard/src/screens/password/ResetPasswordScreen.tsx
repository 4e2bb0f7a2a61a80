import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { ApiError } from '../../../../api-client/index.ts';
import { fieldErrors, resetPasswordSchema } from '../../../../engine/index.ts';
import { api } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { BrandMark } from '../../components/BrandMark.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/FormField.tsx';

type Values = { password: string; confirmPassword: string };

/** The e-mailed link's page: choose a new password once, within the hour. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState<Values>({ password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(() => {
    document.title = 'Choose a new password · Classwise';
  }, []);

  const check = () => fieldErrors(v.safeParse(resetPasswordSchema, { token, ...values }).issues);
  const errors: Partial<Record<string, string>> = submitted ? check() : {};

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(check()).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      const result = await api.post<{ message: string }>('/api/auth/reset-password', {
        token,
        ...values,
      });
      setDone(result.message);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught : null);
    } finally {
      setPending(false);
    }
  };

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <BrandMark />
        </div>
        <h1 className="login-title">Choose a new password</h1>
        {done ? (
          <>
            <p role="status">{done}</p>
            <p>
              <Link to="/login">Sign in</Link>
            </p>
          </>
        ) : (
          <>
            {failure ? <Alert>{failure.message}</Alert> : null}
            {errors.token ? <Alert>{errors.token}</Alert> : null}
            <form className="form" noValidate onSubmit={onSubmit}>
              <TextField
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                value={values.password}
                onChange={set('password')}
                error={errors.password ?? failure?.errors.password}
              />
              <TextField
                label="Confirm new password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
                error={errors.confirmPassword ?? failure?.errors.confirmPassword}
              />
              <Button type="submit" block loading={pending}>
                Save new password
              </Button>
            </form>
            <p>
              <Link to="/forgot-password">Ask for a new link</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
