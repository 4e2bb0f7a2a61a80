import { useState } from 'react';
import {
  ACCOUNT_CREDIT_PLAN_LEVEL,
  cancellationRuleVisibleFields,
  cardRefundsAvailable,
  createCancellationRuleSchema,
  EXPIRY_UNITS,
  messages,
  REFUND_METHODS,
  SESSION_SCOPES,
  toNumber,
  WINDOW_UNITS,
} from '../../../../engine/index.ts';
import { FieldError, FormField, SelectField, TextField } from '../../components/FormField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { currencySymbol } from '../../lib/format.ts';
import { Checkbox, type Errors, errorsOf, serverErrorsOf } from '../activities/form.tsx';
import { useConnectedAccount } from '../payments/queries.ts';
import {
  METHOD_LABELS,
  newRuleValues,
  type RuleValues,
  ruleValuesOf,
  SCOPE_LABELS,
} from './lib.ts';
import { type CancellationRule, useSaveCancellationRule } from './queries.ts';

const options = (values: readonly string[], label = (v: string) => v) =>
  values.map((value) => ({ value, label: label(value) }));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Add or edit a cancellation rule (docs/data-model.md, docs/rules/forms-and-messages.md): window,
 * refund percentage, fee per ticket, the refund methods and how long account credit lasts. Fee and
 * methods show only while something is refunded; the credit expiry only when account credit is a
 * method. Mount it only while open.
 *
 * @example {dialog.isOpen ? <CancellationRuleDialog dialog={dialog} rule={null} planLevel={20} currency="GBP" /> : null}
 */
export function CancellationRuleDialog({
  dialog,
  rule,
  planLevel,
  currency,
}: {
  dialog: ModalControls;
  rule: CancellationRule | null;
  planLevel: number;
  currency: string;
}) {
  const [values, setValues] = useState<RuleValues>(() =>
    rule ? ruleValuesOf(rule) : newRuleValues(),
  );
  // After the first save, messages follow the typing; the server's stay until the next save.
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const save = useSaveCancellationRule();
  const account = useConnectedAccount();
  // The engine rule the server applies too: no card refunds without card payments set up.
  const cardAvailable = account.data ? cardRefundsAvailable(account.data) : undefined;
  const schema = createCancellationRuleSchema({ planLevel, cardRefundsAvailable: cardAvailable });
  const errors = submitted ? { ...serverErrors, ...errorsOf(schema, values) } : serverErrors;
  const show = cancellationRuleVisibleFields(values);
  const creditAllowed = planLevel >= ACCOUNT_CREDIT_PLAN_LEVEL;
  const cardHint =
    cardAvailable === false
      ? messages.cardRefundUnavailable
      : 'Refunds go back to the card through the card payment provider.';
  const setConfig = (patch: Partial<RuleValues['config']>) =>
    setValues((current) => ({ ...current, config: { ...current.config, ...patch } }));

  const setPercentage = (percentageToRefund: string) => {
    const pct = toNumber(percentageToRefund);
    // docs/rules/forms-and-messages.md: nothing refunded means no refund methods.
    setConfig(
      pct !== null && pct <= 0 ? { percentageToRefund, refundMethods: [] } : { percentageToRefund },
    );
  };

  const toggleMethod = (method: string, on: boolean) => {
    const chosen = values.config.refundMethods.filter((m) => m !== method);
    setConfig({ refundMethods: on ? [...chosen, method] : chosen });
  };

  const submit = () => {
    const found = errorsOf(schema, values);
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: rule?._id, body: values },
      {
        onSuccess: () => dialog.confirm(),
        onError: (error) => setServerErrors(serverErrorsOf(error)),
      },
    );
  };

  return (
    <FormModal
      dialog={dialog}
      title={rule ? 'Edit cancellation rule' : 'Add cancellation rule'}
      onSubmit={submit}
      saving={save.isPending}
      formError={save.error?.message}
      saveLabel={rule ? 'Save' : 'Add rule'}
    >
      <TextField
        label="Name"
        hint="Shown to you when choosing the rules an activity uses."
        value={values.name}
        error={errors.name}
        autoFocus
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <SelectField
        label="Applies to"
        required
        value={values.sessionScope}
        error={errors.sessionScope}
        hint="Cancelling one session of a booking, or a booking of all sessions."
        onChange={(e) => setValues({ ...values, sessionScope: e.target.value })}
        options={options(SESSION_SCOPES, (s) => SCOPE_LABELS[s] ?? s)}
      />
      <fieldset className="fieldset">
        <legend className="form-label">Cancellation window</legend>
        <div className="form-row">
          <TextField
            label="Cancelled at least"
            required
            inputMode="numeric"
            value={values.cancellationWindow.amount}
            error={errors['cancellationWindow.amount']}
            onChange={(e) =>
              setValues({
                ...values,
                cancellationWindow: { ...values.cancellationWindow, amount: e.target.value },
              })
            }
          />
          <SelectField
            label="Unit"
            value={values.cancellationWindow.unit}
            error={errors['cancellationWindow.unit']}
            hint="before the session starts"
            onChange={(e) =>
              setValues({
                ...values,
                cancellationWindow: { ...values.cancellationWindow, unit: e.target.value },
              })
            }
            options={options(WINDOW_UNITS, capitalise)}
          />
        </div>
      </fieldset>
      <div className="form-row">
        <FormField
          label="Percentage to refund"
          error={errors['config.percentageToRefund']}
          hint="0 to 100, rounded to a whole number."
        >
          {(control) => (
            <div className="input-affix">
              <input
                {...control}
                className="input"
                inputMode="decimal"
                value={values.config.percentageToRefund}
                onChange={(e) => setPercentage(e.target.value)}
              />
              <span className="input-suffix" aria-hidden="true">
                %
              </span>
            </div>
          )}
        </FormField>
        {show.fee ? (
          <FormField
            label="Fee"
            error={errors['config.fee']}
            hint="Kept from the refund for each ticket cancelled."
          >
            {(control) => (
              <div className="input-affix">
                <span className="input-prefix" aria-hidden="true">
                  {currencySymbol(currency) ?? currency}
                </span>
                <input
                  {...control}
                  className="input"
                  inputMode="decimal"
                  value={values.config.fee}
                  onChange={(e) => setConfig({ fee: e.target.value })}
                />
              </div>
            )}
          </FormField>
        ) : null}
      </div>
      {show.refundMethods ? (
        <fieldset className="fieldset">
          <legend className="form-label">Refund methods</legend>
          <div className="check-list">
            {REFUND_METHODS.map((method) => {
              // A method that cannot be used cannot be ticked; one already ticked can be cleared.
              const locked =
                (method === 'accountCredit' && !creditAllowed) ||
                (method === 'stripe' && cardAvailable !== true);
              return (
                <Checkbox
                  key={method}
                  label={METHOD_LABELS[method] ?? method}
                  hint={
                    method === 'stripe'
                      ? cardHint
                      : locked
                        ? messages.accountCreditPremiumOnly
                        : 'Refunds are added to the parent’s account to spend on later bookings.'
                  }
                  checked={values.config.refundMethods.includes(method)}
                  disabled={locked && !values.config.refundMethods.includes(method)}
                  onChange={(on) => toggleMethod(method, on)}
                />
              );
            })}
          </div>
          <FieldError message={errors['config.refundMethods']} />
          {values.config.refundMethods.length === 0 ? (
            <p className="form-hint">
              With no refund method, parents cannot cancel online with this rule.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {show.accountCreditExpiry ? (
        <div className="form-row">
          <TextField
            label="Account credit expires after"
            inputMode="numeric"
            hint="Leave blank for credit that never expires."
            value={values.config.accountCreditExpiry.amount}
            error={errors['config.accountCreditExpiry.amount']}
            onChange={(e) =>
              setConfig({
                accountCreditExpiry: {
                  ...values.config.accountCreditExpiry,
                  amount: e.target.value,
                },
              })
            }
          />
          <SelectField
            label="Expiry unit"
            value={values.config.accountCreditExpiry.unit}
            error={errors['config.accountCreditExpiry.unit']}
            onChange={(e) =>
              setConfig({
                accountCreditExpiry: {
                  ...values.config.accountCreditExpiry,
                  unit: e.target.value,
                },
              })
            }
            options={options(EXPIRY_UNITS, capitalise)}
          />
        </div>
      ) : null}
      <Checkbox
        switchStyle
        label="Enabled"
        hint="Disabled rules stay on their activities but no longer apply."
        checked={values.enabled}
        onChange={(enabled) => setValues({ ...values, enabled })}
      />
      <button type="submit" hidden />
    </FormModal>
  );
}
