/*
 * Cancelling one session: the engine's refund quote from the server (`cancel-quote`), the refund
 * methods the organiser's rule allows (or the reason none is possible), then `cancel`.
 */
import { useEffect, useRef, useState } from 'react';
import type { Booking, CancelQuote, ClientSettings } from '../../../../api-client/index.ts';
import { dateLabel, localeFor, money } from '../../format.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { Alert, failureText, LoadFailed, StepSkeleton, useLoad } from '../ui.tsx';

export function CancelPanel({
  booking,
  placeId,
  membership = false,
  settings,
  onClose,
  onCancelled,
}: {
  booking: Booking;
  placeId: string;
  /** A membership: one place stands for all of it; the server ends the subscription too. */
  membership?: boolean;
  settings: ClientSettings;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const { api } = useStore();
  const path = `/api/bookings/${encodeURIComponent(booking._id)}`;
  const quote = useLoad(
    () => api.post<CancelQuote>(`${path}/cancel-quote`, { places: [placeId] }),
    placeId,
  );
  const [method, setMethod] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (quote.state.status === 'ready') panel.current?.focus();
  }, [quote.state.status]);
  const locale = localeFor(settings.country);
  const show = (minor: number) => money(minor, booking.currency, locale);

  if (quote.state.status === 'loading') return <StepSkeleton />;
  if (quote.state.status === 'error') {
    return <LoadFailed error={quote.state.error} retry={quote.reload} />;
  }
  const q = quote.state.data;
  const refunding = q.amount > 0 && q.methods.length > 0;
  const chosen = refunding ? (method ?? q.methods[0].method) : undefined;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post<Booking>(`${path}/cancel`, {
        places: [placeId],
        ...(chosen ? { refundMethod: chosen } : {}),
      });
      onCancelled(
        membership
          ? text.membershipEnded
          : q.amount > 0
            ? text.cancelled(`${show(q.amount)} (${text.refundMethods[chosen ?? ''] ?? chosen})`)
            : text.cancelledNoRefund,
      );
    } catch (e) {
      setError(failureText(e));
      setBusy(false);
    }
  };

  return (
    <section
      className="cw-cancel"
      ref={panel}
      tabIndex={-1}
      aria-label={membership ? text.cancelMembership : text.cancelSession}
    >
      <Alert>{error}</Alert>
      {membership && <p className="cw-note">{text.membershipAll}</p>}
      {!q.canCancelOnline ? (
        <p className="cw-note">{q.message ?? text.cannotCancel}</p>
      ) : (
        <>
          <p className="cw-spread">
            <span>{text.refund}</span>
            <strong className="cw-price">{q.label ?? show(q.amount)}</strong>
          </p>
          {q.message && <p className="cw-note">{q.message}</p>}
          {refunding && (
            <fieldset className="cw-choices">
              <legend>{text.refundMethod}</legend>
              {q.methods.map((m) => (
                <label key={m.method} className="cw-check">
                  <input
                    type="radio"
                    name={`cw-refund-${placeId}`}
                    checked={chosen === m.method}
                    onChange={() => setMethod(m.method)}
                  />
                  <span>
                    {text.refundMethods[m.method] ?? m.method}
                    {m.accountCreditExpiresAt && (
                      <small>
                        {' '}
                        (
                        {text.creditExpires(
                          dateLabel(m.accountCreditExpiresAt.slice(0, 10), locale),
                        )}
                        )
                      </small>
                    )}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {q.unavailable.map((u) => (
            <p key={u.method} className="cw-count">
              {u.reason}
            </p>
          ))}
        </>
      )}
      <div className="cw-row">
        <button type="button" className="cw-ghost" onClick={onClose} disabled={busy}>
          {membership ? text.keepMembership : text.keep}
        </button>
        {q.canCancelOnline && (
          <button type="button" className="cw-btn" onClick={cancel} disabled={busy}>
            {q.buttonText ?? text.confirmCancel}
          </button>
        )}
      </div>
    </section>
  );
}
