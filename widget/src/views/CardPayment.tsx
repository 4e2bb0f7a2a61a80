/*
 * The card payment frame: our /pay/{bookingId} page in an iframe, so Stripe.js and card data
 * never touch the organiser's page (docs/architecture.md, Payments). The conversation is pinned
 * both ways (api-client/pay-messages.ts): we post only to our own origin and listen only to our
 * iframe; the customer's token goes to the page in one message, never in its URL.
 *
 * Mount it where the held card booking's payment goes (views/checkout/CardPayment.tsx):
 *   <CardPaymentFrame origin={origin} bookingId={booking._id} token={session.token}
 *     onSucceeded={reloadBooking} onFailed={(message) => showError(message)} />
 * `onSucceeded` means Stripe took the money; the booking turns confirmed when our webhook has
 * it, so re-read the booking (poll GET /api/bookings/{id} for a few seconds) before saying so.
 */
import { useEffect, useRef, useState } from 'react';
import { isPayMessage, PAY_MESSAGE_TYPE, payPageUrl } from '../../../api-client/pay-messages.ts';

export function CardPaymentFrame({
  origin,
  bookingId,
  token,
  onSucceeded,
  onFailed,
  title = 'Card payment',
}: {
  /** The product's origin (where widget.js and /pay are served). */
  origin: string;
  bookingId: string;
  /** The signed-in customer's bearer token. */
  token: string;
  onSucceeded: () => void;
  onFailed: (message: string) => void;
  title?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  const productOrigin = new URL(origin).origin;
  const src = payPageUrl(productOrigin, bookingId, window.location.origin);
  // Latest callbacks without re-subscribing (and re-sending the session) on every render.
  const handlers = useRef({ onSucceeded, onFailed, token });
  handlers.current = { onSucceeded, onFailed, token };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.origin !== productOrigin) return;
      if (!isPayMessage(event.data, bookingId)) return;
      const data = event.data as { event: string; height?: unknown; message?: unknown };
      if (data.event === 'ready') {
        target.postMessage(
          { type: PAY_MESSAGE_TYPE, bookingId, event: 'session', token: handlers.current.token },
          productOrigin,
        );
      } else if (data.event === 'resize' && typeof data.height === 'number') {
        setHeight(Math.min(Math.max(data.height, 120), 2000));
      } else if (data.event === 'succeeded') {
        handlers.current.onSucceeded();
      } else if (data.event === 'failed') {
        handlers.current.onFailed(typeof data.message === 'string' ? data.message : '');
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [bookingId, productOrigin]);

  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      allow="payment"
      className="cw-card-frame"
      style={{ width: '100%', height: `${height}px`, border: 0, display: 'block' }}
    />
  );
}
