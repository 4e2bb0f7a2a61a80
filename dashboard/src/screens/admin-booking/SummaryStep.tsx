import type { AdminQuote, PaymentOptions } from '../../../../api-client/index.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { FieldError } from '../../components/FormField.tsx';
import { useMoney } from '../../lib/money.ts';
import type { PaymentChoice } from './basket.ts';
import { type Notice, QuoteNotices } from './TicketsStep.tsx';

/** A payment choice as one radio value: 'payLater', 'voucher:{providerId}'. */
const choiceValue = (p: PaymentChoice | null) =>
  !p ? '' : p.type === 'payLater' ? 'payLater' : `voucher:${p.childcareVoucherProvider}`;

/**
 * The summary, priced by the server's quote (never by the browser), and how the customer will
 * pay: later, by childcare voucher, or nothing when nothing is due. An admin never takes a card.
 */
export function SummaryStep({
  customerName,
  quote,
  quoteError,
  quoting,
  options,
  payment,
  onPayment,
  warnings,
  problems,
  paymentError,
}: {
  customerName: string;
  quote: AdminQuote | undefined;
  quoteError: Error | null;
  quoting: boolean;
  options: PaymentOptions | undefined;
  payment: PaymentChoice | null;
  onPayment: (p: PaymentChoice | null) => void;
  warnings: readonly Notice[];
  problems: readonly Notice[];
  paymentError?: string;
}) {
  const format = useMoney();
  const money = (minor: number) => format(minor, quote?.currency ?? 'GBP');
  const choices: { value: string; label: string; choice: PaymentChoice }[] = [
    ...(options?.payLater
      ? [{ value: 'payLater', label: 'Pay later', choice: { type: 'payLater' } as const }]
      : []),
    ...(options?.childcareVoucherProviders ?? []).map((p) => ({
      value: `voucher:${p._id}`,
      label: `Childcare voucher: ${p.name}`,
      choice: { type: 'childcareVoucher', childcareVoucherProvider: p._id } as const,
    })),
  ];
  const due = quote?.amountDueNow ?? 0;
  return (
    <div className="admin-booking-step">
      <QueryError error={quoteError} />
      <Card title={`Booking for ${customerName}`} flush>
        {!quote || quoting ? (
          <div className="card-body" role="status" aria-label="Loading the price">
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        ) : (
          <table className="table">
            <caption className="visually-hidden">Price</caption>
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.key}>
                  <td>{line.label}</td>
                  <td className="align-right">{money(line.gross)}</td>
                </tr>
              ))}
              {quote.discounts.map((d) => (
                <tr key={d.ruleId}>
                  <td>{d.ruleName}</td>
                  <td className="align-right">−{money(d.amount)}</td>
                </tr>
              ))}
              <tr className="admin-booking-total">
                <th scope="row">Total</th>
                <td className="align-right">{money(quote.total)}</td>
              </tr>
            </tbody>
          </table>
        )}
      </Card>
      <Card title="Payment">
        {quote && due === 0 ? (
          <p>Nothing to pay: the booking is confirmed at once.</p>
        ) : (
          <fieldset className="admin-booking-fieldset">
            <legend className="form-label">How will the customer pay?</legend>
            {choices.length === 0 && options ? (
              <p className="muted">
                Turn on pay later or add a childcare voucher provider to take offline payments.
              </p>
            ) : null}
            {choices.map((c) => (
              <label key={c.value} className="check">
                <input
                  type="radio"
                  name="admin-booking-payment"
                  checked={choiceValue(payment) === c.value}
                  onChange={() => onPayment(c.choice)}
                />
                <span className="check-text">
                  <span className="check-label">{c.label}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <FieldError message={paymentError} />
      </Card>
      <QuoteNotices warnings={warnings} problems={problems} quoting={quoting} />
    </div>
  );
}
