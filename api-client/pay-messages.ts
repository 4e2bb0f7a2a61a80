/*
 * The conversation between the widget (on an organiser's page, any origin) and our /pay page
 * (our origin, in the widget's iframe). Both ends pin the other's origin: the pay page posts only
 * to the origin the widget named in the iframe's URL and listens only to its parent there; the
 * widget posts only to our origin and listens only to its own iframe. The customer's token
 * travels in one message to our own origin, never in a URL.
 *
 *   pay page → widget   ready       the page is listening; send the session
 *   widget → pay page   session     { token }
 *   pay page → widget   resize      { height } so the iframe fits its content
 *   pay page → widget   succeeded   Stripe took the payment (the webhook confirms the booking)
 *   pay page → widget   failed      { message } the payment failed or the hold ran out
 */

export const PAY_MESSAGE_TYPE = 'classwise:pay';

export type PayPageEvent =
  | { event: 'ready' }
  | { event: 'resize'; height: number }
  | { event: 'succeeded' }
  | { event: 'failed'; message: string };

export type PayPageMessage = { type: typeof PAY_MESSAGE_TYPE; bookingId: string } & PayPageEvent;

export interface PaySessionMessage {
  type: typeof PAY_MESSAGE_TYPE;
  bookingId: string;
  event: 'session';
  token: string;
}

/** Whether a message event's data is one of ours for this booking. */
export function isPayMessage(data: unknown, bookingId: string): data is { event: string } {
  const d = data as { type?: unknown; bookingId?: unknown; event?: unknown } | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    d.type === PAY_MESSAGE_TYPE &&
    d.bookingId === bookingId &&
    typeof d.event === 'string'
  );
}

/**
 * The /pay page's address for a booking, naming the page that frames it (its origin only).
 *
 * @example payPageUrl('https://book.classwise.app', 'b1', 'https://club.example') // 'https://book.classwise.app/pay/b1?origin=https%3A%2F%2Fclub.example'
 */
export function payPageUrl(productOrigin: string, bookingId: string, hostOrigin: string): string {
  const url = new URL(`/pay/${encodeURIComponent(bookingId)}`, productOrigin);
  url.searchParams.set('origin', new URL(hostOrigin).origin);
  return url.toString();
}

/** The host page's origin named in a /pay URL, or null when missing or not an http(s) origin. */
export function hostOriginOf(search: string): string | null {
  const raw = new URLSearchParams(search).get('origin');
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === raw ? raw : null;
  } catch {
    return null;
  }
}
