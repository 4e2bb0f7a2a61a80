import { render } from '@react-email/components';
import { bookingReference } from '../../../engine/index.ts';
import { loadBookingDtos } from '../../services/bookings/dto.ts';
import { PaymentReceived } from '../templates/PaymentReceived.tsx';
import { loadOrganiser } from './organiser.ts';
import type { Composer } from './types.ts';

/** 'Payment received', from the payment the payload names and the booking's statement now. */
export const composePaymentReceived: Composer = async (row, { db, publicUrl, now }) => {
  const { paymentId } = JSON.parse(row.payload) as { paymentId?: string };
  const payment = await db
    .selectFrom('payments')
    .select(['amount', 'booking_id'])
    .where('client_id', '=', row.client_id)
    .where('id', '=', paymentId ?? '')
    .executeTakeFirst();
  if (!payment?.booking_id) throw new Error(`Payment ${paymentId} is gone.`);
  const [booking] = await loadBookingDtos(db, row.client_id, [payment.booking_id], now.getTime());
  if (!booking) throw new Error(`Booking ${payment.booking_id} is gone.`);
  const organiser = await loadOrganiser(db, row.client_id, publicUrl);
  const props = {
    organiser,
    parentName: booking.user.fullName,
    bookingNumber: `Booking number ${bookingReference(booking._id)}`,
    amount: organiser.money(payment.amount),
    paid: organiser.money(booking.statement.paid),
    owed: organiser.money(booking.statement.owed),
  };
  const element = <PaymentReceived {...props} />;
  return {
    organiserName: organiser.name,
    subject: `Payment received: ${props.bookingNumber} with ${organiser.name}`,
    html: await render(element),
    text: await render(element, { plainText: true }),
  };
};
