/*
 * Step 4 of booking, its own chunk: how to pay (the organiser's childcare voucher providers with
 * their instructions, pay later where allowed, card when the payments issue enables it, nothing
 * when the total is zero), then `POST /api/bookings` with an Idempotency-Key so a retry after a
 * dropped connection never books twice. A 409 (a place went) sends the parent back to choosing
 * with the server's message. Then the confirmation, and the `booked` event for the organiser.
 */
import { useRef, useState } from 'react';
import {
  type ActivityGroup,
  ApiError,
  type BasketBody,
  type Booking,
  type ClientSettings,
  type PaymentOptions,
  type Quote,
} from '../../../../api-client/index.ts';
import { localeFor, money } from '../../format.ts';
import { useStore } from '../common.tsx';
import type { Extras } from '../journey/Basket.tsx';
import { basketBody, type Choice } from '../journey/basket.ts';
import { text } from '../text.ts';
import { Alert, failureText, randomKey, StepHeading } from '../ui.tsx';
import { emitBooked } from './booked-event.ts';
import { Confirmation } from './Confirmation.tsx';

type Method = BasketBody['paymentMethod'];

export default function Checkout({
  group,
  settings,
  attendeeIds,
  choices,
  extras,
  quote,
  options,
  onBack,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  attendeeIds: string[];
  choices: Record<string, Choice>;
  extras: Extras;
  quote: Quote;
  options: PaymentOptions | null;
  onBack: (message: string | null) => void;
}) {
  const { api } = useStore();
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  // One key per distinct request: resending the same basket and method reuses it.
  const keys = useRef(new Map<string, string>());
  const locale = localeFor(settings.country);
  const due = quote.amountDueNow;

  if (booking) return <Confirmation booking={booking} group={group} settings={settings} />;

  const methods: { key: string; label: string; method: Method; instructions?: string }[] = [];
  for (const provider of options?.childcareVoucherProviders ?? []) {
    methods.push({
      key: `voucher:${provider._id}`,
      label: text.voucher(provider.name),
      method: { type: 'childcareVoucher', childcareVoucherProvider: provider._id },
      instructions: provider.paymentInstructions,
    });
  }
  if (options?.payLater)
    methods.push({ key: 'payLater', label: text.payLater, method: { type: 'payLater' } });
  if (options?.card) methods.push({ key: 'card', label: text.card, method: { type: 'card' } });
  // A membership or instalments are collected from the card later, even when nothing is due
  // today (engine recurringPaymentProblem): the card is then the only way offered.
  const recurring = quote.recurring.length + quote.schedule.length > 0;
  const needsMethod = due > 0 || recurring;
  const offered = recurring ? methods.filter((m) => m.key === 'card') : methods;
  const picked = offered.find((m) => m.key === choice);

  const place = async () => {
    if (needsMethod && !picked) return setError(text.choosePayment);
    const body: BasketBody = {
      ...basketBody(group, attendeeIds, choices, extras),
      ...(needsMethod && picked ? { paymentMethod: picked.method } : {}),
    };
    const signature = JSON.stringify(body);
    const key = keys.current.get(signature) ?? randomKey();
    keys.current.set(signature, key);
    setBusy(true);
    setError(null);
    try {
      const created = await api.post<Booking>('/api/bookings', body, {
        headers: { 'Idempotency-Key': key },
      });
      // A card hold is announced once paid (Confirmation); anything else stands now.
      if (created.status !== 'held') emitBooked(created, group);
      setBooking(created);
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 409) onBack(`${e.message} ${text.placeGone}`);
      else setError(failureText(e));
    }
  };

  return (
    <div className="cw-step">
      <StepHeading>{text.stepPayment}</StepHeading>
      <Alert>{error}</Alert>
      <dl className="cw-totals">
        <div className="cw-total">
          <dt>{text.dueNow}</dt>
          <dd>{money(due, quote.currency, locale)}</dd>
        </div>
      </dl>
      {!needsMethod ? (
        <p className="cw-note">{text.nothingToPay}</p>
      ) : (
        <fieldset className="cw-choices">
          <legend>{text.paymentMethod}</legend>
          {offered.map((m) => (
            <div key={m.key} className="cw-choice">
              <label className="cw-check">
                <input
                  type="radio"
                  name="cw-payment"
                  checked={choice === m.key}
                  onChange={() => setChoice(m.key)}
                />
                <span>{m.label}</span>
              </label>
              {choice === m.key && m.instructions && (
                <p className="cw-instructions">
                  <strong>{text.paymentInstructions}: </strong>
                  {m.instructions}
                </p>
              )}
            </div>
          ))}
        </fieldset>
      )}
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={() => onBack(null)} disabled={busy}>
          {text.back}
        </button>
        <button type="button" className="cw-btn" onClick={place} disabled={busy}>
          {busy ? text.placing : text.placeBooking}
        </button>
      </div>
    </div>
  );
}
