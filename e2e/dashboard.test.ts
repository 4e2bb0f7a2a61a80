import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRange } from '../dashboard/src/components/Pagination.tsx';
import { formatCivilDate } from '../dashboard/src/lib/format.ts';
import { planName } from '../dashboard/src/lib/plan.ts';
import { isCurrent } from '../dashboard/src/navigation.tsx';
import { messages } from '../engine/index.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

/*
 * The dashboard as an organiser meets it: signed out → login (with its errors) → the real
 * settings, attendee fields and embed code of the seeded demo club → sign out.
 */

const chrome = chromiumOrSkip();
const ADMIN = { email: 'admin@example.com', password: 'classwise-admin' };

describe.skipIf(!chrome)('dashboard shell in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.productUrl,
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const visible = (text: string | RegExp) =>
    page
      .getByText(text, { exact: typeof text === 'string' })
      .first()
      .waitFor();
  const path = () => new URL(page.url()).pathname;

  it('sends a signed-out visitor to the login, which checks its fields and the password', async () => {
    await page.goto(`${stack.productUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    expect(path()).toBe('/admin/login');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('.field-error').allTextContents()).resolves.toEqual([
      messages.required,
      messages.required,
    ]);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(messages.invalidCredentials);
    expect(path()).toBe('/admin/login');
  });

  it('signs in and returns to the screen asked for, with the real client settings', async () => {
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Organisation settings' }).waitFor();
    expect(path()).toBe('/admin/settings');

    await visible('Demo Sports Club');
    for (const value of ['GBP', 'Europe/London', 'United Kingdom', 'dd/MM/yyyy', stack.clientId]) {
      await visible(value);
    }
    const plan = page.locator('.detail-item', { hasText: 'Plan' }).locator('.badge');
    expect(await plan.textContent()).toBe('Premium');
  });

  it('edits the organisation settings with the engine’s messages', async () => {
    await page.getByRole('button', { name: 'Edit settings' }).click();
    const hold = page.getByLabel('Place hold (minutes)');
    await hold.fill('3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible('Enter a whole number of minutes from 5 to 60.');
    // The demo club has activities, so its currency is locked.
    expect(await page.getByLabel('Currency').isDisabled()).toBe(true);

    await hold.fill('20');
    await page.getByLabel('Allow parents to pay later').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible('Settings saved.');
    const holdRow = page.locator('.detail-item', { hasText: 'Place hold' });
    expect(await holdRow.textContent()).toContain('20 minutes');
    const payLater = page.locator('.detail-item', { hasText: 'Pay later' });
    expect(await payLater.textContent()).toContain('Allowed');

    await page.getByRole('link', { name: 'Compare plans' }).click();
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    const current = page.locator('th[aria-current="true"]');
    expect(await current.textContent()).toBe('Premium (current)');
    await page.getByRole('link', { name: 'Organisation' }).click();
    await page.getByRole('heading', { name: 'Organisation settings' }).waitFor();
  });

  it('links only to screens that exist', async () => {
    const links = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      await page.goto(href);
      await page.locator('h1').waitFor();
      expect(await page.locator('h1').textContent()).not.toBe('Page not found');
    }
  });

  it('lists the attendee fields through the shared table, skeleton rows first', async () => {
    // Hold the fields request so the loading state can be seen: docs/rules/constants.md "Table
    // skeleton 5 rows".
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/fields?**', async (route) => {
      await held;
      // The page may have moved on and dropped the request; nothing is left to continue then.
      await route.continue().catch(() => {});
    });
    // A fresh page load: nothing cached, so the table must wait for the held request.
    await page.goto(`${stack.productUrl}/admin/settings/fields?usage=attendee`);
    await page.getByTestId('skeleton-row').first().waitFor();
    expect(await page.getByTestId('skeleton-row').count()).toBe(5);
    release();
    await visible('Medical notes');
    await page.unroute('**/api/fields?**');
    const coach = page.getByRole('row', { name: /Coach notes/ });
    expect(await coach.locator('.badge').allTextContents()).toContain('Admin only');
    const medical = page.getByRole('row', { name: /Medical notes/ });
    expect(await medical.locator('.badge').allTextContents()).not.toContain('Admin only');
    expect(await page.locator('.pagination-summary').textContent()).toMatch(
      /^Showing 1 to \d+ of \d+ results$/,
    );
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  });

  it('opens a field in a modal that Escape closes after the close delay', async () => {
    await page.getByRole('button', { name: 'Medical notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Medical notes' });
    await dialog.waitFor();
    await dialog.getByText('Allergies, conditions or medication').waitFor();
    await page.keyboard.press('Escape');
    // Still on screen while it animates out (300 ms), then gone.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    expect(
      await page
        .getByRole('button', { name: 'Medical notes' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('shows the embed code for this client and copies it', async () => {
    await page.getByRole('link', { name: 'Embed code' }).click();
    const code = page.getByLabel('Embed code', { exact: true });
    await code.waitFor();
    const text = await code.inputValue();
    expect(text).toContain(`client="${stack.clientId}"`);
    expect(text).toContain(`src="${stack.productUrl}/embed.js"`);

    await page.getByLabel('Template').selectOption('Seamless');
    await page.getByLabel('Button display').selectOption('full width');
    const changed = await code.inputValue();
    expect(changed).toContain('template="Seamless"');
    expect(changed).toContain('button-display="full width"');

    // Starting views: a home tab's listing, and an activity's waitlist form.
    const show = page.getByLabel('Show');
    await show.selectOption({ label: 'Home tab: Football' });
    expect(await code.inputValue()).toContain('tab="football"');
    await show.selectOption({ label: 'Waitlist form: Half-Term Multi-Sports Camp' });
    expect(await code.inputValue()).toMatch(/waitlist="[0-9a-f]{24}"/);
    await show.selectOption({ label: 'All activities' });
    // Two forms on one page each need a name of their own to be opened by.
    await page.getByLabel('Widget name (optional)').fill('camps');
    expect(await code.inputValue()).toContain('name="camps"');
    await page.getByLabel('Widget name (optional)').fill('');
    expect(await code.inputValue()).not.toContain('name="camps"');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(changed);
  });

  it('signs out, and the dashboard asks for the login again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    await page.goto(`${stack.productUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    expect(path()).toBe('/admin/login');
  });
});

// The dashboard's pure helpers. They live here because vitest's projects (vite.config.ts) do not
// collect tests under dashboard/; these need no browser.
describe('dashboard helpers', () => {
  it('numbers the rows of a page for "Showing x to y of z results"', () => {
    expect(pageRange({ page: 1, pageSize: 10, total: 6 })).toEqual({ from: 1, to: 6 });
    expect(pageRange({ page: 2, pageSize: 10, total: 15 })).toEqual({ from: 11, to: 15 });
    expect(pageRange({ page: 1, pageSize: 10, total: 0 })).toEqual({ from: 0, to: 0 });
  });

  it('names plans by level', () => {
    expect([0, 9, 10, 19, 20, 30].map(planName)).toEqual([
      'Starter',
      'Starter',
      'Standard',
      'Standard',
      'Premium',
      'Premium',
    ]);
  });

  it("shows civil dates in the client's format", () => {
    expect(formatCivilDate('2026-03-07', 'dd/MM/yyyy')).toBe('07/03/2026');
    expect(formatCivilDate('2026-03-07', 'MM/dd/yyyy')).toBe('03/07/2026');
    expect(formatCivilDate('2026-03-07', 'd MMM yyyy')).toBe('7 Mar 2026');
  });

  it('marks the current nav item by path and by the query it names', () => {
    const fields = '/settings/fields?usage=attendee';
    expect(isCurrent(fields, { pathname: '/settings/fields', search: '?usage=attendee' })).toBe(
      true,
    );
    expect(isCurrent(fields, { pathname: '/settings/fields', search: '?usage=activity' })).toBe(
      false,
    );
    expect(isCurrent('/settings', { pathname: '/settings/fields', search: '' })).toBe(false);
    expect(isCurrent('/', { pathname: '/', search: '' })).toBe(true);
  });
});
