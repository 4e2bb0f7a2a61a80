import {
  adminLineWarnings,
  adminPaymentMethodProblem,
  attendeeMissingRequiredInfo,
  type Basket,
  type BookingWarningCode,
  basketOverCapacity,
  bookingAgeProblem,
  type FieldDefinition,
  type OverCapacity,
  type PriceResult,
  placeRequests,
  sessionAvailability,
  todayIn,
} from '../../../engine/index.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import { loadActivityGroups } from '../activity-groups.ts';
import { listAttendees } from '../attendees.ts';
import { listFields } from '../fields.ts';
import { createBooking } from './create.ts';
import { basketError, loadCapacityRows, loadClient, TAKING_STATUSES } from './load.ts';
import { quoteBasket } from './quote.ts';

/** The engine's warnings for one basket line (one attendee on one ticket of one group). */
export interface AdminLineWarnings {
  lineKey: number;
  activityGroup: string;
  ticket: string;
  attendee: string;
  warnings: { code: BookingWarningCode; message: string }[];
}

export type AdminQuote = PriceResult & {
  warnings: AdminLineWarnings[];
  /**
   * Every place or ticket limit this booking would go past, all its attendees and sessions
   * counted together. Booking past them needs `allowOverCapacity` (the admin's confirmation).
   */
  overCapacity: OverCapacity[];
};

/**
 * The customer an admin books for must be a customer of the admin's own client, and every
 * attendee in the basket must be that customer's; anything else is a 404, so an id from
 * another organiser reveals nothing.
 */
async function requireCustomerWithAttendees(
  db: Db,
  clientId: string,
  userId: string,
  basket: Basket,
) {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .where('role', '=', 'customer')
    .executeTakeFirst();
  if (!user) throw notFound();
  const wanted = [
    ...new Set(basket.activityGroups.flatMap((g) => g.items.flatMap((i) => i.attendees))),
  ];
  const own = await listAttendees(db, clientId, { ids: wanted, admin: true });
  if (own.length !== wanted.length || own.some((a) => a.user !== userId)) throw notFound();
  return own;
}

/**
 * What the admin's wizard shows before OK: the engine's price and problems (exactly what
 * booking would refuse) plus, per line, the engine's admin warnings: ticket or place limit
 * reached, places kept for the waitlist, required attendee information missing, outside the
 * age range (the engine's rule, on the group's first upcoming session), or already booked with the ticket.
 *
 * @example const { total, warnings } = await quoteAdminBooking(db, clientId, userId, basket, Date.now());
 */
export async function quoteAdminBooking(
  db: Db,
  clientId: string,
  userId: string,
  basket: Basket,
  now: number,
): Promise<AdminQuote> {
  const attendees = await requireCustomerWithAttendees(db, clientId, userId, basket);
  const price = await quoteBasket(db, clientId, userId, basket, now, { limitsAreWarnings: true });
  const groupIds = [...new Set(basket.activityGroups.map((g) => g.activityGroup))];
  const sessionIds = [...new Set(price.lines.flatMap((l) => l.sessionIds))];
  const [client, groups, capacity, fields, bookedTickets] = await Promise.all([
    loadClient(db, clientId),
    loadActivityGroups(db, clientId, { publicView: false, ids: groupIds }),
    loadCapacityRows(db, clientId, sessionIds, groupIds),
    listFields(db, clientId, { usage: 'attendee', includeDisabled: false, includeAdminOnly: true }),
    db
      .selectFrom('booking_items')
      .select(['attendee_id', 'ticket_id'])
      .where('client_id', '=', clientId)
      .where(
        'attendee_id',
        'in',
        attendees.map((a) => a._id),
      )
      .where('status', 'in', [...TAKING_STATUSES])
      .execute(),
  ]);
  const today = todayIn(now, client.time_zone);
  const overCapacity = basketOverCapacity({
    requests: placeRequests(price.lines),
    sessions: groups.flatMap((g) => g.activities),
    tickets: groups.flatMap((g) => g.tickets),
    places: capacity.places,
    waitlist: capacity.waitlist,
    now,
  });
  const warnings = price.lines.map((line): AdminLineWarnings => {
    const group = groups.find((g) => g._id === line.activityGroupId);
    const attendee = attendees.find((a) => a._id === line.attendeeId);
    const ticket = group?.tickets.find((t) => t._id === line.ticketId);
    const availability = line.sessionIds.map((sessionId) =>
      sessionAvailability({
        sessionId,
        placeLimit: group?.activities.find((s) => s._id === sessionId)?.placeLimit ?? null,
        ticket: ticket ? { _id: ticket._id, placeLimit: ticket.placeLimit } : null,
        places: capacity.places,
        waitlist: capacity.waitlist,
        now,
        forAttendeeId: line.attendeeId,
      }),
    );
    return {
      lineKey: line.key,
      activityGroup: line.activityGroupId,
      ticket: line.ticketId,
      attendee: line.attendeeId,
      warnings: adminLineWarnings(
        {
          availability,
          missingRequiredInfo: attendee
            ? attendeeMissingRequiredInfo(fields as FieldDefinition[], attendee.fieldData)
            : false,
          // The customer's age rule, block or not: to an admin it is a warning.
          outsideAgeRange:
            !!group &&
            !!bookingAgeProblem({
              dateOfBirth: attendee?.dateOfBirth,
              sessions: group.activities,
              today,
              ageRange: group.ageRange,
              schoolYears: group.schoolYears,
              blockOutOfRange: group.blockOutOfRange,
            }),
          alreadyBookedWithTicket: bookedTickets.some(
            (b) => b.attendee_id === line.attendeeId && b.ticket_id === line.ticketId,
          ),
        },
        line,
        overCapacity,
      ),
    };
  });
  return { ...price, warnings, overCapacity };
}

/**
 * Books a basket for a customer on an admin's behalf (docs/rules/roles-and-plans.md "They also
 * create bookings on behalf of users") through the customer's own `createBooking`: the same
 * transaction and row locks, the engine's prices and discount rules, the customer's account credit
 * and passes. Full sessions and ticket limits were shown as warnings by the quote; the admin may
 * book past them only with `allowOverCapacity` (their confirmation), else a 409 names the session
 * and nothing is written. Payment is offline only (pay later, childcare voucher, or nothing due);
 * the booking records the admin.
 *
 * @example const bookingId = await createAdminBooking({ db, dialect }, { clientId, adminId, userId, basket });
 */
export async function createAdminBooking(
  handle: { db: Db; dialect: Dialect; stripeConfigured?: boolean },
  input: {
    clientId: string;
    adminId: string;
    userId: string;
    basket: Basket;
    /** The admin confirmed booking past a place or ticket limit. */
    allowOverCapacity?: boolean;
  },
): Promise<string> {
  const { db } = handle;
  const { clientId, adminId, userId, basket } = input;
  await requireCustomerWithAttendees(db, clientId, userId, basket);
  const methodProblem = adminPaymentMethodProblem(basket.paymentMethod);
  if (methodProblem) throw basketError('paymentMethod', methodProblem);
  const { bookingId } = await createBooking(handle, {
    clientId,
    userId,
    basket,
    admin: { id: adminId, allowOverCapacity: input.allowOverCapacity === true },
  });
  return bookingId;
}
