/*
 * The parent's own details (docs/rules/account.md): their name and the organiser's user fields,
 * checked with the engine's schema before sending (the server checks it again). The e-mail is
 * shown, not edited: it is what they sign in with.
 */
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import type { Field, User } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/messages.ts';
import {
  accountMessages,
  fieldDataToForm,
  userDetailsSchema,
} from '../../../../engine/schemas/account.ts';
import {
  type FieldDefinition,
  normaliseFieldData,
  visibleAttendeeFields,
} from '../../../../engine/schemas/attendee.ts';
import { fieldErrors, isBlank } from '../../../../engine/schemas/common.ts';
import { FieldInput, useFieldUploads } from '../attendees/AttendeeForm.tsx';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, LoadFailed, StepSkeleton, useLoad } from '../ui.tsx';
import { accountText } from './account-text.ts';
import { useId } from './Input.tsx';

interface OwnDetails {
  _id: string;
  fullName: string;
  email: string;
  fieldData: Record<string, unknown>;
}

export function OwnDetailsForm({ token, user }: { token: string; user: User }) {
  const { api } = useStore();
  const loaded = useLoad(
    () =>
      Promise.all([
        api.get<Field[]>('/api/fields?usage=user'),
        api.get<OwnDetails>('/api/users/me/details'),
      ]),
    'own-details',
  );
  if (loaded.state.status === 'loading') return <StepSkeleton label={accountText.loadingAccount} />;
  if (loaded.state.status === 'error') {
    return <LoadFailed error={loaded.state.error} retry={loaded.reload} />;
  }
  const [fields, details] = loaded.state.data;
  const shown = visibleAttendeeFields(fields as unknown as FieldDefinition[], { admin: false });
  return <DetailsBody fields={shown} details={details} token={token} user={user} />;
}

function DetailsBody({
  fields,
  details,
  token,
  user,
}: {
  fields: FieldDefinition[];
  details: OwnDetails;
  token: string;
  user: User;
}) {
  const store = useStore();
  const nameId = useId();
  const [fullName, setFullName] = useState(details.fullName);
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    fieldDataToForm(fields, details.fieldData),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (id: string, value: unknown) => setValues((s) => ({ ...s, [id]: value }));
  const { files, upload } = useFieldUploads(store.api, values, set, setErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const filled = Object.fromEntries(Object.entries(values).filter(([, x]) => !isBlank(x)));
    // The same schema the server runs, so the messages match and bad input never leaves.
    const checked = v.safeParse(userDetailsSchema(fields), { fullName, fieldData: filled });
    if (!checked.success) {
      setErrors(fieldErrors(checked.issues));
      setError(messages.invalidInput);
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      const fieldData = Object.entries(normaliseFieldData(fields, filled)).map(
        ([field, value]) => ({ field, value }),
      );
      const saved = await store.api.put<OwnDetails>('/api/users/me', { fullName, fieldData });
      setFullName(saved.fullName);
      // 'Signed in as …' shows the new name at once.
      store.actions.signedIn(token, { ...user, fullName: saved.fullName });
      setDone(accountMessages.detailsSaved);
    } catch (e) {
      setError(failureText(e));
      setErrors((e as { errors?: Record<string, string> }).errors ?? {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cw-form" onSubmit={submit} noValidate>
      <Alert>{error}</Alert>
      <div className="cw-field">
        <label htmlFor={nameId}>
          {accountText.fullName}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={nameId}
          autoComplete="name"
          value={fullName}
          aria-required
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={errors.fullName ? `${nameId}-e` : undefined}
          onInput={(e) => setFullName(e.currentTarget.value)}
        />
        {errors.fullName && (
          <span id={`${nameId}-e`} className="cw-field-error">
            {errors.fullName}
          </span>
        )}
      </div>
      <div className="cw-field">
        <span>
          <strong>{accountText.email}</strong>: {details.email}
        </span>
        <span className="cw-help">{accountText.emailNote}</span>
      </div>
      {fields.map((field) => (
        <FieldInput
          key={field._id}
          field={field}
          value={values[field._id]}
          error={errors[`fieldData.${field._id}`] ?? errors[field._id]}
          fileNames={files}
          onChange={(value) => set(field._id, value)}
          onFile={(file) => upload(field, file)}
        />
      ))}
      <p className="cw-ok" role="status">
        {done}
      </p>
      <div className="cw-row">
        <button type="submit" className="cw-btn" disabled={busy}>
          {busy ? text.saving : accountText.saveDetails}
        </button>
      </div>
    </form>
  );
}
