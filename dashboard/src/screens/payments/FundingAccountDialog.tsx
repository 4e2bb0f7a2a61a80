import { useState } from 'react';
import { createFundingAccountSchema } from '../../../../engine/index.ts';
import { TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { type Errors, errorsOf, formLevelError, serverErrorsOf } from '../activities/form.tsx';
import { type FundingAccount, useSaveFundingAccount } from './queries.ts';

/**
 * 'Add a Provider account' / 'Edit Provider account' (docs/rules/screens.md, rules:
 * docs/rules/forms-and-messages.md). The engine's schema checks the form against the organiser's
 * other accounts here and again on the server.
 */
export function FundingAccountDialog({
  dialog,
  account,
  others,
}: {
  dialog: ModalControls;
  account: FundingAccount | null;
  others: readonly FundingAccount[];
}) {
  const [values, setValues] = useState({
    name: account?.name ?? '',
    regReference: account?.regReference ?? '',
    postcode: account?.postcode ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveFundingAccount();
  const submit = () => {
    const form = account ? { ...values, _id: account._id } : values;
    const found = errorsOf(createFundingAccountSchema({ others }), form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: account?._id, body: values },
      { onSuccess: () => dialog.confirm(), onError: (error) => setErrors(serverErrorsOf(error)) },
    );
  };
  const set = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  return (
    <FormModal
      dialog={dialog}
      title={account ? 'Edit Provider account' : 'Add a Provider account'}
      onSubmit={submit}
      saving={save.isPending}
      formError={formLevelError(save.error)}
    >
      <TextField
        label="Name"
        required
        autoFocus
        value={values.name}
        error={errors.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextField
        label="Registration reference"
        required
        value={values.regReference}
        error={errors.regReference}
        onChange={(event) => set({ regReference: event.target.value })}
      />
      <TextField
        label="Postcode"
        required
        value={values.postcode}
        error={errors.postcode}
        onChange={(event) => set({ postcode: event.target.value })}
      />
    </FormModal>
  );
}
