import { render } from '@react-email/components';
import { bookingReference, formatTime, formatTimeRange } from '../../../engine/index.ts';
import { loadBookingDtos } from '../../services/bookings/dto.ts';
import { AdminNotice } from '../templates/AdminNotice.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';

/**
 * The organiser's notices about one booking: a new booking, a cancellation (the one the payload's
 * instant names) or a failed payment (its amount and the provider's reason, from the payload).
 */
export const composeAdminNotice: Composer = async (row, { db, now, publicUrl }) => {
  if (!row.booking_id) throw new Error('An organiser notice needs its booking.');
  const payload = JSON.parse(row.payload) as {
    at?: string;
    amount?: number;
    reason?: string;
    what?: string;
  };
  const [booking] = await loadBookingDtos(db, row.client_id, [row.booking_id], now.getTime());
  if (!booking) throw new Error(`Booking ${row.booking_id} no longer exists.`);
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const ref = bookingReference(booking._id);
  const parent = `${booking.user.fullName} (${booking.user.email})`;
  const money = booking.statement;
  const link = { url: `${publicUrl}/admin/bookings/${booking._id}`, label: 'Open the booking' };
  let subject: string;
  let intro: string;
  let lines: string[];
  let facts: string[];
  if (row.kind === 'admin-cancellation') {
    const cancellation = booking.cancellations.find((c) => c.at === payload.at);
    if (!cancellation) throw new Error(`Cancellation ${payload.at} of ${row.booking_id} is gone.`);
    subject = `Cancellation: booking ${ref} by ${booking.user.fullName}`;
    intro = `${booking.user.fullName} has ${booking.status === 'cancelled' ? 'no places left on' : 'fewer places on'} booking ${ref}.`;
    lines = cancellation.places.map(
      (p) => `${p.attendee}, ${p.ticket}: ${organiser.date(p.date)}, ${formatTime(p.startTime)}`,
    );
    facts = [
      `Parent: ${parent}`,
      cancellation.refund
        ? `Refund: ${organiser.money(cancellation.refund.amount)}`
        : 'Refund: none',
      `Paid ${organiser.money(money.paid)}, refunded ${organiser.money(money.refunded)}, still to pay ${organiser.money(money.owed)}.`,
    ];
  } else {
    const live = (status: string) => status === 'confirmed' || status === 'held';
    lines = booking.items
      .filter((item) => live(item.status))
      .flatMap((item) =>
        item.places
          .filter((p) => live(p.status))
          .map(
            (p) =>
              `${item.activityGroup.name}: ${item.attendee.name}, ${item.ticket.name}, ${organiser.date(p.activity.date)}, ${formatTimeRange(p.activity.startTime, p.activity.endTime)}`,
          ),
      );
    if (row.kind === 'admin-payment-failed') {
      const amount = organiser.money(payload.amount ?? 0);
      subject = `Payment failed: ${amount} for booking ${ref}`;
      intro = `A ${payload.what ?? 'card payment'} of ${amount} from ${booking.user.fullName} for booking ${ref} failed${payload.reason ? `: ${payload.reason}` : '.'}`;
      facts = [`Parent: ${parent}`, `Still to pay: ${organiser.money(money.owed)}`];
    } else {
      subject = `New booking ${ref} by ${booking.user.fullName}: ${organiser.money(money.total)}`;
      intro =
        booking.status === 'awaiting_payment'
          ? `${booking.user.fullName} booked; the places are reserved until their payment arrives.`
          : `${booking.user.fullName} booked and the booking is confirmed.`;
      facts = [
        `Parent: ${parent}`,
        `Total ${organiser.money(money.total)}, paid ${organiser.money(money.paid)}, still to pay ${organiser.money(money.owed)}.`,
      ];
    }
  }
  const element = (
    <AdminNotice
      organiser={organiser}
      adminName={row.recipient_name}
      intro={intro}
      heading={`Booking ${ref}`}
      lines={lines}
      facts={facts}
      link={link}
    />
  );
  return {
    organiserName: organiser.name,
    subject,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
