/*
 * The one source of the code organisers paste. The dashboard's "Embed code" box, the demo
 * organiser page and the docs all call embedCode(); nobody keeps a hand-made copy.
 */
import { QUEUE_STUB } from './queue.ts';

export type EmbedTemplate = 'Default' | 'Seamless';
export type ButtonDisplay = 'align right' | 'full width' | 'hidden' | 'none';

export interface EmbedOptions {
  /** Where Classwise is served, e.g. https://app.classwise.example (no trailing slash). */
  origin: string;
  clientId: string;
  template?: EmbedTemplate;
  buttonDisplay?: ButtonDisplay;
  /** Starting view: the listing, one activity group, a home tab's listing, or the waitlist form. */
  view?:
    | { kind: 'listing' }
    | { kind: 'activityGroup'; id: string }
    | { kind: 'tab'; path: string }
    | { kind: 'waitlist'; id: string };
  /** Names the widget when a page has two; calls go to `Classwise('…', { widget: name })`. */
  name?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Height kept free for the widget before its script has run, so the organiser's page does not
 * jump when the listing appears (about three listing cards; the widget's skeleton matches it).
 */
export const RESERVED_HEIGHT_PX = 480;

/** The snippet's one inline style rule; its hash is in the CSP the Embed code screen publishes. */
export const RESERVED_STYLE = `classwise-widget:not(:defined){display:block;min-height:${RESERVED_HEIGHT_PX}px}`;

/**
 * The attributes the widget element reads. An option left undefined is left out, and the widget
 * then follows the organiser's saved setting (client settings' formTemplate and buttonDisplay),
 * so changing the look in the dashboard needs no new paste; an option given is always written,
 * even when it is the default, because it must then win over the saved setting.
 */
export function widgetAttributes(options: EmbedOptions): Record<string, string> {
  const attributes: Record<string, string> = { client: options.clientId };
  if (options.template) attributes.template = options.template;
  if (options.buttonDisplay) attributes['button-display'] = options.buttonDisplay;
  const view = options.view;
  if (view && view.kind === 'activityGroup') attributes['activity-group'] = view.id;
  if (view && view.kind === 'tab') attributes.tab = view.path;
  if (view && view.kind === 'waitlist') attributes.waitlist = view.id;
  if (options.name) attributes.name = options.name;
  return attributes;
}

/**
 * The HTML an organiser pastes: a one-rule style that holds the widget's space until it is
 * defined, the widget element where it should appear, a queue stub so `Classwise(…)` calls made
 * before the script arrives are kept, and the async loader (never blocks the page's rendering).
 *
 * @example embedCode({ origin: 'http://localhost:3000', clientId: '6740…' })
 */
export function embedCode(options: EmbedOptions): string {
  const attributes = Object.entries(widgetAttributes(options))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const origin = options.origin.replace(/\/+$/, '');
  return [
    `<style>${RESERVED_STYLE}</style>`,
    `<classwise-widget${attributes}></classwise-widget>`,
    `<script>${QUEUE_STUB}</script>`,
    `<script async src="${escapeAttribute(origin)}/embed.js"></script>`,
  ].join('\n');
}
