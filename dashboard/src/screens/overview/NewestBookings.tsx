import { Link } from 'react-router';
import type { Booking } from '../../../../api-client/index.ts';
import { formatMoney, localeFor } from '../../../../engine/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { attendeeNames, statusLabel, statusTone } from '../bookings/lib.ts';

/**
 * The latest bookings, each a link to its detail page: who, for whom, what, how much, and where
 * it stands.
 *
 * @example <NewestBookings bookings={overview.newestBookings} country="GB" />
 */
export function NewestBookings({ bookings, country }: { bookings: Booking[]; country: string }) {
  if (bookings.length === 0) return <p className="overview-none">No bookings yet.</p>;
  const locale = localeFor(country);
  return (
    <ul className="overview-bookings">
      {bookings.map((booking) => {
        const activities = [...new Set(booking.items.map((item) => item.activityGroup.name))];
        return (
          <li key={booking._id}>
            <Link to={`/bookings/${booking._id}`} className="overview-booking-link">
              <span className="overview-booking-who">
                <span className="overview-strong">{booking.user.fullName}</span>
                <span className="detail-note">
                  {[attendeeNames(booking).join(', '), activities.join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <span className="overview-booking-amount">
                <span className="overview-strong">
                  {formatMoney(booking.total, booking.currency, locale)}
                </span>
                <Badge tone={statusTone(booking.status)}>{statusLabel(booking.status)}</Badge>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
