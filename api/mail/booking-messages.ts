import type { Db } from '../db/connection.ts';
import { enqueueMessage } from './outbox.ts';

/**
 * Queues a booking's confirmation to the parent who booked, inside the booking's transaction.
 * A booking has one confirmation however often this runs (retried request, payment webhook
 * replayed); an organiser's resend is a separate event (see routes/messages.ts).
 *
 * @example await enqueueBookingConfirmation(trx, { clientId, bookingId, now: new Date(now) });
 */
export async function enqueueBookingConfirmation(
  trx: Db,
  {
    clientId,
    bookingId,
    now = new Date(),
    eventKey,
  }: {
    clientId: string;
    bookingId: string;
    now?: Date;
    /** Defaults to the booking's one confirmation event. */
    eventKey?: string;
  },
): Promise<string | null> {
  const parent = await trx
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('b.client_id', '=', clientId)
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return enqueueMessage(trx, {
    clientId,
    kind: 'booking-confirmation',
    eventKey: eventKey ?? `booking-confirmation:${bookingId}`,
    to: { email: parent.email, name: parent.full_name, userId: parent.id },
    bookingId,
    now,
  });
}
