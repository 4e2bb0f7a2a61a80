import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { BookingStatus } from '../booking-dto.ts';
import { customerMatches } from '../search/customers.ts';
import { searchWords } from '../search/terms.ts';

/** How much of a booking has been paid; the list's filter and the export's column agree. */
export const PAYMENT_STATES = ['unpaid', 'partlyPaid', 'paid', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface BookingSearch {
  activityGroup?: string;
  /** One session (an activity row): bookings with a place in it. */
  session?: string;
  /** Civil dates, inclusive: bookings with a place in a session on these days. */
  from?: string;
  to?: string;
  status?: BookingStatus | BookingStatus[];
  paymentState?: PaymentState;
  /** Booking number, or words of the parent's name, e-mail, phone or a child's name. */
  search?: string;
}

/**
 * The bookings of a client that match the admin list's filters, joined to their customer
 * (`u`); the list pages it and the export streams it, so both honour the same filters.
 *
 * @example const ids = await searchBookings(db, clientId, { search: 'ivy' }).select('b.id').execute();
 */
export function searchBookings(db: Db, clientId: string, filters: BookingSearch) {
  let base = db
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .where('b.client_id', '=', clientId)
    .where('u.client_id', '=', clientId);
  if (filters.status)
    base = base.where(
      'b.status',
      'in',
      Array.isArray(filters.status) ? filters.status : [filters.status],
    );
  if (filters.activityGroup) {
    const groupId = filters.activityGroup;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_items as i')
          .select('i.id')
          .whereRef('i.booking_id', '=', 'b.id')
          .where('i.client_id', '=', clientId)
          .where('i.activity_group_id', '=', groupId),
      ),
    );
  }
  if (filters.session || filters.from || filters.to) {
    const { session, from, to } = filters;
    base = base.where((eb) => {
      let places = eb
        .selectFrom('booking_places as p')
        .innerJoin('activities as act', 'act.id', 'p.activity_id')
        .select('p.id')
        .whereRef('p.booking_id', '=', 'b.id')
        .where('p.client_id', '=', clientId)
        .where('act.client_id', '=', clientId);
      if (session) places = places.where('p.activity_id', '=', session);
      if (from) places = places.where('act.date', '>=', from);
      if (to) places = places.where('act.date', '<=', to);
      return eb.exists(places);
    });
  }
  if (filters.paymentState) {
    // Money received as the booking DTO counts it (succeeded payments plus credit spent).
    const received = sql<number>`(coalesce((select sum(pay.amount) from payments pay where pay.client_id = ${clientId} and pay.booking_id = b.id and pay.status = 'succeeded'), 0) + b.credit_applied)`;
    const refunded = sql<number>`coalesce((select sum(pay.amount_refunded) from payments pay where pay.client_id = ${clientId} and pay.booking_id = b.id and pay.status = 'succeeded'), 0)`;
    const state = filters.paymentState;
    base = base.where((eb) => {
      if (state === 'refunded') return eb(refunded, '>', 0);
      const notRefunded = eb(refunded, '=', 0);
      if (state === 'unpaid')
        return eb.and([notRefunded, eb(received, '=', 0), eb('b.total', '>', 0)]);
      if (state === 'partlyPaid')
        return eb.and([notRefunded, eb(received, '>', 0), eb(received, '<', eb.ref('b.total'))]);
      return eb.and([notRefunded, eb(received, '>=', eb.ref('b.total'))]);
    });
  }
  const words = searchWords(filters.search);
  if (words.length) {
    const whole = (filters.search ?? '').trim().toLowerCase().replace(/^#/, '');
    // The booking number a parent quotes is the id's end (engine bookingReference); the id is
    // made of [0-9a-z] only, so the typed text is compared as it is, without LIKE.
    const reference = /^[0-9a-z]{4,}$/.test(whole) ? whole : null;
    base = base.where((eb) =>
      eb.or([
        customerMatches(eb, clientId, { id: 'u.id', name: 'u.full_name', email: 'u.email' }, words),
        ...(reference
          ? [eb(sql`substr(b.id, length(b.id) - ${reference.length - 1})`, '=', reference)]
          : []),
      ]),
    );
  }
  return base;
}

/**
 * A booking's payment state from its money, the same reading as the list's filter.
 *
 * @example paymentStateOf({ total: 1200, paid: 600, refunded: 0 }) // 'partlyPaid'
 */
export function paymentStateOf(m: { total: number; paid: number; refunded: number }): PaymentState {
  if (m.refunded > 0) return 'refunded';
  if (m.paid >= m.total) return 'paid';
  return m.paid > 0 ? 'partlyPaid' : 'unpaid';
}
