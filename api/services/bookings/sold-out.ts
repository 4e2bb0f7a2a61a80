import type { Basket } from '../../../engine/index.ts';

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
