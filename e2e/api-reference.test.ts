/*
 * The dashboard's API reference (docs/api/openapi.md): an organiser's developer opens it from
 * Settings, finds the booking call with its request fields and an example, searches, and reads
 * it on a phone without scrolling sideways. It is rendered from GET /api/openapi.json.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();

describe.skipIf(!chrome)('API reference in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lists the booking call with its request fields and an example', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'API reference' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    const bookings = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Bookings', exact: true }),
    });
    const call = bookings.locator('details', {
      has: page.locator('summary', { hasText: 'Book a basket' }).filter({
        has: page.locator('code', { hasText: /^\/api\/bookings$/ }),
      }),
    });
    await call.locator('summary').click();
    await call.getByRole('heading', { name: /Request body/ }).waitFor();
    const fields = await call.locator('.api-fields code').allTextContents();
    expect(fields).toContain('activityGroups');
    expect(fields).toContain('paymentMethod');
    expect(await call.locator('.api-example').textContent()).toContain('"payLater"');
    expect(await call.locator('summary').textContent()).toContain('Parent');
  });

  it('narrows the list to the calls a search names, and says when none match', async () => {
    const search = page.getByLabel('Find a call');
    await search.fill('/api/venues');
    await page.locator('details', { hasText: 'Add a venue' }).first().waitFor();
    const paths = await page.locator('.api-path').allTextContents();
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((p) => p.startsWith('/api/venues'))).toBe(true);
    await search.fill('no call is called this');
    await page.getByText('No call matches these words.').waitFor();
  });

  it('reads at 390px wide without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.productUrl}/admin/settings/api-reference`);
    const call = page.locator('details', { hasText: 'Add a discount rule' });
    await call.locator('summary').click();
    await call.locator('.api-example').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
