import { useState } from 'react';
import type { Booking } from '../../../../api-client/index.ts';
import { messages } from '../../../../engine/index.ts';
import { Alert } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ModalControls } from '../../components/useModal.ts';
import { useLocale, useMoney } from '../../lib/money.ts';
import { Checkbox } from '../activities/form.tsx';
import { METHOD_LABELS } from '../cancellation-rules/lib.ts';
import { formatInstant, sessionLabel } from './lib.ts';
import { useCancelPlaces, useCancelQuote } from './queries.ts';

/** How the notice after a cancellation says where the money went. */
const REFUNDED_HOW: Record<string, string> = {
  stripe: 'to the card',
  accountCredit: 'as account credit',
};

/** Places that can still be cancelled: held or confirmed ones. */
const cancellable = (status: string) => status === 'held' || status === 'confirmed';

/**
 * Cancel places of a booking: tick the places, read the engine's refund quote for exactly those
 * (POST /api/bookings/{id}/cancel-quote), choose one of the refund methods it allows, confirm
 * (POST /api/bookings/{id}/cancel). With nothing to refund the button reads 'Cancel without
 * refund'; when the rules allow no refund method, the engine's reason is shown and nothing can
 * be confirmed. Mount it only while open so every opening starts with nothing ticked.
 */
export function CancelPlacesDialog({
  dialog,
  booking,
  dateFormat,
  timeZone,
  onCancelled,
}: {
  dialog: ModalControls;
  booking: Booking;
  dateFormat: string;
  timeZone?: string;
  /** Told what happened, in a sentence for the screen's notice. */
  onCancelled?: (notice: string) => void;
}) {
  const formatMoney = useMoney();
  const locale = useLocale();
  const [places, setPlaces] = useState<string[]>([]);
  const [method, setMethod] = useState<string | null>(null);
  const quote = useCancelQuote(booking._id, places);
  const cancel = useCancelPlaces(booking._id);
  const q = quote.data;
  const methods = q?.methods ?? [];
  const chosen = methods.some((m) => m.method === method) ? method : (methods[0]?.method ?? null);
  const noRefund = q ? q.amount === 0 : false;
  const ready = !!q && !quote.isFetching && q.canCancelOnline && (noRefund || !!chosen);

  const toggle = (id: string, on: boolean) =>
    setPlaces((current) => (on ? [...current, id] : current.filter((p) => p !== id)));

  return (
    <Modal
      {...dialog.modalProps}
      size="lg"
      title="Cancel places"
      footer={
        <>
          <Button variant="secondary" onClick={dialog.cancel}>
            Keep places
          </Button>
          <Button
            variant="danger"
            disabled={!ready}
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { places, refundMethod: noRefund ? null : chosen },
                {
                  onSuccess: () => {
                    const what = places.length === 1 ? 'Place cancelled' : 'Places cancelled';
                    const refund =
                      q && !noRefund && chosen
                        ? ` ${formatMoney(q.amount, booking.currency)} refunded ${REFUNDED_HOW[chosen] ?? `by ${chosen}`}.`
                        : ' No refund.';
                    dialog.confirm(() => onCancelled?.(`${what}.${refund}`));
                  },
                },
              )
            }
          >
            {q?.buttonText ?? (places.length === 1 ? 'Cancel place' : 'Cancel places')}
          </Button>
        </>
      }
    >
      <div className="form">
        {booking.items.map((item) => {
          const open = item.places.filter((p) => cancellable(p.status));
          if (!open.length) return null;
          return (
            <fieldset key={item._id} className="fieldset">
              <legend className="form-label">
                {item.attendee.name} · {item.activityGroup.name} · {item.ticket.name}
              </legend>
              <div className="check-list">
                {open.map((p) => (
                  <Checkbox
                    key={p._id}
                    label={sessionLabel(p.activity, dateFormat)}
                    checked={places.includes(p._id)}
                    onChange={(on) => toggle(p._id, on)}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
        {places.length === 0 ? (
          <p className="muted">Choose the places to cancel to see the refund.</p>
        ) : null}
        {quote.error ? <Alert>{quote.error.message}</Alert> : null}
        {places.length && quote.isFetching ? (
          <p className="muted" aria-live="polite">
            Working out the refund…
          </p>
        ) : null}
        {q && places.length && !quote.isFetching ? (
          <section className="refund-quote" aria-label="Refund" aria-live="polite">
            <p className="refund-amount">
              Refund: <strong>{formatMoney(q.amount, booking.currency)}</strong>{' '}
              {q.label ? <Badge>{q.label}</Badge> : null}
            </p>
            {q.items
              .filter(() => !noRefund)
              .filter((i) => i.fee > 0 || (i.percentage > 0 && i.percentage < 100))
              .map((i) => (
                <p key={i.itemId} className="muted">
                  {i.percentage}% of {formatMoney(i.refundable, booking.currency)}
                  {i.fee ? `, less a ${formatMoney(i.fee, booking.currency)} fee` : ''}
                </p>
              ))}
            {q.message ? <Alert tone="warning">{q.message}</Alert> : null}
            {!noRefund && methods.length ? (
              <fieldset className="fieldset">
                <legend className="form-label">Refund method</legend>
                <div className="check-list">
                  {methods.map((m) => (
                    <label key={m.method} className="check">
                      <input
                        type="radio"
                        name="refund-method"
                        value={m.method}
                        checked={chosen === m.method}
                        onChange={() => setMethod(m.method)}
                      />
                      <span className="check-text">
                        <span className="check-label">{METHOD_LABELS[m.method] ?? m.method}</span>
                        {m.accountCreditExpiresAt ? (
                          <span className="check-hint">
                            Expires {formatInstant(m.accountCreditExpiresAt, timeZone, locale)}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {q.unavailable.map((u) => (
              <p key={u.method} className="form-hint">
                {METHOD_LABELS[u.method] ?? u.method}: {u.reason}
              </p>
            ))}
            {!q.canCancelOnline && !q.message ? (
              <Alert tone="warning">{messages.cannotCancelOnline}</Alert>
            ) : null}
          </section>
        ) : null}
        {cancel.error ? <Alert>{cancel.error.message}</Alert> : null}
      </div>
    </Modal>
  );
}
