/*
 * Card payment for a held booking: our /pay/{bookingId} page in an iframe (CardPaymentFrame, from
 * the payments issue), so nothing from Stripe loads on the organiser's page and card data never
 * touches it. Stripe taking the money is not yet a confirmed booking: our webhook confirms it, so
 * the booking is re-read for a few seconds before the parent is told.
 */
import { useState } from 'react';
import type { Booking } from '../../../../api-client/index.ts';
import { useWidget } from '../../store.ts';
import { CardPaymentFrame } from '../CardPayment.tsx';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText } from '../ui.tsx';

/** How long to wait for the webhook's confirmation after Stripe said yes. */
const CONFIRM_POLLS = 15;
const POLL_MS = 1000;

export function CardPayment({
  booking,
  onUpdated,
}: {
  booking: Booking;
  onUpdated: (booking: Booking) => void;
}) {
  const store = useStore();
  const token = useWidget(store, (s) => s.session?.token ?? null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  const succeeded = async () => {
    setWaiting(true);
    setError(null);
    try {
      for (let i = 0; i < CONFIRM_POLLS; i++) {
        const latest = await store.api.get<Booking>(
          `/api/bookings/${encodeURIComponent(booking._id)}`,
        );
        if (latest.status !== 'held') return onUpdated(latest);
        await new Promise((done) => setTimeout(done, POLL_MS));
      }
      setNote(text.paymentConfirmLater);
    } catch (e) {
      setError(failureText(e));
    } finally {
      setWaiting(false);
    }
  };

  if (!token) return null;
  return (
    <section className="cw-panel" aria-label={text.cardMount}>
      <Alert>{error}</Alert>
      {waiting || note ? (
        <p role="status">{note ?? text.paymentConfirming}</p>
      ) : (
        <div className="cw-card-pay" data-cw-card-payment={booking._id}>
          <CardPaymentFrame
            origin={store.origin}
            bookingId={booking._id}
            token={token}
            title={text.cardMount}
            onSucceeded={succeeded}
            onFailed={(message) => setError(message || text.paymentFailed)}
          />
        </div>
      )}
    </section>
  );
}
