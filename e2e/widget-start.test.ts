/*
 * How many requests the listing waits for (issue 18). On the demo organiser's page, from another
 * origin as organisers embed it: before the first card paints, the browser asks the product for
 * /embed.js, /widget.js and /api/widget-start, and nothing else; the loader starts the last two
 * itself, so neither waits for the other. No timings are asserted, only which requests there are
 * and which script started each (the browser's own record of the initiator).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();

interface Sent {
  url: string;
  /** The script whose code made the request, when a script did. */
  by: string | null;
}

describe.skipIf(!chrome)('the listing before its first paint', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('paints after three requests to the product, the widget script and its data side by side', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const sent: Sent[] = [];
    let painted = false;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (painted) return;
      const frames = event.initiator.stack?.callFrames ?? [];
      const by = frames.at(-1)?.url ?? event.initiator.url ?? null;
      sent.push({ url: event.request.url, by: by || null });
    });

    await page.goto(stack.demoUrl);
    // The first card's Book button: the listing has painted with its data.
    await page
      .locator('classwise-widget')
      .getByRole('button', { name: /^Book / })
      .first()
      .waitFor();
    painted = true;

    const product = new URL(stack.productUrl).origin;
    const path = (url: string) => new URL(url).pathname;
    const toProduct = sent.filter((s) => new URL(s.url).origin === product);
    expect(toProduct.map((s) => path(s.url)).sort()).toEqual([
      '/api/widget-start',
      '/embed.js',
      '/widget.js',
    ]);
    // /embed.js started both others: the data did not wait for the widget script to run.
    for (const request of toProduct.filter((s) => path(s.url) !== '/embed.js')) {
      expect(request.by && path(request.by), path(request.url)).toBe('/embed.js');
    }
    // The listing shows what the one answer carried: prices need the organiser's settings.
    const widget = page.locator('classwise-widget');
    expect(await widget.locator('.cw-card').count()).toBeGreaterThan(0);
    expect(await widget.locator('.cw-price').first().textContent()).toMatch(/£\d/);
    await page.close();
  });

  it('asks for itself when the loader could not start its reads, and still paints', async () => {
    const page = await browser.newPage();
    // An older product without /api/widget-start, or a failed read: the widget's own calls.
    await page.route('**/api/widget-start*', (route) => route.fulfill({ status: 404, body: '' }));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(stack.demoUrl);
    await page
      .locator('classwise-widget')
      .getByRole('button', { name: /^Book / })
      .first()
      .waitFor();
    expect(asked).toContain('/api/client');
    expect(asked).toContain('/api/activity-groups/listing');
    await page.close();
  });
});
