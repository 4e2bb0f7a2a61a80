/*
 * A parent who knows their child's school year, not their age in months, narrows the demo
 * organiser's listing with the "School year" filter. The demo's football club takes Years 1–5,
 * the swim club ages 4–7 and the camp ages 5–11 (scripts/seed.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();

const FOOTBALL = 'Junior Football – Spring Term';
const CAMP = 'Half-Term Multi-Sports Camp';
const SWIM = 'Little Dippers Swim Club';

describe.skipIf(!chrome)('the listing filtered by school year', () => {
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

  it('keeps the activities a Year 3 or a Year 6 child can join, and shows the years on the card', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    const titles = () => widget.locator('.cw-card h3, .cw-card h2').allTextContents();
    await expect
      .poll(titles, { timeout: 15_000 })
      .toEqual(expect.arrayContaining([FOOTBALL, CAMP, SWIM]));

    const football = widget.locator('.cw-card').filter({ hasText: FOOTBALL });
    expect((await football.textContent())?.replaceAll('\u2060', '')).toContain('Years 1–5');

    const filter = widget.getByLabel('School year');
    // Year 6 children are 10 or 11: past the swim club's ages and the football club's years.
    await filter.selectOption({ label: 'Year 6' });
    await expect.poll(titles).toEqual([CAMP]);

    // Year 3 children are 7 or 8: every demo activity takes them.
    await filter.selectOption({ label: 'Year 3' });
    await expect.poll(async () => (await titles()).sort()).toEqual([FOOTBALL, CAMP, SWIM].sort());

    await filter.selectOption({ label: 'All years' });
    await expect.poll(async () => (await titles()).length).toBe(3);
    expect(errors).toEqual([]);
    await page.close();
  });
});
