/*
 * /widget.js: defines <classwise-widget>, which renders the booking widget in its own shadow
 * root, then takes over `window.Classwise`. Served from the product's origin and run on the
 * organiser's; everything it fetches goes to the origin it was loaded from, without cookies.
 *
 * Attributes (written by embed-snippet/code.ts):
 *   client          the organiser's client id (required)
 *   template        Default | Seamless; absent: the organiser's saved setting
 *   button-display  align right | full width | hidden | none; absent: the saved setting
 *   activity-group  start on one group's page instead of the listing
 *   tab             a home tab's path: the listing shows only that tab's groups
 *   waitlist        a group's waitlist join form (Premium)
 *   account         the parent's account area, e.g. account="attendees" (our hosted account page)
 *   name            names the widget when a page has two, for Classwise('open', { widget })
 *   history         this widget keeps its place in the page's URL hash; without it on any
 *                   widget, the page's first widget does (docs/rules/embedding.md, Navigation)
 */
import type { WidgetHandle } from '../../embed-snippet/queue.ts';
import { App } from './App.tsx';
import { render } from './preact.ts';
import {
  type Appearance,
  createWidgetStore,
  type View,
  type WidgetState,
  type WidgetStore,
} from './store.ts';
import { styleShadowRoot } from './styles.ts';

const TAG = 'classwise-widget';
/** A page URL hash naming a step of the widget (engine/deep-links.ts reads it). */
const DEEP_LINK = /classwise=./;
/** Where the API lives: wherever this module was served from, not the page's origin. */
const ORIGIN = new URL(import.meta.url).origin;

const ATTRIBUTES = [
  'client',
  'template',
  'button-display',
  'activity-group',
  'tab',
  'waitlist',
  'account',
  'name',
  'history',
];

interface Mounted {
  container: HTMLElement;
  /** Unset while the step in the page's URL hash is being read (history.ts). */
  store?: WidgetStore;
  stop: () => void;
}

type AfterPaint = typeof import('./after-paint.ts');
let afterPaint: Promise<AfterPaint> | undefined;
/** The page-side code (after-paint.ts): fetched once, after the first widget has painted. */
const loadAfterPaint = () => {
  afterPaint ??= import('./after-paint.ts');
  return afterPaint;
};

/**
 * Resolves once the widget's first view has painted: at once unless it opens on the listing,
 * else once the listing's data is in and a frame has been drawn (or a moment has passed, for a
 * tab in the background, which draws no frames).
 */
function firstPaint(store: WidgetStore): Promise<void> {
  const waiting = ({ view, settings, list }: WidgetState) =>
    view.kind === 'listing' &&
    (settings.status === 'loading' || list?.status === 'loading') &&
    !opensQueued();
  return new Promise((done) => {
    if (!waiting(store.getState())) return done();
    const stop = store.subscribe((state) => {
      if (waiting(state)) return;
      stop();
      requestAnimationFrame(() => setTimeout(done));
      setTimeout(done, 200);
    });
  });
}

/**
 * Whether the page queued a `Classwise('open', …)` before the script arrived: then the page side
 * loads at once, so the widget goes straight where the page asked rather than after the listing.
 */
const opensQueued = () => {
  const queued = (window as { Classwise?: { q?: unknown } }).Classwise?.q;
  return Array.isArray(queued) && queued.some((call) => call?.[0] === 'open');
};

/**
 * The widgets on the page when the script arrived, while they are being defined: the page's
 * `Classwise(…)` API takes over once every one of them is ready for its queued calls.
 */
type FirstWidget = { painted: Promise<void>; attach: (page: AfterPaint) => void };
let firstWidgets: FirstWidget[] | null = null;

// Per-element state lives here rather than in class fields: at the bundle's es2020 target,
// class fields compile to helper functions that cost bytes on every organiser's page.
const mounted = new WeakMap<HTMLElement, Mounted>();

const appearanceOf = (element: HTMLElement): Appearance => ({
  template: element.getAttribute('template'),
  buttonDisplay: element.getAttribute('button-display'),
});

function startViewOf(element: HTMLElement): View {
  const waitlist = element.getAttribute('waitlist');
  if (waitlist) return { kind: 'waitlist', id: waitlist, back: false };
  const account = element.getAttribute('account');
  if (account) return { kind: 'account', section: account };
  const group = element.getAttribute('activity-group');
  return group ? { kind: 'group', id: group, back: false, focus: false } : { kind: 'listing' };
}

/**
 * Whether the page's text, as inherited by the widget, is light: then Seamless draws native
 * controls (checkboxes, date pickers, scrollbars) in the dark colour scheme.
 */
function onDarkPage(container: HTMLElement): boolean {
  const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(container).color);
  if (!rgb) return false;
  const [r, g, b] = rgb.slice(1).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 128;
}

/** Whether this element keeps its place in the URL hash: only one widget on a page may. */
const ownsHash = (element: HTMLElement) =>
  (document.querySelector(`${TAG}[history]`) ?? document.querySelector(TAG)) === element;

function mount(element: HTMLElement) {
  if (mounted.has(element)) return;
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const clientId = element.getAttribute('client');
  if (!clientId) {
    console.error(`Classwise: <${TAG}> needs a client attribute; copy the embed code again.`);
    return;
  }
  const container = document.createElement('div');
  shadow.replaceChildren(...styleShadowRoot(shadow), container);
  if (onDarkPage(container)) container.className = 'cw-on-dark';

  const start = startViewOf(element);
  const owns = ownsHash(element);
  let stop = () => {};
  let attach = (_page: AfterPaint) => {};
  const entry: Mounted = { container, stop: () => stop() };
  mounted.set(element, entry);

  const open = (view: View) => {
    if (mounted.get(element) !== entry) return;
    const store = createWidgetStore({
      origin: ORIGIN,
      clientId,
      start,
      view,
      appearance: appearanceOf(element),
      tab: element.getAttribute('tab') || null,
    });
    entry.store = store;
    render(<App store={store} />, container);
    const handle: WidgetHandle = {
      name: element.getAttribute('name') ?? '',
      open: ({ activityGroup }) => {
        if (activityGroup) {
          store.actions.showGroup(activityGroup, { back: start.kind === 'listing', focus: false });
        } else store.actions.showListing();
      },
    };
    let detach = () => {};
    stop = () => {
      detach();
      store.stop();
    };
    // The page-side half, after the first paint: the widget's place in the URL hash, its step
    // events, and `Classwise('open')` reaching it.
    attach = (page: AfterPaint) => {
      if (mounted.get(element) !== entry) return;
      const stopHash = owns ? page.keepInHash(store) : () => {};
      page.followSteps(store, view);
      page.widgets.register(handle);
      detach = () => {
        stopHash();
        page.widgets.unregister(handle);
      };
    };
    return firstPaint(store);
  };
  // A step in the page's URL hash (a shared link, a reload mid-booking) is read by history.ts,
  // which comes with the page side (after-paint.ts), fetched at once then (issue 18): the
  // listing's first paint does without it. If it cannot be fetched, the widget opens on its start.
  const painted =
    owns && DEEP_LINK.test(location.hash)
      ? loadAfterPaint()
          .then(
            (page) => page.viewFromHash(location.hash, start, false),
            () => start,
          )
          .then(open)
      : Promise.resolve(open(start));
  const attachLater = (page: AfterPaint) => attach(page);
  if (firstWidgets) firstWidgets.push({ painted, attach: attachLater });
  else painted.then(loadAfterPaint).then(attachLater);
}

function unmount(element: HTMLElement) {
  const widget = mounted.get(element);
  if (!widget) return;
  mounted.delete(element);
  widget.stop();
  render(null, widget.container);
}

class ClasswiseWidget extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTES;
  }

  connectedCallback() {
    mount(this);
  }

  disconnectedCallback() {
    unmount(this);
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null) {
    const widget = mounted.get(this);
    // Before the first mount the attributes are simply read by mount().
    if (!widget || previous === value) return;
    if (name === 'template' || name === 'button-display') {
      widget.store?.setState({ appearance: appearanceOf(this) });
      return;
    }
    // A new client, starting view or name is a different widget: start afresh.
    unmount(this);
    mount(this);
  }
}

// Pasting the snippet twice, or a page bundling its own copy, must not throw on a second define.
if (!customElements.get(TAG)) {
  const widgets: FirstWidget[] = [];
  firstWidgets = widgets;
  // Mounts the widgets already on the page, each listing asking for its data at once.
  customElements.define(TAG, ClasswiseWidget);
  firstWidgets = null;
  // Queued calls are replayed once every widget is registered, and before the first step
  // events go out (followSteps sends them a microtask later), so a queued 'on' hears them.
  Promise.all(widgets.map((w) => w.painted))
    .then(loadAfterPaint)
    .then((page) => {
      for (const widget of widgets) widget.attach(page);
      page.installPageApi();
    });
}
