import { render } from '@react-email/components';
import { bookingReference, formatTime } from '../../../engine/index.ts';
import { loadBookingDtos } from '../../services/bookings/dto.ts';
import { BookingCancelled } from '../templates/BookingCancelled.tsx';
import { loadOrganiser, type OrganiserView } from './organiser.ts';
import type { Composer } from './types.ts';

/** The refund as the parent reads it, by its method. */
function refundText(organiser: OrganiserView, amount: number, method: string | null) {
  const money = organiser.money(amount);
  if (method === 'stripe') return `A refund of ${money} to the card you paid with.`;
  if (method === 'accountCredit')
    return `A refund of ${money} as account credit with ${organiser.name}, used on your next booking.`;
  return `A refund of ${money}; ${organiser.name} will arrange it with you.`;
}

/**
 * The cancellation notice, from the cancellation the row names (its instant) as it was recorded:
 * the places given up, the refund and its method, and the booking's total and balance after.
 */
export const composeBookingCancelled: Composer = async (row, { db, publicUrl, now }) => {
  if (!row.booking_id) throw new Error('A cancellation notice needs its booking.');
  const { at } = JSON.parse(row.payload) as { at?: string };
  const [booking] = await loadBookingDtos(db, row.client_id, [row.booking_id], now.getTime());
  const cancellation = booking?.cancellations.find((c) => c.at === at);
  if (!booking || !cancellation)
    throw new Error(`Cancellation ${at} of ${row.booking_id} is gone.`);
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const refund = cancellation.refund;
  const props = {
    organiser,
    parentName: booking.user.fullName,
    bookingNumber: `Booking number ${bookingReference(booking._id)}`,
    wholeBooking: booking.status === 'cancelled',
    places: cancellation.places.map(
      (p) => `${p.attendee}, ${p.ticket}: ${organiser.date(p.date)}, ${formatTime(p.startTime)}`,
    ),
    refund: refund ? refundText(organiser, refund.amount, refund.method) : null,
    refundNote:
      refund?.method === 'stripe' ? 'Card refunds can take 5 to 10 working days to show.' : null,
    paid: organiser.money(booking.statement.paid),
    refunded: organiser.money(booking.statement.refunded),
    owed: organiser.money(booking.statement.owed),
  };
  const element = <BookingCancelled {...props} />;
  return {
    organiserName: organiser.name,
    subject: `${props.wholeBooking ? 'Booking cancelled' : 'Places cancelled'}: ${props.bookingNumber} with ${organiser.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
