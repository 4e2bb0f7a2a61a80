import { BOOKED_LINE_STATUSES } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { findActivityGroup } from '../db/repositories/activity-groups.ts';
import { notFound } from '../http/errors.ts';

export type SalesScope = 'active' | 'includingCancelled' | 'includingWaitlist';

type Counts = Record<string, number>;

/**
 * docs/data-model.md sales summary, plus the per-item counts the tables and 'sales by session'
 * dialogs show.
 */
export interface SalesDto {
  allSessionTicketSales: number;
  subscriptionTicketSales: number;
  singleSessionTicketSales: number;
  /** Places per session. */
  activitySales: Counts;
  /** Add-on sales per add-on. */
  addOnSales: Counts;
  /** Attendee tickets sold per ticket. */
  ticketSales: Counts;
  ticketSalesBySession: Record<string, Counts>;
  addOnSalesBySession: Record<string, Counts>;
  /** Active waitlist entries per session ('all' for all-sessions entries); only with that scope. */
  waitlistEntries?: Counts;
}

/*
 * What counts as a sale: a confirmed place, or a held one (its parent is paying right now).
 * Expired holds never count; cancelled ones only when asked for. 'includingCancelled' is exactly
 * what the delete guards count (engine BOOKED_LINE_STATUSES), so the wizard's guard reads it.
 */
const STATUSES: Record<SalesScope, readonly ('held' | 'confirmed' | 'cancelled' | 'absent')[]> = {
  active: ['held', 'confirmed'],
  includingCancelled: BOOKED_LINE_STATUSES,
  includingWaitlist: ['held', 'confirmed'],
};

const bump = (counts: Counts, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/**
 * Sales of one activity group, counted in three grouped queries.
 *
 * @example const sales = await loadSales(db, clientId, groupId, 'active');
 */
export async function loadSales(
  db: Db,
  clientId: string,
  groupId: string,
  scope: SalesScope,
): Promise<SalesDto> {
  if (!(await findActivityGroup(db, clientId, groupId))) throw notFound();
  const statuses = STATUSES[scope];
  const [items, places, addOns] = await Promise.all([
    db
      .selectFrom('booking_items')
      .innerJoin('tickets', 'tickets.id', 'booking_items.ticket_id')
      .select(['booking_items.ticket_id as ticketId', 'tickets.type as type'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_items.client_id', '=', clientId)
      .where('booking_items.activity_group_id', '=', groupId)
      .where('booking_items.status', 'in', statuses)
      .groupBy(['booking_items.ticket_id', 'tickets.type'])
      .execute(),
    db
      .selectFrom('booking_places')
      .innerJoin('activities', 'activities.id', 'booking_places.activity_id')
      .select(['booking_places.activity_id as sessionId', 'booking_places.ticket_id as ticketId'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_places.client_id', '=', clientId)
      .where('activities.activity_group_id', '=', groupId)
      .where('booking_places.status', 'in', statuses)
      .groupBy(['booking_places.activity_id', 'booking_places.ticket_id'])
      .execute(),
    db
      .selectFrom('booking_add_ons')
      .innerJoin('add_ons', 'add_ons.id', 'booking_add_ons.add_on_id')
      .select(['booking_add_ons.add_on_id as addOnId', 'booking_add_ons.activity_id as sessionId'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_add_ons.client_id', '=', clientId)
      .where('add_ons.activity_group_id', '=', groupId)
      .where('booking_add_ons.status', 'in', statuses)
      .groupBy(['booking_add_ons.add_on_id', 'booking_add_ons.activity_id'])
      .execute(),
  ]);
  const sales: SalesDto = {
    allSessionTicketSales: 0,
    subscriptionTicketSales: 0,
    singleSessionTicketSales: 0,
    activitySales: {},
    addOnSales: {},
    ticketSales: {},
    ticketSalesBySession: {},
    addOnSalesBySession: {},
  };
  for (const row of items) {
    const n = Number(row.n);
    bump(sales.ticketSales, row.ticketId, n);
    if (row.type === 'all') sales.allSessionTicketSales += n;
    else if (row.type === 'subscription') sales.subscriptionTicketSales += n;
    else sales.singleSessionTicketSales += n;
  }
  for (const row of places) {
    const n = Number(row.n);
    bump(sales.activitySales, row.sessionId, n);
    sales.ticketSalesBySession[row.ticketId] ??= {};
    bump(sales.ticketSalesBySession[row.ticketId]!, row.sessionId, n);
  }
  for (const row of addOns) {
    const n = Number(row.n);
    bump(sales.addOnSales, row.addOnId, n);
    if (row.sessionId) {
      sales.addOnSalesBySession[row.addOnId] ??= {};
      bump(sales.addOnSalesBySession[row.addOnId]!, row.sessionId, n);
    }
  }
  if (scope === 'includingWaitlist') {
    const entries = await db
      .selectFrom('waitlist_entries')
      .select('activity_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', groupId)
      .where('status', 'in', ['Waiting', 'Pending', 'Ready'])
      .groupBy('activity_id')
      .execute();
    sales.waitlistEntries = {};
    for (const row of entries) bump(sales.waitlistEntries, row.activity_id ?? 'all', Number(row.n));
  }
  return sales;
}
