/*
 * One booking's money in My bookings (issue 11): total, paid, refunded, still owed and how to
 * pay it, each refund with how it was worked out (percentage, fee per item, method), and what
 * each cancellation changed. Everything is the server's (engine `bookingStatement` and the
 * cancellation records); this only lays it out.
 */
import type { Booking, ClientSettings } from '../../../../api-client/index.ts';
import { dateLabel, localeFor, money } from '../../format.ts';
import { text } from '../text.ts';
import { PaymentDeadline } from './PaymentDeadline.tsx';
import { Plans } from './Plans.tsx';

export function BookingMoney({
  booking,
  settings,
}: {
  booking: Booking;
  settings: ClientSettings;
}) {
  const locale = localeFor(settings.country);
  const show = (minor: number) => money(minor, booking.currency, locale);
  const day = (iso: string) => dateLabel(iso.slice(0, 10), locale);
  const s = booking.statement;
  const method = (m: string | null) => (m ? (text.refundMethods[m] ?? m) : '');
  const what = [...new Set(booking.items.map((i) => i.activityGroup.name))].join(', ');
  return (
    <section
      className="cw-panel cw-money"
      aria-label={text.bookingMoney(`${what}, ${text.bookingNumber(booking._id)}`)}
    >
      <p>
        <strong>{what}</strong>
        <small className="cw-count">
          {' '}
          · {text.bookingNumber(booking._id)} · {text.status[booking.status] ?? booking.status}
        </small>
      </p>
      <PaymentDeadline booking={booking} settings={settings} />
      <dl className="cw-totals">
        <div>
          <dt>{text.total}</dt>
          <dd>{show(s.total)}</dd>
        </div>
        <div>
          <dt>{text.paid}</dt>
          <dd>{show(s.paid)}</dd>
        </div>
        {s.refunded > 0 && (
          <div>
            <dt>{text.refunded}</dt>
            <dd>{show(s.refunded)}</dd>
          </div>
        )}
        <div className="cw-total">
          <dt>
            {text.stillOwed}
            {s.owedLater > 0 && <small>{text.owedLater(show(s.owedLater))}</small>}
          </dt>
          <dd>{show(s.owed)}</dd>
        </div>
      </dl>
      {s.howToPay && (
        <p className="cw-instructions">
          <strong>{text.howToPay}: </strong>
          {s.howToPay}
        </p>
      )}
      {booking.cancellations.length > 0 && (
        <ul className="cw-sub cw-changes">
          {booking.cancellations.map((c) => (
            <li key={c.at}>
              <strong>{text.changed(day(c.at))}</strong>
              <small>
                {c.places
                  .map((p) => `${p.attendee} · ${p.ticket} · ${dateLabel(p.date, locale)}`)
                  .join('; ')}
              </small>
              {c.totalBefore !== c.totalAfter && (
                <small>{text.totalChanged(show(c.totalBefore), show(c.totalAfter))}</small>
              )}
              {c.owedBefore !== c.owedAfter && (
                <small>{text.owedChanged(show(c.owedBefore), show(c.owedAfter))}</small>
              )}
              {c.refund ? (
                <>
                  <small>{text.refundLine(show(c.refund.amount), method(c.refund.method))}</small>
                  {[
                    ...new Set(
                      c.refund.items.map((item) =>
                        text.refundWorking(item.percentage, item.fee > 0 ? show(item.fee) : ''),
                      ),
                    ),
                  ].map((line) => (
                    <small key={line}>{line}</small>
                  ))}
                </>
              ) : (
                <small>{text.noRefundGiven}</small>
              )}
            </li>
          ))}
        </ul>
      )}
      {s.refunds.length > 0 && (
        <ul className="cw-sub">
          {s.refunds.map((r) => (
            <li key={`${r.at}-${r.amount}`} className="cw-spread">
              <span>
                {text.refunded} {day(r.at)} · {method(r.method)}
                {text.refundStatus[r.status] ? ` (${text.refundStatus[r.status]})` : ''}
              </span>
              <span>{show(r.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <Plans booking={booking} settings={settings} embedded />
    </section>
  );
}
