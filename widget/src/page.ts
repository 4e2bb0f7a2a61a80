/*
 * The page-wide half of the widget: one event bus and one registry of widget elements, shared by
 * every <classwise-widget> on the page (a page may hold two), behind `window.Classwise`.
 */
import { createEvents, createRegistry, takeOver } from '../../embed-snippet/queue.ts';

/** `Classwise('on', 'booked', handler)` listeners; the checkout (issue 5) calls events.emit. */
export const events = createEvents();

/** The widgets on the page, for `Classwise('open', { activityGroup, widget })`. */
export const widgets = createRegistry();

/**
 * Replays what the page queued before the script arrived and serves later calls at once.
 * Run after the element is defined, so queued `open` calls find the widgets already on the page.
 */
export function installPageApi() {
  takeOver(window as never, {
    open: widgets.open,
    on: events.on,
    off: events.off,
  });
}
