/*
 * The widget's listing a page at a time (issue 18): an organiser with 25 published activities
 * shows the first 10 cards, and more as the parent scrolls; without IntersectionObserver the
 * "Show more activities" button does it, by keyboard, with focus on the first new card.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrSkip, DEMO_ADMIN, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();
const EXTRA = 22;

describe.skipIf(!chrome)('the listing loads more as the parent scrolls', () => {
  let stack: Stack;
  let browser: Browser;
  let names: string[];

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const { data: session } = (await login.json()) as { data: { token: string } };
    for (let n = 1; n <= EXTRA; n++) {
      const created = await fetch(`${stack.productUrl}/api/activity-groups`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
        body: JSON.stringify({
          name: `Extra Club ${String(n).padStart(2, '0')}`,
          activities: [{ _id: 'temp_s', date: '2031-05-05', startTime: '16:00', endTime: '17:00' }],
          tickets: [{ _id: 'temp_t', type: 'single', name: 'Session', price: '8' }],
          addOns: [],
        }),
      });
      expect(created.status).toBe(201);
    }
    const list = await fetch(`${stack.productUrl}/api/activity-groups/full-list`, {
      headers: { 'X-Client-Id': stack.clientId },
    });
    names = ((await list.json()) as { data: { name: string }[] }).data.map((g) => g.name);
    expect(names.length).toBe(EXTRA + 3);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function open(withObserver: boolean) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    const pages: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The first page comes from /api/widget-start (started by the loader) or the listing route.
    page.on('request', (request) => {
      if (/\/api\/(activity-groups\/listing|widget-start)/.test(request.url())) {
        pages.push(request.url());
      }
    });
    if (!withObserver) {
      await page.addInitScript(() => {
        // An old browser: the button is the only way on.
        delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      });
    }
    await page.goto(stack.demoUrl);
    return { page, errors, pages };
  }

  const cards = (page: Page) =>
    page.locator('classwise-widget').locator('.cw-list > .cw-card:not(.cw-skel-card)');
  const titles = (page: Page) => cards(page).locator('h3').allTextContents();

  it('shows the first ten, then the next pages as the parent scrolls, in the same order', async () => {
    const { page, errors, pages } = await open(true);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(10);
    expect(pages).toHaveLength(1);

    await cards(page).last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(20);
    await cards(page).last().scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(EXTRA + 3);
    expect(await titles(page)).toEqual(names);
    // The last page reached: nothing more to offer, nothing more asked for.
    const widget = page.locator('classwise-widget');
    expect(await widget.getByRole('button', { name: 'Show more activities' }).count()).toBe(0);
    expect(pages).toHaveLength(3);
    expect(pages.filter((url) => url.includes('cursor='))).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers a Show more button that works by keyboard and moves focus to the first new card', async () => {
    const { page, errors } = await open(false);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(10);
    const more = page
      .locator('classwise-widget')
      .getByRole('button', { name: 'Show more activities' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(20);
    // Focus is on the eleventh card's Book button, so the parent reads on from there.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document
              .querySelector('classwise-widget')
              ?.shadowRoot?.activeElement?.getAttribute('aria-label') ?? null,
        ),
      )
      .toBe(`Book ${names[10]}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
