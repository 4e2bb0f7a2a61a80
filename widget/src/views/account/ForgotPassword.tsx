/*
 * 'Forgot password?' inside the widget: the parent's address, and the server's answer, which is
 * the same whether or not it has an account. The e-mailed link opens our hosted reset page.
 */
import { type FormEvent, useState } from 'react';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, StepHeading } from '../ui.tsx';

export function ForgotPassword() {
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    setError(null);
    try {
      const result = await store.api.post<{ message: string }>('/api/auth/forgot-password', {
        email,
      });
      setAnswer(result.message);
    } catch (e) {
      setError(failureText(e));
      setFieldError((e as { errors?: Record<string, string> }).errors?.email);
      setBusy(false);
    }
  };
  if (answer)
    return (
      <p className="cw-note" role="status">
        {answer}
      </p>
    );
  return (
    <form className="cw-form" onSubmit={onSubmit} noValidate>
      <StepHeading>{text.forgotHeading}</StepHeading>
      <Alert>{error}</Alert>
      <div className="cw-field">
        <label htmlFor="cw-forgot-email">{text.email}</label>
        <input
          id="cw-forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'cw-forgot-email-e' : undefined}
        />
        {fieldError && (
          <span id="cw-forgot-email-e" className="cw-field-error">
            {fieldError}
          </span>
        )}
      </div>
      <div className="cw-row">
        <button type="submit" className="cw-btn" disabled={busy}>
          {text.sendResetLink}
        </button>
      </div>
    </form>
  );
}
