/*
 * The widget's first reads, started by /embed.js (loader.ts) while the widget script is still on
 * its way (issue 18): without it the listing waited for embed.js, then widget.js, then two API
 * calls, one after the other. GET /api/widget-start answers the organiser's settings and the
 * listing's first page together; the widget (store.ts) takes the promise instead of asking again.
 */

/** What GET /api/widget-start answers (api/routes/widget-start.ts). */
export interface StartData<Settings = unknown, Page = unknown> {
  client: Settings;
  listing: Page;
}

/** The read /embed.js started: for which widget, and its answer (null when it failed). */
export interface Started {
  key: string;
  data: Promise<StartData | null>;
}

/** Which widget a started read is for: its client and home tab. */
export const startKey = (clientId: string, tab: string | null) => `${clientId} ${tab ?? ''}`;

/**
 * Starts the first reads of the page's first widget, when it opens on the listing (no starting
 * group, waitlist or account; no step in the page's URL hash). A plain GET, with the client in
 * the query and no cookie: no CORS preflight goes before it, and nothing to leak.
 */
export function startReads(origin: string, doc: Document, hash: string): Started | undefined {
  const element = doc.querySelector('classwise-widget');
  const clientId = element?.getAttribute('client');
  if (!element || !clientId || /classwise=./.test(hash)) return undefined;
  if (['activity-group', 'waitlist', 'account'].some((a) => element.hasAttribute(a))) return;
  const tab = element.getAttribute('tab') || null;
  const query = `clientId=${encodeURIComponent(clientId)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;
  return {
    key: startKey(clientId, tab),
    data: fetch(`${origin}/api/widget-start?${query}`, { credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => body?.data ?? null)
      // The widget then asks for itself, with its own retries and error message.
      .catch(() => null),
  };
}

/**
 * The started read for this widget, once: a second widget of the same client asks for itself.
 *
 * @example const start = takeStarted(window.Classwise, clientId, tab); // or undefined
 */
export function takeStarted(
  holder: { start?: Started } | undefined,
  clientId: string,
  tab: string | null,
): Promise<StartData | null> | undefined {
  const started = holder?.start;
  if (!started || started.key !== startKey(clientId, tab)) return undefined;
  holder.start = undefined;
  return started.data;
}
