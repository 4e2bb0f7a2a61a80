/*
 * What a widget does for the host page rather than for its own first paint, loaded once the
 * listing has painted (main.tsx; issue 18: the initial widget.js holds only what the first paint
 * needs): the page's `Classwise(…)` API and its queued calls (page.ts), the `step` events for the
 * organiser's analytics (step-event.ts) and the widget's place in the URL hash (keep-in-hash.ts).
 */
export { keepInHash } from './keep-in-hash.ts';
export { installPageApi, widgets } from './page.ts';
export { followSteps } from './step-event.ts';
