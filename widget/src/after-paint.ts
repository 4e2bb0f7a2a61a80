/*
 * What a widget does for the host page rather than for its own first paint, loaded once the
 * listing has painted (main.tsx; issue 18: the initial widget.js holds only what the first paint
 * needs): the page's `Classwise(…)` API and its queued calls (page.ts), the `step` events for the
 * organiser's analytics (step-event.ts) and the widget's place in the URL hash (keep-in-hash.ts),
 * including reading a step from the hash (history.ts), which main.tsx asks for at once when the
 * page's URL names one.
 */
export { viewFromHash } from './history.ts';
export { keepInHash } from './keep-in-hash.ts';
export { installPageApi, widgets } from './page.ts';
export { followSteps } from './step-event.ts';

// The API client, fetched now rather than on the first call (issue 18): the first paint read what
// /embed.js started and went without it (store.ts), and the listing's next page or a group's own
// read should not wait for it. Not a static import: the page side must not wait for it either.
import('../../api-client/client.ts').catch(() => {
  // The first call fetches it again, and says so if it cannot.
});
