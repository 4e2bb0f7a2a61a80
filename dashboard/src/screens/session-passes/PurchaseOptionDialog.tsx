import { useState } from 'react';
import { PASS_EXPIRY_UNITS, passPurchaseOptionSchema } from '../../../../engine/index.ts';
import { Button } from '../../components/Button.tsx';
import { FormField, SelectField, TextField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { currencySymbol } from '../../lib/format.ts';
import { Checkbox, errorsOf } from '../activities/form.tsx';
import type { OptionValues } from './lib.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The 'Add new Purchase option' / 'Edit Purchase option' modal (docs/rules/screens.md,
 * docs/rules/forms-and-messages.md): credits (at least 1), price (at least 0, in major units) and
 * an optional expiry (default unit days). It edits the pass form's copy only; the pass's Save
 * persists it. Mount it only while open.
 *
 * @example {dialog.isOpen ? <PurchaseOptionDialog dialog={dialog} option={o} isNew currency="GBP" onSave={put} /> : null}
 */
export function PurchaseOptionDialog({
  dialog,
  option,
  isNew,
  currency,
  onSave,
}: {
  dialog: ModalControls;
  option: OptionValues;
  isNew: boolean;
  currency: string;
  onSave: (option: OptionValues) => void;
}) {
  const [values, setValues] = useState(option);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? errorsOf(passPurchaseOptionSchema, values) : {};

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errorsOf(passPurchaseOptionSchema, values)).length > 0) return;
    dialog.confirm(() => onSave(values));
  };

  return (
    <Modal
      {...dialog.modalProps}
      size="sm"
      title={isNew ? 'Add new Purchase option' : 'Edit Purchase option'}
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button onClick={submit}>{isNew ? 'Add' : 'Done'}</Button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="form-row">
          <TextField
            label="Credits"
            required
            inputMode="numeric"
            hint="Sessions the parent can book with this purchase."
            value={values.creditAmount}
            error={errors.creditAmount}
            autoFocus
            onChange={(e) => setValues({ ...values, creditAmount: e.target.value })}
          />
          <FormField label="Price" required error={errors.price}>
            {(control) => (
              <div className="input-affix">
                <span className="input-prefix" aria-hidden="true">
                  {currencySymbol(currency) ?? currency}
                </span>
                <input
                  {...control}
                  className="input"
                  inputMode="decimal"
                  value={values.price}
                  onChange={(e) => setValues({ ...values, price: e.target.value })}
                />
              </div>
            )}
          </FormField>
        </div>
        <div className="form-row">
          <TextField
            label="Credits expire after"
            inputMode="numeric"
            hint="Leave blank for credits that never expire."
            value={values.expiresAfter.amount}
            error={errors['expiresAfter.amount']}
            onChange={(e) =>
              setValues({
                ...values,
                expiresAfter: { ...values.expiresAfter, amount: e.target.value },
              })
            }
          />
          <SelectField
            label="Expiry unit"
            value={values.expiresAfter.unit}
            error={errors['expiresAfter.unit']}
            onChange={(e) =>
              setValues({
                ...values,
                expiresAfter: { ...values.expiresAfter, unit: e.target.value },
              })
            }
            options={PASS_EXPIRY_UNITS.map((u) => ({ value: u, label: capitalise(u) }))}
          />
        </div>
        <Checkbox
          switchStyle
          label="Enabled"
          hint="Disabled options are not offered to parents."
          checked={values.enabled}
          onChange={(enabled) => setValues({ ...values, enabled })}
        />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
