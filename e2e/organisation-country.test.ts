/*
 * An organiser in Cyprus can say so: the Country list offers every country (it once stopped at 13,
 * so Cyprus's payment-method rules could never apply), and the choice is saved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../engine/index.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();

describe.skipIf(!chrome)('organisation country in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage();
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('offers every country and saves Cyprus', async () => {
    await page.goto(`${stack.productUrl}/admin/settings`);
    await page.getByRole('button', { name: 'Edit settings' }).click();
    const country = page.getByLabel('Country');
    expect(await country.locator('option').count()).toBe(COUNTRY_CODES.length);
    await country.selectOption({ label: 'Cyprus' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    const row = page.locator('.detail-item', { hasText: 'Country' });
    expect(await row.textContent()).toContain('Cyprus');

    await page.reload();
    await page.getByRole('button', { name: 'Edit settings' }).click();
    expect(await page.getByLabel('Country').inputValue()).toBe('CY');
  });
});
