/*
 * Keeps a widget's view and the host page's URL hash in step (history.ts says how a hash reads):
 * the browser's Back and Forward move between the widget's steps, a reload opens the same step.
 * Loaded after the listing's first paint with the rest of the page-side code (after-paint.ts).
 */
import {
  parseWidgetHash,
  routePath,
  type WidgetRoute,
  widgetHash,
} from '../../engine/deep-links.ts';
import { viewFromHash } from './history.ts';
import type { View, WidgetState, WidgetStore } from './store.ts';

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

/** Keeps the store's view and the page's hash in step; returns the stop function. */
export function keepInHash(store: WidgetStore): () => void {
  const { start } = store;
  const current = () => parseWidgetHash(location.hash) ?? '';
  let last: View | undefined;
  const sync = (state: WidgetState) => {
    if (state.view === last) return;
    last = state.view;
    const path = pathOf(state.view, start);
    if (path === current()) return;
    const url = new URL(location.href);
    url.hash = widgetHash(path, location.hash);
    // The host page's own history state is kept: a router on the page may rely on it.
    history[state.replace ? 'replaceState' : 'pushState'](history.state, '', url.href);
  };
  const unsubscribe = store.subscribe(sync);
  // This module loads after the first paint: a step the parent took before it arrived is
  // recorded now (the view the widget opened on matches the hash, and records nothing).
  sync(store.getState());
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
