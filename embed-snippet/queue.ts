/*
 * Both ends of the page-side `Classwise(...)` protocol, kept in one file so they cannot drift:
 * the stub the organiser pastes (it only queues calls) and the take-over the widget runs when it
 * loads (replay the queue, empty it, then run later calls at once, also those made through a
 * saved reference to the stub). Cal.com's embed-core does the
 * same, but keeps hand-made copies of its stub; ours is one exported string.
 *
 * DOM-free on purpose: the widget passes `window`, the tests pass a plain object.
 */
import type { Started } from './start.ts';

/** The queue stub pasted before the loader; `Classwise(...)` works from the first line of the page. */
export const QUEUE_STUB =
  'window.Classwise=window.Classwise||function(){(Classwise.q=Classwise.q||[]).push(arguments)};';

/** What `window.Classwise` is before the widget loads (the stub) and after (the live API). */
export interface ClasswiseGlobal {
  (...args: unknown[]): unknown;
  /**
   * Calls made before the widget loaded: each entry is one call's `arguments`. After the take-over
   * only `push` is left, and it runs the call at once (see takeOver).
   */
  q?: ArrayLike<unknown>[] | { push(...calls: ArrayLike<unknown>[]): number };
  /** Set by /embed.js so a second copy of the snippet does not load the widget twice. */
  loading?: boolean;
  /** The first widget's first reads, started by /embed.js (start.ts); the widget takes them. */
  start?: Started;
}

export type Command = (...args: any[]) => unknown;

/** Where a bad call is reported; the organiser sees it in the console, the page carries on. */
export type Logger = Pick<Console, 'error'>;

/**
 * Replaces the stub on `target.Classwise` with a function that runs commands at once, after
 * replaying (in order) and emptying whatever the stub queued. An unknown command, or one that
 * throws, is logged and skipped: one typo must not stop the calls after it.
 *
 * @example takeOver(window, { open: (options) => … }); Classwise('open', { activityGroup: id });
 */
export function takeOver(
  target: { Classwise?: ClasswiseGlobal },
  commands: Record<string, Command>,
  logger: Logger = console,
): ClasswiseGlobal {
  const run = (args: ArrayLike<unknown>): unknown => {
    const [name, ...rest] = Array.from(args);
    const command =
      typeof name === 'string' && Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (!command) {
      logger.error(`Classwise: unknown command ${JSON.stringify(name)}; skipped.`);
      return undefined;
    }
    try {
      return command(...rest);
    } catch (error) {
      logger.error(`Classwise('${name}', …) failed; skipped.`, error);
      return undefined;
    }
  };
  const stub = target.Classwise;
  // splice empties the stub's own array, so anything still holding it cannot replay it twice.
  const queued = Array.isArray(stub?.q) ? stub.q.splice(0) : [];
  const live: ClasswiseGlobal = (...args: unknown[]) => run(args);
  live.loading = true;
  // Page code may have kept the stub (`const cw = Classwise`) and call it after load. The pasted
  // stub pushes onto `Classwise.q` (now the live function's), /embed.js's stub onto its own `q`:
  // both get a `push` that runs the call at once, so no call lands in a queue nobody reads.
  const runNow = {
    push: (...calls: ArrayLike<unknown>[]) => {
      for (const args of calls) run(args);
      return 0;
    },
  };
  live.q = runNow;
  if (stub) stub.q = runNow;
  // Installed before the replay, so a queued handler that calls Classwise(...) runs at once.
  target.Classwise = live;
  for (const args of queued) run(args);
  return live;
}

/** Events the page can listen to with `Classwise('on', name, handler)`. */
export const EVENTS = ['booked', 'step', 'waitlistJoined'] as const;
export type EventName = (typeof EVENTS)[number];
export type Handler = (detail: unknown) => void;

/**
 * The organiser's analytics hooks. A handler that throws is logged, never breaks the widget or
 * the other handlers.
 *
 * @example const events = createEvents(); events.on('booked', (d) => plausible('Booked', { props: d }));
 */
export function createEvents(logger: Logger = console) {
  const handlers = new Map<EventName, Set<Handler>>();
  // Page code calls these with anything; a typo'd event name should say so, not stay silent.
  const check = (name: unknown, handler: unknown): EventName => {
    if (!EVENTS.includes(name as EventName)) {
      throw new TypeError(`unknown event ${JSON.stringify(name)} (known: ${EVENTS.join(', ')})`);
    }
    if (typeof handler !== 'function') throw new TypeError('the handler must be a function');
    return name as EventName;
  };
  return {
    on(name: unknown, handler: unknown) {
      const event = check(name, handler);
      const set = handlers.get(event) ?? new Set<Handler>();
      handlers.set(event, set);
      set.add(handler as Handler);
    },
    off(name: unknown, handler: unknown) {
      handlers.get(check(name, handler))?.delete(handler as Handler);
    },
    emit(name: EventName, detail: unknown) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          handler(detail);
        } catch (error) {
          logger.error(`Classwise: a '${name}' handler failed.`, error);
        }
      }
    },
  };
}

/** What `Classwise('open', …)` asks a widget to show. */
export type OpenRequest = { activityGroup?: string };

export interface WidgetHandle {
  /** The element's `name` attribute ('' when unnamed). */
  name: string;
  open(request: OpenRequest): void;
}

/**
 * Routes `open` calls to the widgets on the page. `widget` picks one by its `name`; without it
 * the call goes to the first widget. A call for a widget that has not appeared yet (the queue is
 * replayed as soon as the script runs, possibly before the element is parsed) is kept and
 * delivered when that widget registers.
 *
 * @example const widgets = createRegistry(); widgets.open({ activityGroup: id, widget: 'camps' });
 */
export function createRegistry() {
  const widgets: WidgetHandle[] = [];
  // Keyed by widget name; '' stands for "whichever widget comes first".
  const pending = new Map<string, OpenRequest>();
  return {
    open(options: unknown) {
      if (typeof options !== 'object' || options === null) {
        throw new TypeError("'open' takes an object: { activityGroup?: id, widget?: name }");
      }
      const { activityGroup, widget } = options as Record<string, unknown>;
      if (activityGroup !== undefined && typeof activityGroup !== 'string') {
        throw new TypeError('activityGroup must be an id string');
      }
      if (widget !== undefined && typeof widget !== 'string') {
        throw new TypeError('widget must be the name of a widget on the page');
      }
      const request: OpenRequest = activityGroup ? { activityGroup } : {};
      const target = widget === undefined ? widgets[0] : widgets.find((w) => w.name === widget);
      if (target) target.open(request);
      else pending.set(widget ?? '', request);
    },
    register(handle: WidgetHandle) {
      widgets.push(handle);
      // A call naming this widget beats one that named no widget.
      const key = pending.has(handle.name) ? handle.name : '';
      const request = pending.get(key);
      if (request) {
        pending.delete(key);
        handle.open(request);
      }
    },
    unregister(handle: WidgetHandle) {
      const index = widgets.indexOf(handle);
      if (index >= 0) widgets.splice(index, 1);
    },
  };
}
