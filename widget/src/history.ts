/*
 * The widget's place in the host page's URL hash (`#classwise=<path>`, engine/deep-links.ts), so
 * the browser's Back and Forward move between the widget's steps, a reload opens the same step
 * and a shared link opens where it points. One widget per page owns the hash
 * (docs/rules/embedding.md, Navigation); the others keep their place in memory only.
 */
import {
  parsePath,
  parseWidgetHash,
  routePath,
  type WidgetRoute,
  widgetHash,
} from '../../engine/deep-links.ts';
import type { View, WidgetStore } from './store.ts';

const routeOf = (view: View): WidgetRoute =>
  view.kind === 'group'
    ? { kind: 'activity', id: view.id }
    : view.kind === 'book'
      ? { kind: 'book', id: view.id, step: view.step ?? 'attendees' }
      : (view as WidgetRoute);

/** The path of a view; the element's starting view is no path at all (a clean URL). */
const pathOf = (view: View, start: View) => {
  const path = routePath(routeOf(view));
  return path === routePath(routeOf(start)) ? '' : path;
};

/**
 * The view a page's hash asks for; the element's start when it names none (or a path the widget
 * does not know). `focus`: the parent moved (Back, Forward), so focus follows to the new view.
 */
export function viewFromHash(hash: string, start: View, focus: boolean, previous?: View): View {
  const path = parseWidgetHash(hash);
  const route = path ? parsePath(path) : null;
  const hasListing = start.kind === 'listing';
  if (!route && !hasListing) return start;
  if (!route || route.kind === 'listing') {
    // Back to the listing from a group: focus returns to that group's Book button.
    const group = previous?.kind === 'group' ? previous.id : undefined;
    return { kind: 'listing', focusGroup: group, focus: focus && !group };
  }
  if (route.kind === 'activity') return { kind: 'group', id: route.id, back: hasListing, focus };
  if (route.kind === 'book' || route.kind === 'waitlist') return { ...route, back: true };
  return route;
}

/** Keeps the store's view and the page's hash in step; returns the stop function. */
export function keepInHash(store: WidgetStore): () => void {
  const { start } = store;
  const current = () => parseWidgetHash(location.hash) ?? '';
  let last = store.getState().view;
  const unsubscribe = store.subscribe((state) => {
    if (state.view === last) return;
    last = state.view;
    const path = pathOf(state.view, start);
    if (path === current()) return;
    const url = new URL(location.href);
    url.hash = widgetHash(path, location.hash);
    // The host page's own history state is kept: a router on the page may rely on it.
    history[state.replace ? 'replaceState' : 'pushState'](history.state, '', url.href);
  });
  const follow = () => {
    const state = store.getState();
    if (current() === pathOf(state.view, start)) return;
    // Replacing: a path the widget does not know gives way to the start's clean URL.
    store.actions.show(viewFromHash(location.hash, start, true, state.view), true);
  };
  addEventListener('popstate', follow);
  addEventListener('hashchange', follow);
  return () => {
    unsubscribe();
    removeEventListener('popstate', follow);
    removeEventListener('hashchange', follow);
  };
}
