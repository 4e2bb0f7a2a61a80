/*
 * A form that asks the server to e-mail the parent a link (a password reset, a sign-in link):
 * one address in, and the server's answer shown as it comes, which is the same whether or not
 * the address has an account.
 */
import { type FormEvent, useState } from 'react';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, StepHeading } from '../ui.tsx';
import { Input } from './Input.tsx';

export function EmailRequestForm({
  path,
  heading,
  help,
  submitLabel,
}: {
  /** The API route that sends the e-mail. */
  path: string;
  heading: string;
  help?: string;
  submitLabel: string;
}) {
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
      const result = await store.api.post<{ message: string }>(path, { email });
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
      <StepHeading>{heading}</StepHeading>
      {help && <p className="cw-help">{help}</p>}
      <Alert>{error}</Alert>
      <Input name="email" type="email" label={text.email} auto="email" error={fieldError} />
      <div className="cw-row">
        <button type="submit" className="cw-btn" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
