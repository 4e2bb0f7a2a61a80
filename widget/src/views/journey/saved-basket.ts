/*
 * The basket kept for a reload (docs/rules/embedding.md, Navigation): the choices of the booking
 * in progress in the host page's sessionStorage, per client, so a reload or a Back from another
 * page returns to the same step with the same children, tickets and sessions. Session storage
 * ends with the tab, so nothing lingers on a shared computer. The payment step's hold and quote
 * come along: the hold's own deadline still applies.
 */
import type { Booking, Quote } from '../../../../api-client/index.ts';
import type { Extras } from './Basket.tsx';
import type { Choice } from './basket.ts';

export interface SavedBasket {
  group: string;
  /** The parent it belongs to: another parent signing in on the same tab starts afresh. */
  user: string;
  attendeeIds: string[];
  choices: Record<string, Choice>;
  extras: Extras;
  quote: Quote | null;
  hold: Booking | null;
}

const key = (clientId: string) => `classwise:${clientId}:basket`;

/** The saved basket for this group and parent, if there is one. */
export function readBasket(clientId: string, group: string, user: string): SavedBasket | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key(clientId)) ?? 'null') as SavedBasket;
    return saved?.group === group && saved.user === user ? saved : null;
  } catch {
    return null;
  }
}

/** Saves the basket, or with null forgets it (booked). Storage refused: it lasts the page. */
export function saveBasket(clientId: string, basket: SavedBasket | null) {
  try {
    if (basket) sessionStorage.setItem(key(clientId), JSON.stringify(basket));
    else sessionStorage.removeItem(key(clientId));
  } catch {
    // Private modes and sandboxed frames may refuse storage; the basket then ends with the page.
  }
}
