import { useState } from 'react';
import * as v from 'valibot';
import { ApiError, type Booking } from '../../../../api-client/index.ts';
import { majorToMinor } from '../../../../engine/index.ts';
import {
  manualRefundMessages,
  manualRefundProblem,
  manualRefundSchema,
} from '../../../../engine/refunds/manual.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { FormField } from '../../components/FormField.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { currencySymbol } from '../../lib/format.ts';
import { useLocale, useMoney } from '../../lib/money.ts';
import { useManualRefund, useRefundOptions } from './queries.ts';

/** The methods as the organiser reads them, and how the notice says where the money went. */
const METHODS = {
  stripe: { label: 'To the card it was paid with', went: 'to the card' },
  accountCredit: { label: 'As account credit', went: 'as account credit' },
} as const;

/**
 * A manual refund (docs/rules/refunds.md): any amount up to what the booking received less what
 * went back, to the card or as account credit, with a reason the parent and the exports keep.
 * The engine's schema and limit check the form before it is sent, so the dialog says what the
 * API would. Mount it only while open so every opening starts empty.
 */
export function RefundDialog({
  dialog,
  booking,
  onRefunded,
}: {
  dialog: ModalControls;
  booking: Booking;
  onRefunded: (notice: string) => void;
}) {
  const options = useRefundOptions(booking._id);
  const refund = useManualRefund(booking._id);
  const money = useMoney();
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const o = options.data;
  const chosen = o?.methods.some((m) => m.method === method)
    ? method
    : (o?.methods[0]?.method ?? null);

  const submit = () => {
    if (!o) return;
    const minor = amount.trim() === '' ? Number.NaN : majorToMinor(amount);
    const body = {
      amount: Number.isNaN(minor) ? undefined : minor,
      method: chosen ?? '',
      reason,
    };
    const parsed = v.safeParse(manualRefundSchema, body);
    const found: Record<string, string> = {};
    for (const issue of parsed.issues ?? []) {
      const key = String(issue.path?.[0]?.key ?? 'form');
      found[key] ??=
        key === 'amount' && amount.trim() === ''
          ? manualRefundMessages.amountRequired
          : issue.message;
    }
    if (parsed.success) {
      Object.assign(found, manualRefundProblem(parsed.output, o, o.currency, locale) ?? {});
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    refund.mutate(parsed.output, {
      onSuccess: () =>
        dialog.confirm(() =>
          onRefunded(
            `${money(parsed.output.amount, o.currency)} refunded ${METHODS[parsed.output.method].went}.`,
          ),
        ),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.errors);
      },
    });
  };

  const fieldError = Object.keys(errors).length > 0;
  return (
    <Modal
      {...dialog.modalProps}
      size="md"
      title="Refund"
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            loading={refund.isPending}
            disabled={!o || o.methods.length === 0}
          >
            Refund
          </Button>
        </>
      }
    >
      <div className="form">
        {options.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading what can be refunded">
            <span className="skeleton skeleton-text" />
            <span className="skeleton skeleton-text" />
            <span className="skeleton skeleton-text" />
          </div>
        ) : null}
        {options.error ? <Alert>{options.error.message}</Alert> : null}
        {o && o.methods.length === 0 ? (
          <p className="muted">
            {o.max > 0
              ? 'No refund method is available for this booking.'
              : manualRefundMessages.nothingToRefund}
          </p>
        ) : null}
        {o && o.methods.length > 0 ? (
          <>
            <p>
              Up to <strong>{money(o.max, o.currency)}</strong> can be refunded on this booking,
              whatever the cancellation rules say.
            </p>
            <FormField label="Amount" required error={errors.amount}>
              {(control) => (
                <div className="input-affix">
                  <span className="input-prefix" aria-hidden="true">
                    {currencySymbol(o.currency) ?? o.currency}
                  </span>
                  <input
                    {...control}
                    className="input"
                    inputMode="decimal"
                    autoComplete="off"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                </div>
              )}
            </FormField>
            <fieldset className="fieldset">
              <legend className="form-label">Refund method</legend>
              <div className="check-list">
                {o.methods.map((m) => (
                  <label key={m.method} className="check">
                    <input
                      type="radio"
                      name="manual-refund-method"
                      value={m.method}
                      checked={chosen === m.method}
                      onChange={() => setMethod(m.method)}
                    />
                    <span className="check-text">
                      <span className="check-label">{METHODS[m.method].label}</span>
                      <span className="check-hint">Up to {money(m.max, o.currency)}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.method ? <p className="field-error">{errors.method}</p> : null}
            </fieldset>
            <FormField
              label="Reason"
              required
              error={errors.reason}
              hint="The parent sees it with the refund in My bookings."
            >
              {(control) => (
                <textarea
                  {...control}
                  className="input"
                  rows={3}
                  maxLength={2000}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              )}
            </FormField>
          </>
        ) : null}
        {refund.error && !fieldError ? <Alert>{refund.error.message}</Alert> : null}
      </div>
    </Modal>
  );
}
