/*
 * After `POST /api/bookings`: what was booked, what it cost, how to pay (voucher instructions),
 * and for a held booking the countdown and, for card, the payment's mount point.
 */
import { useCallback, useState } from 'react';
import type { ActivityGroup, Booking, ClientSettings } from '../../../../api-client/index.ts';
import { dateLabel, localeFor, money, timeRange } from '../../format.ts';
import { useStore } from '../common.tsx';
import { Plans } from '../mine/Plans.tsx';
import { text } from '../text.ts';
import { StepHeading } from '../ui.tsx';
import { emitBooked } from './booked-event.ts';
import { CardPayment } from './CardPayment.tsx';
import { Countdown } from './Countdown.tsx';

export function Confirmation({
  booking: placed,
  group,
  settings,
}: {
  booking: Booking;
  group: Pick<ActivityGroup, '_id' | 'name'>;
  settings: ClientSettings;
}) {
  const { actions } = useStore();
  const [booking, setBooking] = useState(placed);
  const [expired, setExpired] = useState(false);
  const onExpired = useCallback(() => setExpired(true), []);
  const paid = (latest: Booking) => {
    setBooking(latest);
    if (latest.status === 'confirmed') emitBooked(latest, group);
  };
  const locale = localeFor(settings.country);
  const show = (minor: number) => money(minor, booking.currency, locale);
  const voucher = booking.paymentMethod?.childcareVoucherProvider;
  return (
    <div className="cw-step">
      <StepHeading>{booking.status === 'confirmed' ? text.confirmed : text.received}</StepHeading>
      <p className="cw-count">{text.bookingNumber(booking._id)}</p>
      {booking.status === 'held' && booking.holdExpiresAt && (
        <Countdown until={booking.holdExpiresAt} onExpired={onExpired} />
      )}
      {booking.status === 'held' && booking.paymentMethod?.type === 'card' && !expired && (
        <CardPayment booking={booking} onUpdated={paid} />
      )}
      {booking.status === 'awaiting_payment' && <p className="cw-note">{text.awaitingPayment}</p>}
      {voucher && (
        <section className="cw-panel cw-instructions">
          <h4>{text.paymentInstructions}</h4>
          <p>
            <strong>{voucher.name}</strong>
          </p>
          <p>{voucher.paymentInstructions}</p>
        </section>
      )}
      <BookingItems booking={booking} settings={settings} />
      <dl className="cw-totals">
        {booking.discounts.map((d) => (
          <div key={`${d.ruleName}:${d.reason}`}>
            <dt>
              {d.ruleName}
              <small>{d.reason}</small>
            </dt>
            <dd>−{show(d.amount)}</dd>
          </div>
        ))}
        {booking.creditApplied > 0 && (
          <div>
            <dt>{text.credit}</dt>
            <dd>−{show(booking.creditApplied)}</dd>
          </div>
        )}
        <div className="cw-total">
          <dt>{text.total}</dt>
          <dd>{show(booking.total)}</dd>
        </div>
      </dl>
      <Plans booking={booking} settings={settings} />
      <div className="cw-row">
        <button
          type="button"
          className="cw-ghost"
          onClick={() => actions.show({ kind: 'listing', focus: true })}
        >
          {text.bookAnother}
        </button>
        <button type="button" className="cw-btn" onClick={() => actions.show({ kind: 'mine' })}>
          {text.viewMyBookings}
        </button>
      </div>
    </div>
  );
}

/** Items of a booking, per attendee: ticket, sessions, add-ons and price. */
export function BookingItems({
  booking,
  settings,
}: {
  booking: Booking;
  settings: ClientSettings;
}) {
  const locale = localeFor(settings.country);
  return (
    <ul className="cw-lines">
      {booking.items.map((item) => (
        <li key={item._id}>
          <p className="cw-spread">
            <strong>
              {item.attendee.name} · {item.activityGroup.name} · {item.ticket.name}
            </strong>
            <span className="cw-price">{money(item.price, booking.currency, locale)}</span>
          </p>
          <ul className="cw-sub">
            {item.places.map((p) => (
              <li key={p._id}>
                {dateLabel(p.activity.date, locale)}{' '}
                {timeRange(p.activity.startTime, p.activity.endTime)}
              </li>
            ))}
            {item.addOns.map((a) => (
              <li key={a._id} className="cw-spread">
                <span>{a.name}</span>
                <span>{money(a.price, booking.currency, locale)}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
