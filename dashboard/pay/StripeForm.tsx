import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useMemo, useState } from 'react';
import type { CardCheckout } from '../../api/payments/checkout.ts';

const DECLINED =
  'Your payment did not go through, so your places have been released. Please book again to try another card.';

/**
 * Stripe's Payment Element for the booking's PaymentIntent, on the organiser's connected
 * account. Stripe.js handles 3-D Secure; redirect-based methods come back to this page, which
 * then reads the outcome from our API. A declined payment releases the places (the webhook does
 * it), so the form is not offered again.
 */
export default function StripeForm({
  checkout,
  onSucceeded,
  onFailed,
}: {
  checkout: CardCheckout;
  onSucceeded: () => void;
  onFailed: (message: string) => void;
}) {
  const stripe = useMemo(
    () => loadStripe(checkout.publishableKey!, { stripeAccount: checkout.stripeAccount }),
    [checkout.publishableKey, checkout.stripeAccount],
  );
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: checkout.clientSecret!, appearance: { theme: 'stripe' } }}
    >
      <PaymentForm
        setup={checkout.mode === 'setup'}
        onSucceeded={onSucceeded}
        onFailed={onFailed}
      />
    </Elements>
  );
}

function PaymentForm({
  setup,
  onSucceeded,
  onFailed,
}: {
  /** Nothing to pay now: save the card for a membership's or instalments' later charges. */
  setup: boolean;
  onSucceeded: () => void;
  onFailed: (message: string) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy || declined) return;
    setBusy(true);
    setError(null);
    const options = {
      elements,
      redirect: 'if_required' as const,
      confirmParams: { return_url: window.location.href },
    };
    const result = setup
      ? await stripe.confirmSetup(options)
      : await stripe.confirmPayment(options);
    setBusy(false);
    if (result.error) {
      // Incomplete or invalid fields are shown by the Payment Element itself and can be fixed.
      if (result.error.type === 'validation_error') return;
      const message =
        result.error.type === 'card_error' && result.error.message
          ? `${result.error.message} ${DECLINED}`
          : DECLINED;
      setDeclined(true);
      setError(message);
      onFailed(message);
      return;
    }
    const status =
      'setupIntent' in result ? result.setupIntent?.status : result.paymentIntent?.status;
    if (status === 'succeeded' || status === 'processing') onSucceeded();
  };

  return (
    <form className="pay-form" onSubmit={submit}>
      <PaymentElement options={{ layout: 'tabs' }} />
      {error ? (
        <p className="pay-error" role="alert">
          {error}
        </p>
      ) : null}
      {declined ? null : (
        <button type="submit" className="pay-button" disabled={!stripe || busy}>
          {busy ? (setup ? 'Saving…' : 'Paying…') : setup ? 'Save card' : 'Pay now'}
        </button>
      )}
    </form>
  );
}
