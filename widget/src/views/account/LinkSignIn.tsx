/*
 * Sign-in by an e-mailed link, and accepting an invitation to a household
 * (docs/rules/households.md). Both e-mails link to the hosted account page with the token in the
 * address's fragment (#cw-signin=… or #cw-invite=…), which no server sees; the widget takes it
 * out of the address as soon as it reads it, so Back, a bookmark or a shared screen never
 * carries it.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { User } from '../../../../api-client/index.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, StepHeading, StepSkeleton } from '../ui.tsx';
import { EmailRequestForm } from './EmailRequestForm.tsx';
import { householdText } from './household-text.ts';
import { Input } from './Input.tsx';

export type EmailedLink = { kind: 'signin' | 'invite'; token: string };

let read = false;

/**
 * The link this page was opened with, removed from the address. The first sign-in form to ask
 * gets it; it is never offered again on this page (a link works once).
 */
export function takeEmailedLink(): EmailedLink | null {
  if (read || typeof location === 'undefined') return null;
  read = true;
  let taken: EmailedLink | null = null;
  const pieces = location.hash.replace(/^#/, '').split('&');
  const keep: string[] = [];
  for (const piece of pieces) {
    const match = /^cw-(signin|invite)=([\w-]{1,200})$/.exec(piece);
    if (match && !taken) taken = { kind: match[1] as 'signin' | 'invite', token: match[2]! };
    else if (piece) keep.push(piece);
  }
  if (taken) {
    const url = new URL(location.href);
    url.hash = keep.length ? `#${keep.join('&')}` : '';
    history.replaceState(history.state, '', url.href);
  }
  return taken;
}

type Session = { token: string; user: User };

/** Signs in with the e-mailed link's token; on failure says why and shows the sign-in forms. */
export function RedeemSignInLink({ token, onDone }: { token: string; onDone: () => void }) {
  const store = useStore();
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  // Once per token: the link works once, so a second request would only fail.
  useEffect(() => {
    store.api.post<Session>('/api/auth/sign-in-link/redeem', { token }).then(
      (session) => {
        store.actions.signedIn(session.token, session.user);
        done.current();
      },
      (e) => setError(failureText(e)),
    );
  }, [store, token]);
  if (!error) return <StepSkeleton label={householdText.signingIn} />;
  return (
    <>
      <Alert>{error}</Alert>
      <p>
        <button type="button" className="cw-ghost" onClick={onDone}>
          {text.signIn}
        </button>
      </p>
    </>
  );
}

/** 'E-mail me a sign-in link': the same answer whether or not the address has an account. */
export function SignInLinkForm() {
  return (
    <EmailRequestForm
      path="/api/auth/sign-in-link"
      heading={householdText.linkHeading}
      help={householdText.linkHelp}
      submitLabel={householdText.sendLink}
    />
  );
}

interface Preview {
  email: string;
  inviterName: string;
  hasAccount: boolean;
}

/** Accepting an invitation: an existing account in one click, a new guardian with a password. */
export function AcceptInvite({ token, onDone }: { token: string; onDone: () => void }) {
  const store = useStore();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    store.api.post<Preview>('/api/auth/household-invite', { token }).then(
      (p) => live && setPreview(p),
      (e) => live && setError(failureText(e)),
    );
    return () => {
      live = false;
    };
  }, [store, token]);
  const accept = async (body: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      const session = await store.api.post<Session>('/api/auth/household-invite/accept', {
        token,
        ...body,
      });
      store.actions.signedIn(session.token, session.user);
      onDone();
    } catch (e) {
      setError(failureText(e));
      setErrors((e as { errors?: Record<string, string> }).errors ?? {});
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    accept(
      preview?.hasAccount
        ? {}
        : {
            fullName: value('fullName'),
            password: value('password'),
            confirmPassword: value('confirmPassword'),
          },
    );
  };
  if (!preview && !error) return <StepSkeleton label={householdText.checkingInvite} />;
  return (
    <form className="cw-form" onSubmit={onSubmit} noValidate>
      <StepHeading>{householdText.inviteHeading}</StepHeading>
      <Alert>{error}</Alert>
      {preview ? (
        <>
          <p>{householdText.invitedBy(preview.inviterName, preview.email)}</p>
          {preview.hasAccount ? null : (
            <>
              <p className="cw-help">{householdText.newAccountHelp}</p>
              <Input name="fullName" label={text.fullName} auto="name" error={errors.fullName} />
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
            </>
          )}
          <div className="cw-row">
            <button type="submit" className="cw-btn" disabled={busy}>
              {preview.hasAccount ? householdText.acceptExisting : householdText.acceptNew}
            </button>
          </div>
        </>
      ) : (
        <p>
          <button type="button" className="cw-ghost" onClick={onDone}>
            {text.signIn}
          </button>
        </p>
      )}
    </form>
  );
}
