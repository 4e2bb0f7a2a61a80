/*
 * Size budgets (issue 2): every organiser's page pays for these bytes, so CI fails when they grow
 * past the budget. Reads the built files; `npm test` builds first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = resolve(import.meta.dirname, '..', 'dist');
// Issue 5 tightens the snippet to 600 bytes: it sits on every page of every organiser.
const EMBED_BUDGET = 600;
const WIDGET_BUDGET = 20 * 1024;

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

function read(relative: string): Buffer {
  const path = join(dist, relative);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build`);
  return readFileSync(path);
}

/**
 * The served path of a module (as the server maps URLs: /widget.js and /widget/<file>) to its
 * file under dist/widget.
 */
function widgetFile(urlPath: string): string {
  if (urlPath === '/widget.js') return 'widget/widget.js';
  if (urlPath.startsWith('/widget/')) return `widget/${urlPath.slice('/widget/'.length)}`;
  throw new Error(`widget.js imports ${urlPath}, which the server does not serve`);
}

// Static imports only (`import … from "x"`, `import "x"`); `import("x")` is a lazy chunk.
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;

/**
 * The JavaScript a page must fetch before the widget can run: widget.js and every chunk it
 * imports statically, transitively. Lazy chunks are not counted; they load on first use.
 */
function initialWidgetFiles(): string[] {
  const seen = new Set<string>();
  const visit = (urlPath: string) => {
    const file = widgetFile(urlPath);
    if (seen.has(file)) return;
    seen.add(file);
    const code = read(file).toString('utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      visit(new URL(match[1], `http://origin${urlPath}`).pathname);
    }
  };
  visit('/widget.js');
  return [...seen];
}

describe('size budgets (gzip)', () => {
  it(`/embed.js is at most ${EMBED_BUDGET} bytes`, () => {
    const size = gzipSize(read('embed/embed.js'));
    console.log(`embed.js: ${size} bytes gzip (budget ${EMBED_BUDGET})`);
    expect(size).toBeLessThanOrEqual(EMBED_BUDGET);
  });

  it(`the widget's initial JavaScript is at most ${WIDGET_BUDGET / 1024} KB`, () => {
    const files = initialWidgetFiles();
    const size = files.reduce((sum, file) => sum + gzipSize(read(file)), 0);
    console.log(
      `widget initial JS: ${size} bytes gzip (${(size / 1024).toFixed(1)} KB, budget ${WIDGET_BUDGET / 1024} KB) in ${files.join(', ')}`,
    );
    expect(size).toBeLessThanOrEqual(WIDGET_BUDGET);
  });
});
