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
    // Which script started each request, from Chromium's own record.
    const sent: Sent[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      const frames = event.initiator.stack?.callFrames ?? [];
      const by = frames.at(-1)?.url ?? event.initiator.url ?? null;
      sent.push({ url: event.request.url, by: by || null });
    });
    // The first frame that shows a card, on the page's own clock: the requests before it are
    // the ones the paint waited for (the page-side code follows a frame later, on purpose).
    await page.addInitScript(() => {
      const look = () => {
        const shadow = document.querySelector('classwise-widget')?.shadowRoot;
        if (shadow?.querySelector('.cw-title')) {
          (window as { paintedAt?: number }).paintedAt = performance.now();
        } else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });

    await page.goto(stack.demoUrl);
    await page.waitForFunction(() => (window as { paintedAt?: number }).paintedAt !== undefined);
    const beforePaint = await page.evaluate(() => {
      const paintedAt = (window as { paintedAt?: number }).paintedAt ?? 0;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= paintedAt)
        .map((entry) => entry.name);
    });

    const product = new URL(stack.productUrl).origin;
    const path = (url: string) => new URL(url).pathname;
    const toProduct = beforePaint.filter((url) => new URL(url).origin === product);
    expect(toProduct.map(path).sort()).toEqual(['/api/widget-start', '/embed.js', '/widget.js']);
    // /embed.js started both others: the data did not wait for the widget script to run.
    for (const url of toProduct.filter((url) => path(url) !== '/embed.js')) {
      const request = sent.find((s) => s.url === url);
      expect(request?.by && path(request.by), path(url)).toBe('/embed.js');
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
