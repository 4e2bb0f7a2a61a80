import { sql } from 'kysely';
import type { Basket } from '../../../engine/index.ts';
import { type Db, LOCK_WAIT_MS } from '../../db/connection.ts';

/**
 * PostgreSQL only: locks, FOR UPDATE, the rows whose counts a booking changes. Every booking (and
 * a make-up booking, api/services/make-ups.ts) takes them in one order, so two bookings wait for
 * each other and never deadlock: the user, then the typed code's rule, then the sessions.
 *
 * - `lockCustomerRows`, first: the user, so one customer's account credit, pass credits and
 *   unpaid-bookings count are not spent twice at once, and the code's rule, so redemption limits
 *   hold. Nobody else waits on these: another parent's booking takes other rows.
 * - `lockSessionRows`, last, just before the booking is written: the sessions it books (every
 *   session of a group for all-sessions and subscription tickets, whose places cover all upcoming
 *   sessions). The places are counted again once they are held (create.ts), so no two bookings
 *   count the same free place; and as the pricing ran before, the lock is held for the writes
 *   and the commit only, not the whole booking: a popular session's bookings queue for a few
 *   statements each instead of thirty (issue 18).
 *
 * SQLite needs none of this: BEGIN IMMEDIATE already admits one writer at a time.
 *
 * A lock not granted within `LOCK_WAIT_MS` fails the statement (lock_timeout, for this
 * transaction only): the booking rolls back and is answered 503 with Retry-After instead of
 * queueing for as long as a burst lasts.
 */
export async function lockCustomerRows(trx: Db, clientId: string, userId: string, basket: Basket) {
  await sql.raw(`set local lock_timeout = ${Number(LOCK_WAIT_MS)}`).execute(trx);
  await trx
    .selectFrom('users')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .forUpdate()
    .execute();
  if (basket.discountCode) {
    await trx
      .selectFrom('discount_rules')
      .select('id')
      .where('client_id', '=', clientId)
      .where('code_normalized', '=', basket.discountCode.toUpperCase())
      .orderBy('id')
      .forUpdate()
      .execute();
  }
}

/** See `lockCustomerRows`: the basket's sessions, in id order, after the customer's rows. */
export async function lockSessionRows(trx: Db, clientId: string, basket: Basket) {
  const groupIds = [...new Set(basket.activityGroups.map((g) => g.activityGroup))];
  const ticketIds = [
    ...new Set(basket.activityGroups.flatMap((g) => g.items.map((i) => i.ticket))),
  ];
  const tickets = await trx
    .selectFrom('tickets')
    .select(['id', 'type', 'activity_group_id'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ticketIds)
    .execute();
  const wholeGroups = new Set<string>();
  const sessionIds = new Set<string>();
  for (const group of basket.activityGroups) {
    for (const item of group.items) {
      const ticket = tickets.find((t) => t.id === item.ticket);
      if (ticket?.type === 'single') for (const id of item.activities ?? []) sessionIds.add(id);
      else wholeGroups.add(group.activityGroup);
    }
  }
  await trx
    .selectFrom('activities')
    .select('id')
    .where('client_id', '=', clientId)
    .where('activity_group_id', 'in', groupIds)
    .where((eb) =>
      eb.or([
        eb('id', 'in', sessionIds.size ? [...sessionIds] : ['']),
        eb('activity_group_id', 'in', wholeGroups.size ? [...wholeGroups] : ['']),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}
