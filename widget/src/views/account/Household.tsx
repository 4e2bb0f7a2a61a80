/*
 * 'Family and guardians' in the account area (docs/rules/households.md): who shares this family
 * account, invitations waiting, 'Invite a guardian by e-mail', and Remove (the main account) or
 * Leave (a guardian). The server decides every rule and says why it refuses.
 */
import { type FormEvent, useState } from 'react';
import type { HouseholdDto } from '../../../../api/services/households.ts';
import type { User } from '../../../../api-client/index.ts';
import { useStore } from '../common.tsx';
import { Alert, failureText, LoadFailed, StepSkeleton, useLoad } from '../ui.tsx';
import { householdText } from './household-text.ts';

export function Household({ user, onLeft }: { user: User; onLeft?: () => void }) {
  const { api } = useStore();
  const household = useLoad(() => api.get<HouseholdDto>('/api/user/household'), 'household');
  const [shown, setShown] = useState<HouseholdDto | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const state = household.state;
  if (state.status === 'loading' && !shown) return <StepSkeleton />;
  if (state.status === 'error' && !shown)
    return <LoadFailed error={state.error} retry={household.reload} />;
  const data = shown ?? (state.status === 'ready' ? state.data : null);
  if (!data) return <StepSkeleton />;

  const act = async (run: () => Promise<HouseholdDto>, message: string, form?: HTMLFormElement) => {
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    setDone(null);
    try {
      setShown(await run());
      setDone(message);
      form?.reset();
      return true;
    } catch (e) {
      setError(failureText(e));
      setFieldError((e as { errors?: Record<string, string> }).errors?.email);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    act(
      () => api.post<HouseholdDto>('/api/user/household/invites', { email }),
      householdText.inviteSent(email.trim()),
      form,
    );
  };
  const remove = async (id: string, name: string) => {
    const leaving = id === user._id;
    const ok = await act(
      () => api.delete<HouseholdDto>(`/api/user/household/guardians/${encodeURIComponent(id)}`),
      leaving ? householdText.left : householdText.removed(name),
    );
    if (ok && leaving) onLeft?.();
  };
  const withdraw = (id: string) =>
    act(
      () => api.delete<HouseholdDto>(`/api/user/household/invites/${encodeURIComponent(id)}`),
      '',
    );

  return (
    <>
      <p className="cw-help">{householdText.householdHelp}</p>
      <p className="cw-ok" role="status">
        {done}
      </p>
      <Alert>{error}</Alert>
      <ul className="cw-lines">
        {data.guardians.map((g) => (
          <li key={g.userId} className="cw-spread">
            <span>
              <strong>{g.fullName}</strong>
              <small className="cw-help">
                {[
                  g.email,
                  g.main ? householdText.mainAccount : null,
                  g.userId === user._id ? householdText.you : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            </span>
            {data.youAreMain && !g.main ? (
              <button
                type="button"
                className="cw-ghost"
                disabled={busy}
                aria-label={householdText.removeGuardian(g.fullName)}
                onClick={() => remove(g.userId, g.fullName)}
              >
                {householdText.remove}
              </button>
            ) : null}
          </li>
        ))}
        {data.invites.map((i) => (
          <li key={i._id} className="cw-spread">
            <span>{householdText.invited(i.email)}</span>
            <button
              type="button"
              className="cw-ghost"
              disabled={busy}
              aria-label={householdText.withdrawInvite(i.email)}
              onClick={() => withdraw(i._id)}
            >
              {householdText.withdraw}
            </button>
          </li>
        ))}
      </ul>
      <form className="cw-form" onSubmit={invite} noValidate>
        <div className="cw-field">
          <label htmlFor="cw-invite-email">{householdText.inviteLabel}</label>
          <input
            id="cw-invite-email"
            name="email"
            type="email"
            autoComplete="off"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'cw-invite-email-e' : undefined}
          />
          {fieldError && (
            <span id="cw-invite-email-e" className="cw-field-error">
              {fieldError}
            </span>
          )}
        </div>
        <div className="cw-row">
          <button type="submit" className="cw-btn" disabled={busy}>
            {householdText.sendInvite}
          </button>
        </div>
      </form>
      {data.youAreMain ? null : (
        <p>
          <button
            type="button"
            className="cw-ghost"
            disabled={busy}
            onClick={() => remove(user._id, user.fullName)}
          >
            {householdText.leave}
          </button>
        </p>
      )}
    </>
  );
}
