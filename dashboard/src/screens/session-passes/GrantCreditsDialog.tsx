import { useState } from 'react';
import { createPassCreditGrantSchema, creditsExpireAtEndOf } from '../../../../engine/index.ts';
import { Alert, QueryError } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { SelectField, TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { type Errors, errorsOf, serverErrorsOf } from '../activities/form.tsx';
import { useCustomers } from '../customers/queries.ts';
import { type SessionPass, useGrantPassCredits } from './queries.ts';

const CUSTOMERS_SHOWN = 20;

/**
 * Gives a customer credits of a pass without a payment (a goodwill gesture, a pass paid in
 * person): whole credits, at least 1, valid until the end of an optional date in the
 * organiser's time zone. Mount it only while open.
 *
 * @example {dialog.isOpen ? <GrantCreditsDialog dialog={dialog} pass={pass} timeZone="Europe/London" /> : null}
 */
export function GrantCreditsDialog({
  dialog,
  pass,
  timeZone,
}: {
  dialog: ModalControls;
  pass: SessionPass;
  timeZone: string;
}) {
  const [search, setSearch] = useState('');
  const [values, setValues] = useState({ userId: '', credits: '', expiresOn: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const customers = useCustomers(search.trim(), 1, CUSTOMERS_SHOWN);
  const grant = useGrantPassCredits();
  const body = {
    userId: values.userId,
    credits: values.credits,
    expiresAt: creditsExpireAtEndOf(values.expiresOn, timeZone),
  };
  const schema = createPassCreditGrantSchema(Date.now());
  const errors = submitted ? { ...serverErrors, ...errorsOf(schema, body) } : serverErrors;
  const found = customers.data?.data ?? [];
  const chosen = found.find((c) => c._id === values.userId);

  const submit = () => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(errorsOf(schema, body)).length > 0) return;
    grant.mutate(
      { passId: pass._id, body },
      { onError: (error) => setServerErrors(serverErrorsOf(error)) },
    );
  };

  if (grant.data) {
    return (
      <Modal
        {...dialog.modalProps}
        size="sm"
        title="Give credits"
        footer={<Button onClick={() => dialog.confirm()}>Close</Button>}
      >
        <Alert tone="success">
          {`${chosen?.fullName ?? 'The customer'} now has ${grant.data.balance} ${
            grant.data.balance === 1 ? 'credit' : 'credits'
          } of ${pass.name}.`}
        </Alert>
      </Modal>
    );
  }

  return (
    <FormModal
      dialog={dialog}
      title="Give credits"
      onSubmit={submit}
      saving={grant.isPending}
      saveLabel="Give credits"
      size="sm"
    >
      <p className="muted">
        Credits of <strong>{pass.name}</strong>, without a payment.
      </p>
      {grant.error ? <Alert>{grant.error.message}</Alert> : null}
      <QueryError error={customers.error} />
      <TextField
        label="Find customer"
        type="search"
        placeholder="Name or email"
        value={search}
        autoFocus
        onChange={(e) => setSearch(e.target.value)}
      />
      <SelectField
        label="Customer"
        required
        value={values.userId}
        error={errors.userId}
        onChange={(e) => setValues({ ...values, userId: e.target.value })}
        options={[
          { value: '', label: customers.isPending ? 'Loading customers…' : 'Choose a customer' },
          ...found.map((c) => ({ value: c._id, label: `${c.fullName} (${c.email})` })),
        ]}
      />
      <div className="form-row">
        <TextField
          label="Credits"
          required
          inputMode="numeric"
          value={values.credits}
          error={errors.credits}
          onChange={(e) => setValues({ ...values, credits: e.target.value })}
        />
        <TextField
          label="Valid until"
          type="date"
          hint="Leave blank for credits that never expire."
          value={values.expiresOn}
          error={errors.expiresAt}
          onChange={(e) => setValues({ ...values, expiresOn: e.target.value })}
        />
      </div>
      <button type="submit" hidden />
    </FormModal>
  );
}
