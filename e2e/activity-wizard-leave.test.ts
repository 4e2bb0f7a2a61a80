/*
 * The activity wizard asks before unsaved work is thrown away (docs/rules/editing-and-states.md):
 * Cancel, a sidebar link and the 'Add activity fields' link each ask 'Discard unsaved changes?',
 * Keep editing keeps the work, Discard changes goes where the organiser was going, and reloading
 * the page gets the browser's own prompt. An untouched wizard leaves without asking.
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

describe.skipIf(!chrome)('leaving the activity wizard in Chromium', () => {
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

  const discardDialog = () => page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  const sidebar = () => page.getByRole('navigation', { name: 'Main' });
  const openNewWizard = async () => {
    await page.goto(`${stack.productUrl}/admin/activities/new`);
    await page.getByRole('heading', { name: 'New activity' }).waitFor();
  };
  const path = () => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  it('leaves an untouched wizard without asking', async () => {
    await openNewWizard();
    await sidebar().getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { name: 'Bookings' }).waitFor();
    expect(path()).toBe('/admin/bookings');
    expect(await discardDialog().count()).toBe(0);
  });

  it('asks on Cancel, and Keep editing keeps the work', async () => {
    await openNewWizard();
    await page.getByLabel('Activity name').fill('Saturday Gymnastics');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await discardDialog().waitFor();
    await discardDialog().getByRole('button', { name: 'Keep editing' }).click();
    await discardDialog().waitFor({ state: 'detached' });
    expect(path()).toBe('/admin/activities/new');
    expect(await page.getByLabel('Activity name').inputValue()).toBe('Saturday Gymnastics');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await discardDialog().getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(/\/admin\/activities$/);
  });

  it("asks on a sidebar link and on 'Add activity fields', then goes there", async () => {
    await openNewWizard();
    await page.getByLabel('Activity name').fill('Saturday Gymnastics');
    await sidebar().getByRole('link', { name: 'Customers' }).click();
    await discardDialog().waitFor();
    expect(path()).toBe('/admin/activities/new');
    await discardDialog().getByRole('button', { name: 'Keep editing' }).click();
    await discardDialog().waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Add activity fields' }).first().click();
    await discardDialog().waitFor();
    expect(path()).toBe('/admin/activities/new');
    await discardDialog().getByRole('button', { name: 'Discard changes' }).click();
    await page.getByRole('heading', { name: 'Activity fields' }).waitFor();
    expect(path()).toBe('/admin/settings/fields?usage=activity');
  });

  it("asks before a reload throws the work away (the browser's prompt)", async () => {
    await openNewWizard();
    await page.getByLabel('Activity name').fill('Saturday Gymnastics');
    const prompted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss(); // stay on the page
      }),
    );
    void page.evaluate(() => window.location.reload()).catch(() => {});
    expect(await prompted).toBe('beforeunload');
    expect(await page.getByLabel('Activity name').inputValue()).toBe('Saturday Gymnastics');
  });
});
