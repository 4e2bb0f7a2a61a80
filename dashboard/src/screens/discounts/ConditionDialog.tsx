import { useState } from 'react';
import {
  ACTIVITY_CONDITION_UNITS,
  createActivityConditionSchema,
  createSessionConditionSchema,
  lockedConditionUnit,
  SESSION_CONDITION_UNITS,
} from '../../../../engine/index.ts';
import { Button } from '../../components/Button.tsx';
import { SelectField, TextField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { type Errors, errorsOf, tempId } from '../activities/form.tsx';
import { MoneyField, PercentField } from './fields.tsx';
import {
  activityConditionInput,
  type ConditionValues,
  sessionConditionInput,
  UNIT_LABELS,
} from './lib.ts';

export type ConditionKind = 'sessions' | 'activities';

/**
 * The multi-session or multi-activity condition modal, titled 'Add new condition' or 'Edit
 * condition' (docs/rules/screens.md). The engine checks the minimum (at least 2, unique among the
 * rule's conditions) and locks the unit to the one the other conditions use. Mount it only while
 * open.
 *
 * @example {dialog.isOpen ? <ConditionDialog dialog={dialog} kind="sessions" condition={null} others={list} currency="GBP" onSave={add} /> : null}
 */
export function ConditionDialog({
  dialog,
  kind,
  condition,
  others,
  currency,
  onSave,
}: {
  dialog: ModalControls;
  kind: ConditionKind;
  condition: ConditionValues | null;
  others: ConditionValues[];
  currency: string;
  onSave: (condition: ConditionValues) => void;
}) {
  const context = {
    others: others.map((o) => ({ _id: o._id, minimum: Number(o.minimum), unit: o.unit })),
  };
  const locked = lockedConditionUnit(context.others, condition?._id);
  const [values, setValues] = useState<ConditionValues>(
    () =>
      condition ?? {
        _id: tempId(),
        minimum: '',
        unit: locked ?? '',
        fixedAmount: '',
        percentage: '',
        amountPerSession: '',
      },
  );
  const [submitted, setSubmitted] = useState(false);
  const sessions = kind === 'sessions';
  const units = sessions ? SESSION_CONDITION_UNITS : ACTIVITY_CONDITION_UNITS;
  const minKey = sessions ? 'minimumSessions' : 'minimumActivities';
  const set = (patch: Partial<ConditionValues>) => setValues({ ...values, ...patch });

  const check = (): Errors =>
    sessions
      ? errorsOf(createSessionConditionSchema(context), sessionConditionInput(values))
      : errorsOf(createActivityConditionSchema(context), activityConditionInput(values));
  // After the first Add or Save, messages follow the typing.
  const errors = submitted ? check() : {};

  const submit = () => {
    const found = check();
    setSubmitted(true);
    if (Object.keys(found).length > 0) return;
    dialog.confirm(() => onSave(values));
  };

  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={condition ? 'Edit condition' : 'Add new condition'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={submit}>{condition ? 'Save' : 'Add'}</Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A form inside the rule's form: never let the submit reach the outer one.
          event.stopPropagation();
          submit();
        }}
      >
        <TextField
          label={sessions ? 'Minimum sessions' : 'Minimum activities'}
          required
          inputMode="numeric"
          autoFocus
          value={values.minimum}
          error={errors[minKey]}
          hint={
            sessions
              ? 'The discount applies when at least this many sessions are booked.'
              : 'The discount applies when at least this many activities are booked.'
          }
          onChange={(e) => set({ minimum: e.target.value })}
        />
        <SelectField
          label="Discount unit"
          required
          value={values.unit}
          error={errors.unit}
          disabled={!!locked}
          hint={locked ? 'Every condition of a rule uses the same unit.' : undefined}
          onChange={(e) => set({ unit: e.target.value })}
          options={[
            { value: '', label: 'Select a unit' },
            ...units.map((u) => ({ value: u, label: UNIT_LABELS[u] ?? u })),
          ]}
        />
        {values.unit === 'FixedAmount' ? (
          <MoneyField
            label="Fixed amount"
            required
            currency={currency}
            value={values.fixedAmount}
            error={errors.fixedAmount}
            onChange={(fixedAmount) => set({ fixedAmount })}
          />
        ) : null}
        {values.unit === 'Percentage' ? (
          <PercentField
            label="Percentage"
            required
            value={values.percentage}
            error={errors.percentage}
            onChange={(percentage) => set({ percentage })}
          />
        ) : null}
        {values.unit === 'AmountPerSession' ? (
          <MoneyField
            label="Amount per session"
            required
            currency={currency}
            value={values.amountPerSession}
            error={errors.amountPerSession}
            onChange={(amountPerSession) => set({ amountPerSession })}
          />
        ) : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
