import { useState } from 'react';
import { minorToMajor } from '../../../../engine/money.ts';
import { subscriptionPlanSchema } from '../../../../engine/schemas/subscription-plan.ts';
import { TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { type Errors, errorsOf, formLevelError, serverErrorsOf } from '../activities/form.tsx';
import {
  type SubscriptionPlan,
  useCreateSubscriptionPlan,
  useUpdateSubscriptionPlan,
} from './queries.ts';

/**
 * Add or rename a subscription plan. Stripe prices never change amount, so an existing plan's
 * amount is shown but fixed: a new amount is a new plan.
 */
export function SubscriptionPlanDialog({
  dialog,
  plan,
  amountText,
}: {
  dialog: ModalControls;
  plan: SubscriptionPlan | null;
  amountText: (minor: number) => string;
}) {
  const [values, setValues] = useState({
    name: plan?.name ?? '',
    amount: plan ? String(minorToMajor(plan.amount)) : '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateSubscriptionPlan();
  const update = useUpdateSubscriptionPlan();
  const save = plan ? update : create;
  const submit = () => {
    const found = errorsOf(subscriptionPlanSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = {
      onSuccess: () => dialog.confirm(),
      onError: (e: Error) => setErrors(serverErrorsOf(e)),
    };
    if (plan) update.mutate({ id: plan._id, body: { name: values.name } }, done);
    else create.mutate(values, done);
  };
  return (
    <FormModal
      dialog={dialog}
      title={plan ? 'Edit subscription plan' : 'Add subscription plan'}
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
      <TextField
        label="Monthly amount"
        required
        inputMode="decimal"
        disabled={Boolean(plan)}
        value={values.amount}
        error={errors.amount}
        hint={
          plan
            ? `${amountText(plan.amount)} a month. To charge another amount, add a new plan.`
            : 'Collected by Stripe on the 1st of each month.'
        }
        onChange={(event) => setValues({ ...values, amount: event.target.value })}
      />
    </FormModal>
  );
}
