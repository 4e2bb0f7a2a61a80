import { render } from '@react-email/components';
import { owedWhenReleased } from '../../../engine/booking-amounts.ts';
import { bookingReference } from '../../../engine/index.ts';
import { loadBookingDtos } from '../../services/bookings/dto.ts';
import { PaymentDue } from '../templates/PaymentDue.tsx';
import { loadOrganiser } from './organiser.ts';
import { type Composer, MessageNotNeeded } from './types.ts';

/**
 * The offline payment's reminder ('payment-due-reminder') and its 'not paid in time' notice
 * ('payment-due-released'), from the booking as it is at send time. A reminder whose booking was
 * paid, cancelled or given a new deadline since is not needed.
 */
export const composePaymentDue: Composer = async (row, { db, publicUrl, now }) => {
  const { dueAt } = JSON.parse(row.payload) as { dueAt?: string };
  const [booking] = await loadBookingDtos(db, row.client_id, [row.booking_id ?? ''], now.getTime());
  if (!booking) throw new Error(`Booking ${row.booking_id} is gone.`);
  const reminder = row.kind === 'payment-due-reminder';
  if (reminder && (booking.status !== 'awaiting_payment' || booking.paymentDueAt !== dueAt))
    throw new MessageNotNeeded('The booking was paid, cancelled or given a new deadline by then.');
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const props = {
    organiser,
    parentName: booking.user.fullName,
    bookingNumber: `Booking number ${bookingReference(booking._id)}`,
    stage: reminder ? ('reminder' as const) : ('released' as const),
    payBy: organiser.instant(dueAt ?? booking.paymentDueAt ?? now.toISOString()),
    // Released, the booking owes nothing any more: say what was owed before.
    owed: organiser.money(reminder ? booking.statement.owed : owedWhenReleased(booking)),
    howToPay: booking.statement.howToPay ?? null,
    lines: booking.items.map((item) => `${item.activityGroup.name}: ${item.attendee.name}`),
  };
  const element = <PaymentDue {...props} />;
  return {
    organiserName: organiser.name,
    subject: reminder
      ? `Payment due by ${props.payBy}: ${props.bookingNumber} with ${organiser.name}`
      : `Not paid in time, places released: ${props.bookingNumber} with ${organiser.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
