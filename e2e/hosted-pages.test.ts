/*
 * Hosted booking pages and the Embed code screen's preview (docs/rules/hosted-pages.md): an
 * organiser without a website shares /book/<client>; a parent opens it, reaches an activity, and
 * a reload keeps them there; the link preview tags name the activity. In the dashboard the
 * preview shows the real widget for the chosen view and the share link follows the choice.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';

describe.skipIf(!chrome)('hosted booking pages', () => {
  let stack: Stack;
  let browser: Browser;
  let footballId: string;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    const response = await fetch(`${stack.productUrl}/api/activity-groups/full-list`, {
      headers: { 'X-Client-Id': stack.clientId },
    });
    const { data } = (await response.json()) as { data: { _id: string; name: string }[] };
    footballId = data.find((g) => g.name === FOOTBALL)!._id;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('lets a parent book from the organiser’s hosted page, and a reload keeps the activity open', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${stack.productUrl}/book/${stack.clientId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Demo Sports Club');
    const widget = page.locator('classwise-widget');
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).click({ timeout: 15_000 });
    await widget.getByRole('heading', { name: FOOTBALL, level: 3 }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#classwise=activity/${footballId}`);
    await page.reload();
    await widget.getByRole('heading', { name: FOOTBALL, level: 3 }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/hosted-page-phone.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('describes one activity for link previews', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.productUrl}/book/${stack.clientId}/activity/${footballId}`);
    expect(await page.title()).toContain(FOOTBALL);
    const og = (name: string) => page.locator(`meta[property="${name}"]`).getAttribute('content');
    expect(await og('og:title')).toContain(FOOTBALL);
    expect(await og('og:url')).toBe(
      `${stack.productUrl}/book/${stack.clientId}/activity/${footballId}`,
    );
    await page
      .locator('classwise-widget')
      .getByRole('heading', { name: FOOTBALL, level: 3 })
      .waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('previews the widget beside the embed code and shares the chosen view', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDashboard(page, stack.productUrl);
    await page.goto(`${stack.productUrl}/admin/settings/embed-code`);
    const preview = page.locator('.embed-preview classwise-widget');
    await preview.getByRole('button', { name: `Book ${FOOTBALL}` }).waitFor({ timeout: 15_000 });
    const link = page.getByLabel('Link to your booking page');
    expect(await link.inputValue()).toBe(`${stack.productUrl}/book/${stack.clientId}`);

    await page.getByLabel('Show').selectOption({ label: FOOTBALL });
    await preview.getByRole('heading', { name: FOOTBALL, level: 3 }).waitFor();
    expect(await link.inputValue()).toBe(
      `${stack.productUrl}/book/${stack.clientId}/activity/${footballId}`,
    );
    await page.screenshot({ path: '/tmp/embed-preview.png', fullPage: true });
    await page.close();
  });
});
