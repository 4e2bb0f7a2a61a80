import { render } from '@react-email/components';
import { bookingReference, formatTimeRange, zonedToInstant } from '../../../engine/index.ts';
import { loadBookingDtos } from '../../services/bookings/dto.ts';
import { calendarFile } from '../ics.ts';
import { BookingConfirmation } from '../templates/BookingConfirmation.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';

/**
 * The booking confirmation, from the booking as it stands when sent: its lines with every booked
 * session, the money from the engine's statement, how to pay an offline booking, and an .ics
 * file with one event per session.
 */
export const composeBookingConfirmation: Composer = async (row, { db, now }) => {
  if (!row.booking_id) throw new Error('A booking confirmation needs its booking.');
  const [booking] = await loadBookingDtos(db, row.client_id, [row.booking_id], now.getTime());
  if (!booking) throw new Error(`Booking ${row.booking_id} no longer exists.`);
  const organiser = await loadOrganiser(db, row.client_id);
  const live = (status: string) => status === 'confirmed' || status === 'held';
  const items = booking.items.filter((item) => live(item.status));
  const lines = items.map((item) => ({
    activity: item.activityGroup.name,
    attendee: item.attendee.name,
    ticket: item.ticket.name,
    price: organiser.money(item.price - item.discount),
    sessions: item.places
      .filter((place) => live(place.status))
      .map(
        (place) =>
          `${organiser.date(place.activity.date)}, ${formatTimeRange(place.activity.startTime, place.activity.endTime)}`,
      ),
  }));
  const calendar = items.flatMap((item) =>
    item.places
      .filter((place) => live(place.status))
      .map((place) => ({
        uid: `${place._id}@classwise`,
        title: `${item.activityGroup.name} (${organiser.name})`,
        description: `${item.attendee.name}, ${item.ticket.name}`,
        start: zonedToInstant(place.activity.date, place.activity.startTime, organiser.timeZone),
        end: zonedToInstant(place.activity.date, place.activity.endTime, organiser.timeZone),
      })),
  );
  const { statement } = booking;
  const awaitingPayment = booking.status === 'awaiting_payment';
  const props = {
    organiser,
    parentName: booking.user.fullName,
    bookingNumber: `Booking number ${bookingReference(booking._id)}`,
    awaitingPayment,
    lines,
    total: organiser.money(statement.total),
    paid: organiser.money(statement.paid),
    owed: organiser.money(statement.owed),
    howToPay: statement.owed > 0 ? statement.howToPay : null,
    payBy: awaitingPayment && booking.paymentDueAt ? organiser.instant(booking.paymentDueAt) : null,
  };
  const element = <BookingConfirmation {...props} />;
  return {
    organiserName: organiser.name,
    subject: `${awaitingPayment ? 'Booking received' : 'Booking confirmed'}: ${props.bookingNumber} with ${organiser.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
    attachments: [
      {
        filename: 'booking.ics',
        content: calendarFile(organiser.name, calendar),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
};
