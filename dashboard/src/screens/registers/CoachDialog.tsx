import { useState } from 'react';
import { coachSchema, messages } from '../../../../engine/index.ts';
import { useActivityGroups } from '../../api.ts';
import { Alert } from '../../components/Alert.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { Checkbox, type Errors, errorsOf, serverErrorsOf } from '../activities/form.tsx';
import { type CoachDto, type CoachForm, useSaveCoach } from './coach-queries.ts';

/**
 * Add or edit a coach: their name, the e-mail they sign in with (fixed once added), a password
 * (blank on edit keeps it) and the activities whose registers they take. Mount it only while
 * its modal is open, so closing resets it.
 */
export function CoachDialog({ dialog, coach }: { dialog: ModalControls; coach: CoachDto | null }) {
  const groups = useActivityGroups();
  const save = useSaveCoach();
  const [values, setValues] = useState<CoachForm>(() => ({
    fullName: coach?.fullName ?? '',
    email: coach?.email ?? '',
    password: '',
    activityGroups: coach?.activityGroups ?? [],
  }));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<CoachForm>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    const found = errorsOf(coachSchema, values);
    if (!coach && !values.password) found.password = messages.required;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: coach?._id, body: values },
      {
        onSuccess: () => dialog.confirm(),
        onError: (error) => setErrors(serverErrorsOf(error)),
      },
    );
  };

  return (
    <FormModal
      dialog={dialog}
      title={coach ? 'Edit coach' : 'Add coach'}
      onSubmit={submit}
      saving={save.isPending}
      saveLabel={coach ? 'Save' : 'Add coach'}
    >
      {save.error && Object.keys(serverErrorsOf(save.error)).length === 0 ? (
        <Alert>{save.error.message}</Alert>
      ) : null}
      <TextField
        label="Full name"
        required
        value={values.fullName}
        error={errors.fullName}
        onChange={(e) => set({ fullName: e.target.value })}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={values.email}
        error={errors.email}
        disabled={Boolean(coach)}
        hint={coach ? 'They sign in with this address.' : undefined}
        onChange={(e) => set({ email: e.target.value })}
      />
      <TextField
        label="Password"
        type="password"
        required={!coach}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={coach ? 'Leave blank to keep their password.' : 'At least 8 characters.'}
        onChange={(e) => set({ password: e.target.value })}
      />
      <FormField label="Registers they take" error={errors.activityGroups}>
        {() => (
          <div className="check-list check-list-scroll">
            {(groups.data ?? []).map((g) => (
              <Checkbox
                key={g._id}
                label={g.name}
                checked={values.activityGroups.includes(g._id)}
                onChange={(on) =>
                  set({
                    activityGroups: on
                      ? [...values.activityGroups, g._id]
                      : values.activityGroups.filter((id) => id !== g._id),
                  })
                }
              />
            ))}
          </div>
        )}
      </FormField>
    </FormModal>
  );
}
