import { bookingReference } from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import type { BookingDto } from '../booking-dto.ts';
import { loadBookingDtos } from '../bookings/dto.ts';
import { type BookingSearch, paymentStateOf, searchBookings } from '../bookings/search.ts';
import { batches, type CsvColumn, EXPORT_BATCH, majorUnits } from './csv.ts';

const money = (b: BookingDto, minor: number) => majorUnits(minor, b.currency);

/** The bookings CSV: one line per booking, what the admin list shows and the money in full. */
export const bookingColumns: CsvColumn<BookingDto>[] = [
  { header: 'Booking number', cell: (b) => bookingReference(b._id) },
  { header: 'Booked at', cell: (b) => b.createdAt },
  { header: 'Status', cell: (b) => b.status },
  { header: 'Customer', cell: (b) => b.user.fullName },
  { header: 'Email', cell: (b) => b.user.email },
  {
    header: 'Attendees',
    cell: (b) => [...new Set(b.items.map((i) => i.attendee.name))].join('; '),
  },
  {
    header: 'Activities',
    cell: (b) =>
      [...new Set(b.items.map((i) => `${i.activityGroup.name}: ${i.ticket.name}`))].join('; '),
  },
  {
    header: 'Sessions',
    cell: (b) =>
      b.items.reduce((n, i) => n + i.places.filter((p) => p.status !== 'cancelled').length, 0),
  },
  { header: 'Currency', cell: (b) => b.currency },
  { header: 'Total', cell: (b) => money(b, b.total) },
  { header: 'Discount', cell: (b) => money(b, b.discountTotal) },
  { header: 'Paid', cell: (b) => money(b, b.statement.paid) },
  { header: 'Refunded', cell: (b) => money(b, b.statement.refunded) },
  { header: 'Owed', cell: (b) => money(b, b.statement.owed) },
  {
    header: 'Payment state',
    cell: (b) =>
      paymentStateOf({ total: b.total, paid: b.amountPaid, refunded: b.statement.refunded }),
  },
  { header: 'Payment method', cell: (b) => b.paymentMethod?.type ?? '' },
  { header: 'Discount code', cell: (b) => b.discountCode ?? '' },
];

/**
 * The bookings matching the list's filters, a batch at a time in id (creation) order.
 *
 * @example for await (const rows of exportBookings(db, clientId, { status: 'confirmed' })) …
 */
export async function* exportBookings(db: Db, clientId: string, filters: BookingSearch) {
  const ids = batches((after) => {
    let page = searchBookings(db, clientId, filters).select('b.id as id');
    if (after) page = page.where('b.id', '>', after);
    return page.orderBy('b.id').limit(EXPORT_BATCH).execute();
  });
  for await (const rows of ids) {
    yield await loadBookingDtos(
      db,
      clientId,
      rows.map((r) => r.id),
    );
  }
}
