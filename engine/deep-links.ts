/*
 * Where the widget is, as a path in the host page's URL hash: `#classwise=<path>`, so Back,
 * Forward, reload and shared links work on any organiser's page without the organiser setting
 * anything up (docs/rules/embedding.md, Navigation). The host page's own hash content stays: our
 * part is one `&`-separated piece of the hash.
 *
 * Paths (ids are URL-encoded segments):
 *   ''                          the listing
 *   activity/<id>               an activity's page
 *   activity/<id>/<step>        a booking step: attendees, tickets, basket, payment
 *   activity/<id>/waitlist      the waitlist join form
 *   offer/<waitlistEntryId>     a waitlist offer (sign in, then the offer with its Book button)
 *   trial/<followUpId>          the offer after a trial (sign in, then one Book button per option)
 *   reenrol/<token>             next term's place kept for a child (re-enrolment; the token is the key)
 *   mine                        My bookings
 *   account/<section>           the parent's account area (e.g. account/attendees)
 */

const KEY = 'classwise=';

export const BOOKING_STEPS = ['attendees', 'tickets', 'basket', 'payment'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export type WidgetRoute =
  | { kind: 'listing' }
  | { kind: 'activity'; id: string }
  | { kind: 'book'; id: string; step: BookingStep }
  | { kind: 'waitlist'; id: string }
  | { kind: 'offer'; id: string }
  | { kind: 'trial'; id: string }
  | { kind: 'reenrol'; id: string }
  | { kind: 'mine' }
  | { kind: 'account'; section: string };

/** The hash's pieces, without the leading '#'. */
const pieces = (hash: string) => hash.replace(/^#/, '').split('&').filter(Boolean);

/**
 * The host page's hash with the widget's path put in (or, for '', taken out); other pieces of
 * the hash keep their place.
 *
 * @example widgetHash('mine') // '#classwise=mine'
 * @example widgetHash('activity/g1', '#top&classwise=mine') // '#top&classwise=activity/g1'
 */
export function widgetHash(path: string, current = ''): string {
  const others = pieces(current);
  const at = others.findIndex((p) => p.startsWith(KEY));
  const ours = path ? `${KEY}${path}` : null;
  if (at >= 0) {
    if (ours) others[at] = ours;
    else others.splice(at, 1);
  } else if (ours) others.push(ours);
  return others.length > 0 ? `#${others.join('&')}` : '';
}

/**
 * The widget's path in a hash, or null when the hash has none.
 *
 * @example parseWidgetHash('#top&classwise=offer/w1') // 'offer/w1'
 */
export function parseWidgetHash(hash: string): string | null {
  const ours = pieces(hash).find((p) => p.startsWith(KEY));
  return ours === undefined ? null : ours.slice(KEY.length);
}

const segment = (id: string) => encodeURIComponent(id);

/**
 * @example routePath({ kind: 'book', id: 'g1', step: 'tickets' }) // 'activity/g1/tickets'
 */
export function routePath(route: WidgetRoute): string {
  switch (route.kind) {
    case 'listing':
      return '';
    case 'activity':
      return `activity/${segment(route.id)}`;
    case 'book':
      return `activity/${segment(route.id)}/${route.step}`;
    case 'waitlist':
      return `activity/${segment(route.id)}/waitlist`;
    case 'offer':
      return `offer/${segment(route.id)}`;
    case 'trial':
      return `trial/${segment(route.id)}`;
    case 'reenrol':
      return `reenrol/${segment(route.id)}`;
    case 'mine':
      return 'mine';
    case 'account':
      return `account/${segment(route.section)}`;
  }
}

/**
 * The route a path names; null for a path the widget does not know (a mistyped link), which
 * the widget treats as no path at all. `activity/<id>/book` is the first booking step.
 *
 * @example parsePath('activity/g1/basket') // { kind: 'book', id: 'g1', step: 'basket' }
 */
export function parsePath(path: string): WidgetRoute | null {
  let parts: string[];
  try {
    parts = path.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  const [head, id, step, ...rest] = parts;
  if (rest.length > 0) return null;
  if (head === '' && parts.length === 1) return { kind: 'listing' };
  if (!id) return head === 'mine' && parts.length === 1 ? { kind: 'mine' } : null;
  if (head === 'offer' && step === undefined) return { kind: 'offer', id };
  if (head === 'trial' && step === undefined) return { kind: 'trial', id };
  if (head === 'reenrol' && step === undefined) return { kind: 'reenrol', id };
  if (head === 'account' && step === undefined) return { kind: 'account', section: id };
  if (head !== 'activity') return null;
  if (step === undefined) return { kind: 'activity', id };
  if (step === 'waitlist') return { kind: 'waitlist', id };
  if (step === 'book') return { kind: 'book', id, step: 'attendees' };
  const known = BOOKING_STEPS.find((s) => s === step);
  return known ? { kind: 'book', id, step: known } : null;
}
