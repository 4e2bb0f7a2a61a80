/*
 * The Bookings list toolbar on a 390px phone (docs/rules/screens.md): the search keeps a usable
 * width on its own row (it was once squeezed to three letters beside the buttons), Filters and
 * Export CSV sit whole below it, and nothing scrolls sideways; on a desktop they share one row.
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

describe.skipIf(!chrome)('the Bookings toolbar on a phone in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const boxes = async () => {
    await page.goto(`${stack.productUrl}/admin/bookings`);
    await page.locator('tbody tr').first().waitFor();
    const box = async (name: string, role: 'searchbox' | 'button') =>
      (await page.getByRole(role, { name }).boundingBox())!;
    return {
      search: await box('Search bookings', 'searchbox'),
      filters: await box('Filters', 'button'),
      exportCsv: await box('Export CSV', 'button'),
      overflow: await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    };
  };

  it('gives the search its own full row at 390px, with the buttons whole below it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { search, filters, exportCsv, overflow } = await boxes();
    expect(overflow).toBe(0);
    expect(search.width).toBeGreaterThan(280);
    // Both buttons are below the search, side by side, and inside the screen.
    for (const b of [filters, exportCsv]) {
      expect(b.y).toBeGreaterThanOrEqual(search.y + search.height);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    expect(Math.abs(filters.y - exportCsv.y)).toBeLessThan(4);

    // The filter panel opens as one column of full-width fields.
    await page.getByRole('button', { name: 'Filters' }).click();
    const activity = (await page.getByLabel('Activity').boundingBox())!;
    expect(activity.width).toBeGreaterThan(280);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });

  it('keeps one row on a desktop', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { search, filters, exportCsv } = await boxes();
    expect(Math.abs(search.y - filters.y)).toBeLessThan(8);
    expect(Math.abs(filters.y - exportCsv.y)).toBeLessThan(4);
    expect(search.width).toBeGreaterThan(300);
  });
});
