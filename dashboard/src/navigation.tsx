import type { ReactNode } from 'react';

/*
 * The sidebar's links. A screen gets a link here in the same change that adds its <Route> in
 * App.tsx, never before: the navigation only ever points at screens that exist.
 */

export interface NavItem {
  label: string;
  /** Relative to /admin; may carry a query (?usage=attendee) that must match to be current. */
  to: string;
  icon: ReactNode;
}

export interface NavSection {
  /** Heading over the links; the first section has none. */
  title?: string;
  items: NavItem[];
}

const icon = (d: string) => (
  <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
    <path d={d} />
  </svg>
);

export const navigation: NavSection[] = [
  {
    items: [
      { label: 'Dashboard', to: '/', icon: icon('M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10') },
      {
        label: 'Today',
        to: '/today',
        icon: icon('M9 4h6v3H9zM6 5H4v16h16V5h-2M8 12l3 3 5-5'),
      },
      {
        label: 'Activities',
        to: '/activities',
        icon: icon('M4 5h16v15H4zM4 10h16M9 3v4M15 3v4M8 14h3M8 17h6'),
      },
      {
        label: 'Discounts',
        to: '/discounts',
        icon: icon('M3 12V4h8l10 10-8 8L3 12zM7.5 8.5h.01'),
      },
      {
        label: 'Session passes',
        to: '/session-passes',
        icon: icon('M3 7h18v4a2 2 0 000 4v4H3v-4a2 2 0 000-4zM14 7v12'),
      },
      {
        label: 'Bookings',
        to: '/bookings',
        icon: icon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3'),
      },
      {
        label: 'Customers',
        to: '/customers',
        icon: icon(
          'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M16 3.5a4 4 0 010 7.5M22 21v-1a6 6 0 00-4-5.6',
        ),
      },
      {
        label: 'Waitlists',
        to: '/waitlists',
        icon: icon('M12 7v5l3 2M12 21a9 9 0 100-18 9 9 0 000 18'),
      },
      {
        label: 'Messages',
        to: '/messages',
        icon: icon('M3 5h18v14H3zM3 6l9 7 9-7'),
      },
      {
        label: 'Audit log',
        to: '/audit-log',
        icon: icon('M9 3h6l1 2h3v16H5V5h3zM9 11h6M9 15h6'),
      },
    ],
  },
  {
    title: 'Settings',
    items: [
      {
        label: 'Organisation',
        to: '/settings',
        icon: icon('M4 21V5l8-3 8 3v16M9 21v-4h6v4M8 8h2M14 8h2M8 12h2M14 12h2'),
      },
      {
        label: 'Attendee fields',
        to: '/settings/fields?usage=attendee',
        icon: icon('M4 5h16M4 12h16M4 19h10'),
      },
      {
        label: 'Activity fields',
        to: '/settings/fields?usage=activity',
        icon: icon('M4 6h10M4 12h10M4 18h6M17 15l2 2 3-4'),
      },
      {
        label: 'Coaches',
        to: '/settings/coaches',
        icon: icon('M12 11a4 4 0 100-8 4 4 0 000 8zM4 21v-1a8 8 0 0116 0v1M9 15l3 3 3-3'),
      },
      {
        label: 'Venues',
        to: '/settings/venues',
        icon: icon(
          'M12 21s-7-6.5-7-12a7 7 0 0114 0c0 5.5-7 12-7 12zM12 11.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5',
        ),
      },
      {
        label: 'Home tabs',
        to: '/settings/home-tabs',
        icon: icon('M3 9h18M3 9v11h18V9M3 9l2-5h5l2 5M12 9l2-5h5l2 5'),
      },
      {
        label: 'Cancellation rules',
        to: '/settings/cancellation-rules',
        icon: icon('M4 4h16v16H4zM9 9l6 6M15 9l-6 6'),
      },
      {
        label: 'Payments',
        to: '/settings/payments',
        icon: icon('M2 6h20v12H2zM2 10h20M6 15h4'),
      },
      {
        label: 'Subscription',
        to: '/settings/subscription',
        icon: icon('M3 7h18v12H3zM3 11h18M7 15h4'),
      },
      {
        label: 'Embed code',
        to: '/settings/embed-code',
        icon: icon('M8 7l-5 5 5 5M16 7l5 5-5 5M13 4l-2 16'),
      },
      {
        label: 'API reference',
        to: '/settings/api-reference',
        icon: icon('M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5'),
      },
    ],
  },
];

/**
 * Whether a nav item is the current screen: same path, and every query parameter the item names
 * has the same value (so ?usage=attendee and ?usage=activity are different screens).
 *
 * @example isCurrent('/settings/fields?usage=attendee', { pathname: '/settings/fields', search: '?usage=attendee' }) // true
 */
export function isCurrent(to: string, location: { pathname: string; search: string }): boolean {
  const [path, query = ''] = to.split('?');
  const here = location.pathname.replace(/\/+$/, '') || '/';
  if ((path.replace(/\/+$/, '') || '/') !== here) return false;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(location.search);
  for (const [key, value] of wanted) if (actual.get(key) !== value) return false;
  return true;
}

/** A coach's whole dashboard (api/middleware/coach-scope.ts): the day's registers. */
const coachNavigation: NavSection[] = [
  {
    items: [
      {
        label: 'Today',
        to: '/today',
        icon: icon('M9 4h6v3H9zM6 5H4v16h16V5h-2M8 12l3 3 5-5'),
      },
    ],
  },
];

/** @example navigationFor('coach') // Today only */
export const navigationFor = (role: string | undefined): NavSection[] =>
  role === 'coach' ? coachNavigation : navigation;
