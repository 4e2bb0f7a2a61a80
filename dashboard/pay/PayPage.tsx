import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CardCheckout } from '../../api/payments/checkout.ts';
import { ApiError, createApiClient } from '../../api-client/index.ts';
import { formatMoney } from '../../engine/money.ts';
import { type WidgetChannel, widgetChannel } from './session.ts';

// Stripe.js and the Payment Element load only once there is something to pay.
const StripeForm = lazy(() => import('./StripeForm.tsx'));

type State =
  | { step: 'waiting' }
  | { step: 'paying'; checkout: CardCheckout; token: string }
  | { step: 'done' }
  | { step: 'failed'; message: string };

const NOT_FRAMED =
  'This payment page opens inside the booking form. Please go back to the booking form to pay.';
const LOAD_FAILED = 'Sorry, we could not start the payment. Please try again.';

/**
 * Our /pay/{bookingId} page, framed by the widget: gets the customer's session from the widget,
 * asks our API for the booking's PaymentIntent, shows Stripe's Payment Element, and tells the
 * widget how it went. The webhook, not this page, confirms the booking.
 */
export function PayPage({ location }: { location: Pick<Location, 'pathname' | 'search'> }) {
  const [channel] = useState<WidgetChannel>(() => widgetChannel(location));
  const [state, setState] = useState<State>(() =>
    channel.usable ? { step: 'waiting' } : { step: 'failed', message: NOT_FRAMED },
  );
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!channel.usable) return;
    let cancelled = false;
    (async () => {
      const token = await channel.requestSession();
      const api = createApiClient({ baseUrl: '', getToken: () => token });
      try {
        const checkout = await api.post<CardCheckout>(
          `/api/stripe/bookings/${encodeURIComponent(channel.bookingId)}/payment-intent`,
        );
        if (cancelled) return;
        // Back from a redirect-based method (or a second tab): the intent already succeeded.
        const paid =
          checkout.status === 'confirmed' ||
          checkout.paymentStatus === 'succeeded' ||
          checkout.paymentStatus === 'processing';
        if (paid) {
          setState({ step: 'done' });
          channel.post({ event: 'succeeded' });
        } else setState({ step: 'paying', checkout, token });
      } catch (error) {
        if (cancelled) return;
        const message = error instanceof ApiError && error.reason ? error.reason : LOAD_FAILED;
        setState({ step: 'failed', message });
        channel.post({ event: 'failed', message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [channel]);

  // The widget sizes its iframe to the page, so the Payment Element never scrolls inside it.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      channel.post({ event: 'resize', height: Math.ceil(root.getBoundingClientRect().height) }),
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, [channel]);

  return (
    <div ref={rootRef} className="pay" data-step={state.step}>
      {state.step === 'waiting' ? (
        <p className="pay-status" role="status">
          Preparing your payment…
        </p>
      ) : null}
      {state.step === 'failed' ? (
        <p className="pay-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.step === 'done' ? (
        <p className="pay-status" role="status">
          Payment received. Thank you!
        </p>
      ) : null}
      {state.step === 'paying' ? (
        <>
          <p className="pay-amount">
            {state.checkout.mode === 'setup' ? (
              'Nothing to pay now: your card is saved for the later payments.'
            ) : (
              <>
                Amount to pay{' '}
                <strong>{formatMoney(state.checkout.amount, state.checkout.currency)}</strong>
              </>
            )}
          </p>
          <Suspense
            fallback={
              <p className="pay-status" role="status">
                Loading secure card form…
              </p>
            }
          >
            <StripeForm
              checkout={state.checkout}
              onSucceeded={() => {
                setState({ step: 'done' });
                channel.post({ event: 'succeeded' });
              }}
              onFailed={(message) => channel.post({ event: 'failed', message })}
            />
          </Suspense>
        </>
      ) : null}
    </div>
  );
}
