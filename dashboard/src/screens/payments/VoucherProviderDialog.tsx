import { useState } from 'react';
import { childcareVoucherProviderSchema } from '../../../../engine/index.ts';
import { FormField, TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import {
  Checkbox,
  type Errors,
  errorsOf,
  formLevelError,
  serverErrorsOf,
} from '../activities/form.tsx';
import { useSaveVoucherProvider, type VoucherProvider } from './queries.ts';

/**
 * The childcare voucher provider add / edit dialog: a name and the payment instructions parents
 * see when they choose it at checkout. Mount it only while open; unmounting resets it.
 */
export function VoucherProviderDialog({
  dialog,
  provider,
}: {
  dialog: ModalControls;
  provider: VoucherProvider | null;
}) {
  const [values, setValues] = useState({
    name: provider?.name ?? '',
    paymentInstructions: provider?.paymentInstructions ?? '',
    enabled: provider?.enabled ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveVoucherProvider();
  const submit = () => {
    const found = errorsOf(childcareVoucherProviderSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: provider?._id, body: values },
      { onSuccess: () => dialog.confirm(), onError: (error) => setErrors(serverErrorsOf(error)) },
    );
  };
  return (
    <FormModal
      dialog={dialog}
      title={provider ? 'Edit Childcare Voucher Provider' : 'Add Childcare Voucher Provider'}
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
        onChange={(event) => setValues({ ...values, name: event.target.value })}
      />
      <FormField
        label="Payment instructions"
        hint="Shown to parents who choose this provider: who to pay and which reference to use."
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={4}
            value={values.paymentInstructions}
            onChange={(event) => setValues({ ...values, paymentInstructions: event.target.value })}
          />
        )}
      </FormField>
      <Checkbox
        label="Offer this provider at checkout"
        checked={values.enabled}
        onChange={(enabled) => setValues({ ...values, enabled })}
      />
    </FormModal>
  );
}
