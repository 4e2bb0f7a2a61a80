/*
 * Size budgets (issues 2 and 18): every organiser's page pays for these bytes, so CI fails when
 * they grow past the budget. Reads the built files; `npm test` builds first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSize, widgetSizes } from './widget-sizes.ts';

const dist = resolve(import.meta.dirname, '..', 'dist');
// Issue 5 tightened the snippet to 600 bytes: it sits on every page of every organiser. It now
// also starts the listing's first reads (embed-snippet/start.ts).
const EMBED_BUDGET = 600;
// Issue 18: 20.3 KB before, 15,022 B now, within the 15 KB goal (docs/architecture.md, Performance,
// says what went where). What the listing's first paint waits for.
const WIDGET_BUDGET = 15_360;
// Issue 18: the listing, the group page, the booking form and checkout, everything a booking
// loads: 62,056 B before, 51,517 B now, against a 35 KB goal not yet reached (docs/architecture.md,
// Performance, says what went where and what remains).
const JOURNEY_BUDGET = 51_800;

function read(relative: string): Buffer {
  const path = join(dist, relative);
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build`);
  return readFileSync(path);
}

describe('size budgets (gzip)', () => {
  it(`/embed.js is at most ${EMBED_BUDGET} bytes`, () => {
    const size = gzipSize(read('embed/embed.js'));
    console.log(`embed.js: ${size} bytes gzip (budget ${EMBED_BUDGET})`);
    expect(size).toBeLessThanOrEqual(EMBED_BUDGET);
  });

  const sizes = () => widgetSizes(join(dist, 'widget'));

  it(`the widget's initial JavaScript is at most ${WIDGET_BUDGET} bytes`, () => {
    const { initial } = sizes();
    console.log(
      `widget initial JS: ${initial.bytes} bytes gzip (budget ${WIDGET_BUDGET}) in ${initial.files.join(', ')}`,
    );
    expect(initial.bytes).toBeLessThanOrEqual(WIDGET_BUDGET);
  });

  it(`the whole booking journey's JavaScript is at most ${JOURNEY_BUDGET} bytes`, () => {
    const { journey } = sizes();
    console.log(
      `widget journey JS: ${journey.bytes} bytes gzip (budget ${JOURNEY_BUDGET}) in ${journey.files.length} files`,
    );
    expect(journey.bytes).toBeLessThanOrEqual(JOURNEY_BUDGET);
  });
});
