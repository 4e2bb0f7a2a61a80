/*
 * /embed.js: the few hundred bytes every organiser's page loads (budget: 600 bytes gzip, checked
 * by test/size.test.ts). It loads the widget module from the origin it was itself served from
 * and, at the same time, the listing's first reads (start.ts), which the widget picks up. A
 * module script is deferred by nature, so the widget never blocks the page's rendering.
 */

import { type Started, startReads } from './start.ts';

/** Mirrors ClasswiseGlobal in queue.ts; restated so the loader imports no more than start.ts. */
interface ClasswiseGlobal {
  (...args: unknown[]): unknown;
  q?: ArrayLike<unknown>[];
  loading?: boolean;
  start?: Started;
}

(() => {
  const w = window as unknown as { Classwise?: ClasswiseGlobal };
  // Pages that pasted only the script tag still get a queue (the same stub as in code.ts).
  if (!w.Classwise) {
    const stub: ClasswiseGlobal = function () {
      stub.q = stub.q || [];
      // biome-ignore lint/complexity/noArguments: queued as-is, exactly like the pasted stub.
      stub.q.push(arguments);
    };
    w.Classwise = stub;
  }
  const api = w.Classwise;
  // Two pasted snippets (two widgets on one page) load the widget once.
  if (api.loading) return;
  api.loading = true;
  // currentScript is this <script async src=".../embed.js">: the product's origin, wherever we run.
  // import() rather than a <script type=module> element: a page that requires Trusted Types
  // refuses a plain string as a script's src, and import() is governed by script-src alone.
  const origin = new URL((document.currentScript as HTMLScriptElement).src).origin;
  import(/* @vite-ignore */ `${origin}/widget.js`);
  // The listing's settings and first page, asked for now rather than once the widget has run.
  api.start = startReads(origin, document, location.hash);
})();
