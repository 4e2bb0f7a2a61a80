import type { Db } from '../../db/connection.ts';
import type { BookingDto } from '../booking-dto.ts';
import { loadBookingDtos } from './dto.ts';

/**
 * A customer's own bookings, newest first.
 *
 * @example const mine = await listMyBookings(db, clientId, userId);
 */
export async function listMyBookings(
  db: Db,
  clientId: string,
  userId: string,
): Promise<BookingDto[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return loadBookingDtos(
    db,
    clientId,
    rows.map((r) => r.id),
  );
}

/**
 * One booking for its owner or an admin of its client; anyone else gets a 404, never a 403, so
 * a booking id reveals nothing.
 */
export async function loadVisibleBooking(
  db: Db,
  caller: { clientId: string; userId: string; role: 'admin' | 'customer' | 'coach' },
  bookingId: string,
): Promise<BookingDto | null> {
  const [booking] = await loadBookingDtos(db, caller.clientId, [bookingId]);
  if (!booking) return null;
  if (caller.role !== 'admin' && booking.user._id !== caller.userId) return null;
  return booking;
}
