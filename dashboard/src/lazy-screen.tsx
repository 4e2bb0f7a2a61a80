import { type ComponentType, lazy } from 'react';

/**
 * A screen loaded on first visit, from a module that names its export (our screens are named
 * exports, React.lazy wants a default one). The layout's Suspense shows skeletons meanwhile.
 *
 * @example const BookingsScreen = screen(() => import('./screens/bookings/BookingsScreen.tsx'), 'BookingsScreen');
 */
export function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
