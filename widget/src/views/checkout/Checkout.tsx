/*
 * Step 4 of booking, its own chunk: how to pay (the organiser's childcare voucher providers with
 * their instructions, pay later where allowed, card when the payments issue enables it, nothing
 * when the total is zero). The basket's places are already held (the basket step took the hold)
 * and the countdown shows how long for; 'Place booking' places that hold with the chosen method
 * (`POST /api/bookings/{id}/place`, safe to retry), Back gives the places up. Then the
 * confirmation, and the `booked` event for the organiser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
import type { Choice } from '../journey/basket.ts';
import { text } from '../text.ts';
import { Alert, failureText, StepHeading } from '../ui.tsx';
import { emitBooked } from './booked-event.ts';
import { Confirmation } from './Confirmation.tsx';
import { Countdown } from './Countdown.tsx';

type Method = BasketBody['paymentMethod'];

export default function Checkout({
  group,
  settings,
  quote,
  hold,
  options,
  onPlaced,
  onBack,
}: {
  group: ActivityGroup;
  settings: ClientSettings;
  attendeeIds: string[];
  choices: Record<string, Choice>;
  extras: Extras;
  quote: Quote;
  /** The held booking of this basket (status held, no method yet). */
  hold: Booking;
  options: PaymentOptions | null;
  /** The booking stands (or awaits its card payment): the journey forgets its saved basket. */
  onPlaced: () => void;
  onBack: (message: string | null) => void;
}) {
  const { api } = useStore();
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [expired, setExpired] = useState(false);
  const onExpired = useCallback(() => setExpired(true), []);
  // Leaving the step any other way than placing it (My bookings, another activity) gives the
  // places back too: otherwise the parent's own hold would block the same child for its minutes.
  const settled = useRef(false);
  const release = useCallback(async () => {
    if (settled.current) return;
    settled.current = true;
    await api.delete(`/api/bookings/${encodeURIComponent(hold._id)}/hold`).catch(() => undefined);
  }, [api, hold._id]);
  useEffect(
    () => () => {
      void release();
    },
    [release],
  );
  const [leaving, setLeaving] = useState(false);
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
    setBusy(true);
    setError(null);
    try {
      const placed = await api.post<Booking>(
        `/api/bookings/${encodeURIComponent(hold._id)}/place`,
        {
          paymentMethod: needsMethod && picked ? picked.method : null,
        },
      );
      settled.current = true;
      // A card hold is announced once paid (Confirmation); anything else stands now.
      if (placed.status !== 'held') emitBooked(placed, group);
      setBooking(placed);
      onPlaced();
    } catch (e) {
      setBusy(false);
      // 409: the hold ran out (or was placed elsewhere); the basket takes a new one.
      if (e instanceof ApiError && e.status === 409) setExpired(true);
      setError(failureText(e));
    }
  };
  const back = async () => {
    // Give the places back at once rather than at the hold's expiry; the job is the safety net.
    // The basket quotes again as soon as it shows: it waits for the release (a few seconds at
    // most), so the quote sees the credit the hold spent given back. Either way the server never
    // counts the parent's own hold as a place taken, whichever request comes first.
    if (!expired) {
      setLeaving(true);
      await Promise.race([release(), new Promise((done) => setTimeout(done, 3000))]);
    }
    onBack(null);
  };

  return (
    <div className="cw-step">
      <StepHeading>{text.stepPayment}</StepHeading>
      {hold.holdExpiresAt && <Countdown until={hold.holdExpiresAt} onExpired={onExpired} />}
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
        <button type="button" className="cw-ghost" onClick={back} disabled={busy || leaving}>
          {expired ? text.backToBasket : text.back}
        </button>
        <button
          type="button"
          className="cw-btn"
          onClick={place}
          disabled={busy || expired || leaving}
        >
          {busy ? text.placing : text.placeBooking}
        </button>
      </div>
    </div>
  );
}
