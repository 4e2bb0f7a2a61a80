/*
 * Signing in inside the widget: continue a saved session, sign in, or register
 * (docs/rules/forms-and-messages.md's registration rules, checked with the engine's own schema
 * before the server checks it again). Whatever needs a parent (booking, waitlist, my bookings)
 * renders inside <RequireSignIn>.
 */
import { type FormEvent, Fragment, type ReactNode, useEffect, useState } from 'react';
import * as v from 'valibot';
import type { User } from '../../../../api-client/index.ts';
import { registrationSchema } from '../../../../engine/schemas/auth.ts';
import { fieldErrors } from '../../../../engine/schemas/common.ts';
import { useWidget } from '../../store.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, isUnauthorised, StepHeading, StepSkeleton } from '../ui.tsx';
import { ForgotPassword } from './ForgotPassword.tsx';
import { householdText } from './household-text.ts';
import { Input, useId } from './Input.tsx';
import {
  AcceptInvite,
  type EmailedLink,
  RedeemSignInLink,
  SignInLinkForm,
  takeEmailedLink,
} from './LinkSignIn.tsx';

/**
 * Shows `children(user)` once a parent is signed in; until then the sign-in and register forms.
 *
 * @example <RequireSignIn>{(user) => <Attendees user={user} />}</RequireSignIn>
 */
export function RequireSignIn({ children }: { children: (user: User) => ReactNode }) {
  const store = useStore();
  const session = useWidget(store, (s) => s.session);
  const ended = useWidget(store, (s) => s.sessionEnded);
  const [failed, setFailed] = useState<unknown>(null);
  // An e-mailed sign-in link or household invitation this page was opened with.
  const [emailed, setEmailed] = useState<EmailedLink | null>(takeEmailedLink);

  // A token saved on an earlier visit: ask who it belongs to (and whether it still works).
  useEffect(() => {
    if (!session || session.user) return;
    let live = true;
    setFailed(null);
    store.api.get<User>('/api/users/me').then(
      (user) => live && store.actions.signedIn(session.token, user),
      // A 401 has already signed the parent out (see the store); anything else can be retried.
      (error) => live && !isUnauthorised(error) && setFailed(error),
    );
    return () => {
      live = false;
    };
  }, [session, store]);

  if (emailed?.kind === 'invite')
    return <AcceptInvite token={emailed.token} onDone={() => setEmailed(null)} />;
  if (emailed?.kind === 'signin')
    return <RedeemSignInLink token={emailed.token} onDone={() => setEmailed(null)} />;
  if (session?.user) {
    const signOut = () => {
      // Revoke on the server too; the widget forgets the token whatever the answer.
      store.api.post('/api/auth/logout').catch(() => {});
      store.actions.signOut();
    };
    return (
      <>
        <p className="cw-who">
          <span>{text.signedInAs(session.user.fullName)}</span>
          <button type="button" className="cw-ghost" onClick={signOut}>
            {text.signOut}
          </button>
        </p>
        {/* Keyed by the parent: another sign-in starts the steps afresh, with nothing of the
            previous parent's choices. */}
        <Fragment key={session.user._id}>{children(session.user)}</Fragment>
      </>
    );
  }
  if (session && !failed) return <StepSkeleton label={text.checkingSession} />;
  return (
    <>
      {failed ? <Alert>{failureText(failed)}</Alert> : null}
      <AuthForms notice={ended ? text.sessionEnded : null} />
    </>
  );
}

function AuthForms({ notice }: { notice: string | null }) {
  const [mode, setMode] = useState<'signIn' | 'register' | 'forgot' | 'link'>('signIn');
  return (
    <div className="cw-step">
      {mode === 'signIn' ? (
        <SignIn notice={notice} />
      ) : mode === 'forgot' ? (
        <ForgotPassword />
      ) : mode === 'link' ? (
        <SignInLinkForm />
      ) : (
        <Register />
      )}
      {mode === 'signIn' ? (
        <p className="cw-switch">
          <button type="button" className="cw-ghost" onClick={() => setMode('forgot')}>
            {text.forgotPassword}
          </button>
        </p>
      ) : null}
      {mode === 'signIn' ? (
        <p className="cw-switch">
          <button type="button" className="cw-ghost" onClick={() => setMode('link')}>
            {householdText.emailMeLink}
          </button>
        </p>
      ) : null}
      <p className="cw-switch">
        {mode === 'signIn' ? text.newHere : text.haveAccount}{' '}
        <button
          type="button"
          className="cw-ghost"
          onClick={() => setMode(mode === 'signIn' ? 'register' : 'signIn')}
        >
          {mode === 'signIn' ? text.register : text.signIn}
        </button>
      </p>
    </div>
  );
}

type Errors = Record<string, string>;

function useAuthSubmit(path: string) {
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (body: unknown) => {
    setBusy(true);
    setError(null);
    try {
      const result = await store.api.post<{ token: string; user: User }>(path, body);
      store.actions.signedIn(result.token, result.user);
    } catch (e) {
      setError(failureText(e));
      setErrors((e as { errors?: Errors }).errors ?? {});
      setBusy(false);
    }
  };
  return { busy, error, errors, setErrors, submit };
}

function SignIn({ notice }: { notice: string | null }) {
  const { busy, error, errors, submit } = useAuthSubmit('/api/auth/login');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submit({
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    });
  };
  return (
    <form className="cw-form" onSubmit={onSubmit} noValidate>
      <StepHeading>{text.signInHeading}</StepHeading>
      {notice && <p className="cw-note">{notice}</p>}
      <Alert>{error}</Alert>
      <Input name="email" type="email" label={text.email} auto="email" error={errors.email} />
      <Input
        name="password"
        type="password"
        label={text.password}
        auto="current-password"
        error={errors.password}
      />
      <div className="cw-row">
        <button type="submit" className="cw-btn" disabled={busy}>
          {text.signIn}
        </button>
      </div>
    </form>
  );
}

function Register() {
  const { busy, error, errors, setErrors, submit } = useAuthSubmit('/api/auth/register');
  const legal = useLegalLinks();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      fullName: String(form.get('fullName') ?? ''),
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
      agreements: { terms: form.get('terms') === 'on', privacy: form.get('privacy') === 'on' },
    };
    // The same schema the server runs, so the messages match and bad input never leaves.
    const checked = v.safeParse(registrationSchema, body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.issues));
      return;
    }
    setErrors({});
    submit(body);
  };
  return (
    <form className="cw-form" onSubmit={onSubmit} noValidate>
      <StepHeading>{text.registerHeading}</StepHeading>
      <Alert>{error}</Alert>
      <Input name="fullName" label={text.fullName} auto="name" error={errors.fullName} />
      <Input name="email" type="email" label={text.email} auto="email" error={errors.email} />
      <Input
        name="password"
        type="password"
        label={text.password}
        auto="new-password"
        error={errors.password}
      />
      <Input
        name="confirmPassword"
        type="password"
        label={text.confirmPassword}
        auto="new-password"
        error={errors.confirmPassword}
      />
      <Check
        name="terms"
        label={<Agreement text={text.agreeTerms} link={legal.terms} />}
        error={errors['agreements.terms']}
      />
      <Check
        name="privacy"
        label={<Agreement text={text.agreePrivacy} link={legal.privacy} />}
        error={errors['agreements.privacy']}
      />
      <div className="cw-row">
        <button type="submit" className="cw-btn" disabled={busy}>
          {text.register}
        </button>
      </div>
    </form>
  );
}

/** The organiser's terms and privacy pages, when set (docs/rules/account.md). */
function useLegalLinks() {
  const settings = useWidget(useStore(), (s) => s.settings);
  const saved = settings.status === 'ready' ? settings.data : null;
  return { terms: saved?.termsUrl ?? null, privacy: saved?.privacyUrl ?? null };
}

/**
 * An agreement's words, the document's name a link to the organiser's page when they set one:
 * a new tab, so the half-filled form stays, and `noopener` so that page cannot reach back.
 */
function Agreement({ text: words, link }: { text: string; link: string | null }) {
  const before = 'I agree to the ';
  const name = words.startsWith(before) ? words.slice(before.length) : '';
  if (!link || !name) return <>{words}</>;
  return (
    <>
      {before}
      <a href={link} target="_blank" rel="noopener noreferrer">
        {name}
      </a>
    </>
  );
}

function Check({ name, label, error }: { name: string; label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className="cw-field">
      <label className="cw-check">
        <input
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
        />
        <span>{label}</span>
      </label>
      {error && (
        <span id={`${id}-e`} className="cw-field-error">
          {error}
        </span>
      )}
    </div>
  );
}
