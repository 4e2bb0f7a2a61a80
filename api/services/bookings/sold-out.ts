import type { Basket } from '../../../engine/index.ts';
import type { ClientRow } from '../../db/repositories/clients.ts';
import { organiserWriteCount } from '../organiser-writes.ts';
import type { BasketGroup } from './load.ts';

/*
 * Which activity groups this process recently refused a booking for as short of places: a hint
 * that the next basket for them is worth counting before it queues for the write lock
 * (`placesGoneBeforeBooking` in quote.ts). When the last places of a popular camp go, hundreds
 * of parents ask for them at once; each used to wait its turn for the lock and run the whole
 * booking (thirty statements) to be told the camp is full. The hint never refuses anything by
 * itself: the places are counted from the database by the engine's rule, and a basket that fits
 * goes on to the booking exactly as before. It only costs that count, for a few seconds after a
 * refusal.
 */
const HINT_MS = 10_000;
const MAX_GROUPS = 1000;
const refusedAt = new Map<string, number>();

const keyOf = (clientId: string, groupId: string) => `${clientId}\n${groupId}`;

/** A booking for these groups was just refused as short of places. */
export function noteSoldOut(clientId: string, groupIds: Iterable<string>, now = Date.now()) {
  for (const groupId of groupIds) {
    const key = keyOf(clientId, groupId);
    refusedAt.delete(key);
    refusedAt.set(key, now);
    if (refusedAt.size > MAX_GROUPS) refusedAt.delete(refusedAt.keys().next().value as string);
  }
}

/** Whether any of the basket's groups was refused as short of places in the last seconds. */
export function maySoldOut(clientId: string, basket: Basket, now = Date.now()): boolean {
  return basket.activityGroups.some((g) => {
    const at = refusedAt.get(keyOf(clientId, g.activityGroup));
    return at !== undefined && now - at < HINT_MS;
  });
}

/*
 * While a group is sold out, what its baskets are checked against: the organiser's settings and
 * the groups as the engine takes them (sessions, tickets, place limits), kept from the last
 * check for a moment, so each parent refused costs the count of places, not the catalogue read
 * again (seven statements) as well. Never the places themselves: those are counted from the
 * database for every basket. A copy is used only while no write for the organiser was answered
 * here since it was read (organiser-writes.ts), and for at most CATALOGUE_MS, the time a place
 * limit raised through another process takes to count here.
 */
const CATALOGUE_MS = 1000;
const catalogues = new Map<
  string,
  { client: ClientRow; groups: BasketGroup[]; writes: number; readAt: number }
>();

const catalogueKey = (clientId: string, basket: Basket) =>
  `${clientId}\n${[...new Set(basket.activityGroups.map((g) => g.activityGroup))].sort().join(',')}`;

/** The catalogue a basket was last checked against, if it still holds. */
export function keptCatalogue(clientId: string, basket: Basket, now = Date.now()) {
  const kept = catalogues.get(catalogueKey(clientId, basket));
  if (!kept || now - kept.readAt >= CATALOGUE_MS) return null;
  return kept.writes === organiserWriteCount(clientId) ? kept : null;
}

/**
 * Keeps the catalogue read for a basket, `writes` being the organiser's write count from before
 * the read: a write answered while it was read may not be in it, so it is not kept.
 */
export function keepCatalogue(
  clientId: string,
  basket: Basket,
  catalogue: { client: ClientRow; groups: BasketGroup[]; writes: number },
  now = Date.now(),
) {
  if (catalogue.writes !== organiserWriteCount(clientId)) return;
  const key = catalogueKey(clientId, basket);
  catalogues.delete(key);
  catalogues.set(key, { ...catalogue, readAt: now });
  if (catalogues.size > MAX_GROUPS) catalogues.delete(catalogues.keys().next().value as string);
}
