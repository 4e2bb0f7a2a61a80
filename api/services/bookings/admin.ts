import { messages } from '../../../engine/index.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { listAttendees } from '../attendees.ts';
import type { BookingDto } from '../booking-dto.ts';
import { loadBookingDtos } from './dto.ts';
import { confirmBookingPayment } from './lifecycle.ts';
import { TAKING_STATUSES } from './load.ts';
import { type BookingSearch, searchBookings } from './search.ts';
import { startSubscriptionsWithoutCard } from './subscription-start.ts';
import { inTransaction } from './transaction.ts';

export interface BookingFilters extends BookingSearch {
  page: number;
  limit: number;
}

/**
 * The admin's bookings list, newest first, paged, with the total for the pager.
 *
 * @example const { data, total } = await listClientBookings(db, clientId, { page: 1, limit: 25, status: 'awaiting_payment' });
 */
export async function listClientBookings(
  db: Db,
  clientId: string,
  filters: BookingFilters,
): Promise<{ data: BookingDto[]; total: number }> {
  const base = searchBookings(db, clientId, filters);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select('b.id')
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit)
      .execute(),
  ]);
  return {
    total: Number(total),
    data: await loadBookingDtos(
      db,
      clientId,
      rows.map((r) => r.id),
    ),
  };
}

/**
 * The organiser received an offline payment (voucher, pay later): the booking moves from
 * awaiting payment to confirmed and the payment is recorded. A second click finds the booking
 * confirmed already and is refused, so the money is recorded once.
 *
 * @example await markBookingPaid(db, clientId, bookingId, Boolean(config.stripe));
 */
export async function markBookingPaid(
  db: Db,
  clientId: string,
  bookingId: string,
  /** Whether this server has Stripe keys (`config.stripe`); without them no subscription starts. */
  stripeConfigured = false,
) {
  await inTransaction(db, async (trx) => {
    const booking = await trx
      .selectFrom('bookings')
      .select(['id', 'status', 'payment_method', 'amount_due_now'])
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!booking) throw notFound();
    const claimed = await trx
      .updateTable('bookings')
      .set({ updated_at: new Date().toISOString() })
      .where('client_id', '=', clientId)
      .where('id', '=', bookingId)
      .where('status', '=', 'awaiting_payment')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1)
      throw new HttpError(422, messages.bookingNotAwaitingPayment);
    await confirmBookingPayment(trx, {
      clientId,
      bookingId,
      provider: booking.payment_method ?? 'offline',
      providerRef: null,
      amount: booking.amount_due_now,
    });
    await startSubscriptionsWithoutCard(trx, { clientId, bookingId, stripeConfigured });
  });
}

/**
 * docs/api/calls.md 'Sales per attendee': for one customer's attendees, what each already has in
 * the given activity groups (tickets, sessions, add-ons with places held or confirmed). The admin
 * booking wizard uses it to warn 'already booked with this ticket' and disable booked sessions.
 *
 * @example await attendeeSales(db, clientId, userId, [groupId])
 */
export async function attendeeSales(db: Db, clientId: string, userId: string, groupIds: string[]) {
  const attendees = await listAttendees(db, clientId, { userId, admin: true });
  if (attendees.length === 0 || groupIds.length === 0) return [];
  const attendeeIds = attendees.map((a) => a._id);
  const [items, places, addOns] = await Promise.all([
    db
      .selectFrom('booking_items')
      .select(['attendee_id', 'activity_group_id', 'ticket_id'])
      .where('client_id', '=', clientId)
      .where('attendee_id', 'in', attendeeIds)
      .where('activity_group_id', 'in', groupIds)
      .where('status', 'in', [...TAKING_STATUSES])
      .execute(),
    db
      .selectFrom('booking_places as p')
      .innerJoin('activities as s', 's.id', 'p.activity_id')
      .select(['p.attendee_id', 's.activity_group_id', 'p.activity_id', 'p.ticket_id'])
      .where('p.client_id', '=', clientId)
      .where('p.attendee_id', 'in', attendeeIds)
      .where('s.activity_group_id', 'in', groupIds)
      .where('p.status', 'in', [...TAKING_STATUSES])
      .execute(),
    db
      .selectFrom('booking_add_ons as a')
      .innerJoin('booking_items as i', 'i.id', 'a.booking_item_id')
      .select(['i.attendee_id', 'i.activity_group_id', 'a.add_on_id'])
      .where('a.client_id', '=', clientId)
      .where('i.attendee_id', 'in', attendeeIds)
      .where('i.activity_group_id', 'in', groupIds)
      .where('a.status', 'in', [...TAKING_STATUSES])
      .execute(),
  ]);
  const count = (rows: Record<string, string>[], key: string) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[r[key]!] = (out[r[key]!] ?? 0) + 1;
    return out;
  };
  return attendees.flatMap((a) =>
    groupIds.map((groupId) => {
      const mine = <T extends { attendee_id: string; activity_group_id: string }>(rows: T[]) =>
        rows.filter((r) => r.attendee_id === a._id && r.activity_group_id === groupId);
      return {
        attendee: { _id: a._id, name: a.name },
        activityGroup: groupId,
        ticketSales: count(mine(items), 'ticket_id'),
        activitySales: count(mine(places), 'activity_id'),
        addOnSales: count(mine(addOns), 'add_on_id'),
      };
    }),
  );
}
