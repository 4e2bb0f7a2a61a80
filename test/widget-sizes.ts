/*
 * The widget's JavaScript as a parent's browser fetches it, from the built files (issue 18):
 * the initial load (widget.js and every chunk it imports statically) and the whole booking
 * journey (that, plus the chunks a booking loads: group page, booking form, checkout, with what
 * they import). Gzip level 9 per file, the budget's measure. Shared by the size budgets
 * (test/size.test.ts) and `npm run bench`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** The views a booking opens, by chunk name (lazy.ts): group page, booking form, checkout. */
const JOURNEY = ['GroupDetail', 'Journey', 'Checkout'];

// Static imports only (`import … from "x"`, `import "x"`); `import("x")` is a lazy chunk.
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
// Lazy imports: `import("./widget/x.js")`, `import(`../x.js`)`.
const LAZY_IMPORT = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

/** The served path of a module (/widget.js and /widget/<file>) to its file under dist/widget. */
function widgetFile(urlPath: string): string {
  if (urlPath === '/widget.js') return 'widget.js';
  if (urlPath.startsWith('/widget/')) return `widget/${urlPath.slice('/widget/'.length)}`;
  throw new Error(`widget.js imports ${urlPath}, which the server does not serve`);
}

export interface WidgetSizes {
  /** widget.js and its static imports: what the listing's first paint waits for. */
  initial: { bytes: number; files: string[] };
  /** Everything a booking from the listing to payment loads. */
  journey: { bytes: number; files: string[] };
}

/** @example widgetSizes('dist/widget').initial.bytes // 15012 */
export function widgetSizes(widgetDir: string): WidgetSizes {
  const read = (file: string) => {
    const path = join(widgetDir, file);
    if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build`);
    return readFileSync(path);
  };
  const visit = (urlPath: string, seen: Set<string>, lazy: boolean) => {
    const file = widgetFile(urlPath);
    if (seen.has(file)) return;
    seen.add(file);
    const code = read(file).toString('utf8');
    const follow = (pattern: RegExp) => {
      for (const match of code.matchAll(pattern)) {
        visit(new URL(match[1], `http://origin${urlPath}`).pathname, seen, lazy);
      }
    };
    follow(STATIC_IMPORT);
    // The lazy chunks widget.js itself loads whatever the view (styles, compat, page side)
    // come with any journey; the views' chunks are picked by name below.
    if (lazy && file === 'widget.js') {
      for (const match of code.matchAll(LAZY_IMPORT)) {
        const path = new URL(match[1], `http://origin${urlPath}`).pathname;
        const name = path.split('/').pop() ?? '';
        const isView = /^[A-Z]/.test(name);
        if (!isView || JOURNEY.some((view) => name.startsWith(`${view}-`))) {
          visit(path, seen, lazy);
        }
      }
    }
  };
  const initial = new Set<string>();
  visit('/widget.js', initial, false);
  const journey = new Set<string>();
  visit('/widget.js', journey, true);
  // Views the journey's own chunks open lazily (the checkout from the booking form).
  for (const file of readdirSync(join(widgetDir, 'widget'))) {
    if (JOURNEY.some((view) => file.startsWith(`${view}-`)) && file.endsWith('.js')) {
      visit(`/widget/${file}`, journey, true);
    }
  }
  const total = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipSize(read(f)), 0);
  return {
    initial: { bytes: total(initial), files: [...initial] },
    journey: { bytes: total(journey), files: [...journey] },
  };
}
