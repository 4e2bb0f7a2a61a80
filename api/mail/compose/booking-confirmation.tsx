import { render } from '@react-email/components';
import { itemNetPrice } from '../../../engine/booking-amounts.ts';
import {
  bookingReference,
  cancellationTermsText,
  formatTimeRange,
  noOnlineCancellation,
  type TermsRule,
  zonedToInstant,
} from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { loadBookingDtos } from '../../services/bookings/dto.ts';
import { createCalendarLink } from '../calendar-links.ts';
import { calendarFile } from '../ics.ts';
import { BookingConfirmation } from '../templates/BookingConfirmation.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';

/**
 * The booking confirmation, from the booking as it stands when sent: its lines with every booked
 * session, the money from the engine's statement, how to pay an offline booking, and an .ics
 * file with one event per session.
 */
export const composeBookingConfirmation: Composer = async (row, { db, publicUrl, now }) => {
  if (!row.booking_id) throw new Error('A booking confirmation needs its booking.');
  const [booking] = await loadBookingDtos(db, row.client_id, [row.booking_id], now.getTime());
  if (!booking) throw new Error(`Booking ${row.booking_id} no longer exists.`);
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const live = (status: string) => status === 'confirmed' || status === 'held';
  const items = booking.items.filter((item) => live(item.status));
  const lines = items.map((item) => ({
    activity: item.activityGroup.name,
    attendee: item.attendee.name,
    ticket: item.ticket.name,
    price: organiser.money(itemNetPrice(item)),
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
  const element = (
    <BookingConfirmation
      {...props}
      calendarUrl={
        await createCalendarLink(db, {
          clientId: row.client_id,
          bookingId: booking._id,
          publicUrl,
          now,
        })
      }
      cancellationTerms={await termsOf(db, row.client_id, items, organiser)}
    />
  );
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

/** Each booked activity's enabled cancellation rules, worded; one line per activity. */
async function termsOf(
  db: Db,
  clientId: string,
  items: { activityGroup: { _id: string; name: string } }[],
  organiser: { name: string; money: (minor: number) => string },
): Promise<string[]> {
  const groups = [...new Map(items.map((i) => [i.activityGroup._id, i.activityGroup.name]))];
  if (groups.length === 0) return [];
  const rules = await db
    .selectFrom('activity_group_cancellation_rules as l')
    .innerJoin('cancellation_rules as r', 'r.id', 'l.cancellation_rule_id')
    .select([
      'l.activity_group_id',
      'r.session_scope',
      'r.window_amount',
      'r.window_unit',
      'r.percentage_to_refund',
      'r.fee',
    ])
    .where('l.client_id', '=', clientId)
    .where('r.client_id', '=', clientId)
    .where('r.enabled', '=', 1)
    .where(
      'l.activity_group_id',
      'in',
      groups.map(([id]) => id),
    )
    .orderBy('r.session_scope')
    .orderBy('r.window_amount', 'desc')
    .execute();
  return groups.map(([id, name]) => {
    const mine = rules.filter((r) => r.activity_group_id === id);
    const words = mine.length
      ? mine
          .map((r) =>
            cancellationTermsText(
              {
                sessionScope: r.session_scope,
                windowAmount: r.window_amount,
                windowUnit: r.window_unit as TermsRule['windowUnit'],
                percentageToRefund: r.percentage_to_refund,
                fee: r.fee,
              },
              organiser.money,
            ),
          )
          .join(' ')
      : noOnlineCancellation(organiser.name);
    return `${name}: ${words}`;
  });
}
