import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import * as v from 'valibot';
import { ApiError } from '../../../../api-client/index.ts';
import { fieldErrors, forgotPasswordSchema } from '../../../../engine/index.ts';
import { api } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { BrandMark } from '../../components/BrandMark.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/FormField.tsx';

/**
 * 'Forgot password?' from the sign-in: the admin types their address and is e-mailed a link.
 * The answer is the same whether or not the address has an account.
 */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Forgot password · Classwise';
  }, []);

  const error = submitted
    ? fieldErrors(v.safeParse(forgotPasswordSchema, { email }).issues).email
    : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!v.safeParse(forgotPasswordSchema, { email }).success) return;
    setPending(true);
    setFailure(null);
    try {
      const result = await api.post<{ message: string }>('/api/auth/forgot-password', { email });
      setAnswer(result.message);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <BrandMark />
        </div>
        <h1 className="login-title">Forgot your password?</h1>
        {answer ? (
          <p role="status">{answer}</p>
        ) : (
          <>
            <p className="login-subtitle">We will e-mail you a link to choose a new one.</p>
            {failure ? <Alert>{failure}</Alert> : null}
            <form className="form" noValidate onSubmit={onSubmit}>
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={error}
              />
              <Button type="submit" block loading={pending}>
                Send me a link
              </Button>
            </form>
          </>
        )}
        <p>
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}
