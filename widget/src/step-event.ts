/*
 * The `step` event for the organiser's analytics (`Classwise('on', 'step', handler)`): sent each
 * time the widget shows another step, including the one it opens on. It names the step and the
 * activity, and at payment what is due, never anything about the parent or the children
 * (docs/rules/embedding.md, Events).
 */
import type { Quote } from '../../api-client/index.ts';
import { events } from './page.ts';
import { listedName, type View, type WidgetStore } from './store.ts';

/**
 * @example emitStep('payment', { _id: 'g1', name: 'Football' }, quote, 2)
 */
export function emitStep(
  step: string,
  group?: { _id: string; name?: string },
  quote?: Pick<Quote, 'amountDueNow' | 'total' | 'currency'> | null,
  attendees?: number,
) {
  events.emit('step', {
    step,
    ...(group && { activityGroup: { _id: group._id, name: group.name } }),
    ...(attendees && { attendees }),
    ...(quote && { amount: quote.amountDueNow, total: quote.total, currency: quote.currency }),
  });
}

/**
 * Sends the step event of every view outside the booking steps (which the journey sends itself,
 * with amounts), starting with the view the widget opens on.
 */
export function followSteps(store: WidgetStore, opened: View = store.getState().view) {
  const emit = (view: View) => {
    if (view.kind === 'book') return;
    const id = view.kind === 'group' || view.kind === 'waitlist' ? view.id : null;
    // The step names are the views' kinds, but an activity's page is 'activity' as in its link.
    emitStep(
      view.kind === 'group' ? 'activity' : view.kind,
      id ? { _id: id, name: listedName(store.getState(), id) } : undefined,
    );
  };
  let last = opened;
  const next = ({ view }: { view: View }) => {
    if (view === last) return;
    last = view;
    emit(view);
  };
  // After the page's queued `Classwise('on', …)` calls are replayed (main.tsx, installPageApi).
  // This code arrives after the first paint (after-paint.ts): the view the widget opened on is
  // sent first, then the one a quick parent has already moved to.
  queueMicrotask(() => {
    emit(opened);
    next(store.getState());
    store.subscribe(next);
  });
}
