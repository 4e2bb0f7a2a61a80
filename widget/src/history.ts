/*
 * The view a page's URL hash opens (read when the widget mounts); keep-in-hash.ts keeps the two
 * in step afterwards. The widget's place in the host page's URL hash (`#classwise=<path>`, engine/deep-links.ts), so
 * the browser's Back and Forward move between the widget's steps, a reload opens the same step
 * and a shared link opens where it points. One widget per page owns the hash
 * (docs/rules/embedding.md, Navigation); the others keep their place in memory only.
 */
import { parsePath, parseWidgetHash } from '../../engine/deep-links.ts';
import type { View } from './store.ts';

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
