/*
 * The deadline of a booking paid offline (voucher, Tax-Free Childcare, pay later; issue 11): by
 * when to pay while it awaits payment, and, once released unpaid, that this is why it expired.
 */
import type { Booking, ClientSettings } from '../../../../api-client/index.ts';
import { todayIn } from '../../../../engine/dates.ts';
import { dateLabel, localeFor } from '../../format.ts';
import { text } from '../text.ts';

export function PaymentDeadline({
  booking,
  settings,
}: {
  booking: Pick<Booking, 'status' | 'paymentDueAt'>;
  settings: ClientSettings;
}) {
  const due = booking.paymentDueAt;
  if (!due || (booking.status !== 'awaiting_payment' && booking.status !== 'expired')) return null;
  const date = dateLabel(todayIn(Date.parse(due), settings.timeZone), localeFor(settings.country));
  return (
    <p className={booking.status === 'expired' ? 'cw-alert' : 'cw-note'}>
      {booking.status === 'expired' ? text.unpaidReleased(date) : text.payBy(date)}
    </p>
  );
}

/**
 * Bookings released because their offline payment did not arrive in time: listed so the parent
 * learns why the places are no longer theirs (their money panel would show nothing owed).
 */
export function ReleasedUnpaid({
  bookings,
  settings,
}: {
  bookings: readonly Booking[];
  settings: ClientSettings;
}) {
  const released = bookings.filter((b) => b.status === 'expired' && b.paymentDueAt);
  if (released.length === 0) return null;
  return (
    <>
      {released.map((b) => (
        <section key={b._id} className="cw-panel" aria-label={text.bookingNumber(b._id)}>
          <p>
            <strong>{[...new Set(b.items.map((i) => i.activityGroup.name))].join(', ')}</strong>
            <small className="cw-count">
              {' '}
              · {text.bookingNumber(b._id)} · {text.status[b.status] ?? b.status}
            </small>
          </p>
          <PaymentDeadline booking={b} settings={settings} />
        </section>
      ))}
    </>
  );
}
