import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../api-client/index.ts';
import { bookingRef } from '../dashboard/src/screens/bookings/lib.ts';
import { messages } from '../engine/index.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * An admin books on behalf of a customer (docs/rules/screens.md): from Sam Parent's page, the
 * wizard's 'Select activity' and 'Select tickets' steps, the engine's warning for Leo (5, below the
 * football's 6 to 9 years), the summary priced by the server, pay later, OK → the booking's
 * page; then the booking is in Bookings and in the parent's own "My bookings".
 */

const chrome = chromiumOrSkip();
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };
const FOOTBALL = 'Junior Football – Spring Term';

describe.skipIf(!chrome)('admin booking wizard in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let bookingId = '';

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const ticketCard = (name: string) =>
    page.locator('section.card', { has: page.getByRole('heading', { name, exact: true }) });

  it("opens the wizard from the customer's page and checks each step before moving on", async () => {
    await signInToDashboard(page, stack.productUrl);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await page.getByRole('link', { name: 'Sam Parent' }).click();
    await page.getByRole('heading', { name: 'Sam Parent', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Book for this customer' }).click();

    await page.getByRole('heading', { name: 'New booking', level: 1 }).waitFor();
    await page.getByText('Booking on behalf of Sam Parent (parent@example.com).').waitFor();
    expect(await page.locator('.step-current .step-label').textContent()).toBe('Select activity');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(messages.selectActivity).waitFor();

    await page.getByRole('searchbox', { name: 'Search activities' }).fill('football');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('radio', { name: `Select ${FOOTBALL}` }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await ticketCard('Pay as you go').waitFor();
    expect(await page.locator('.step-current .step-label').textContent()).toBe('Select tickets');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(messages.selectTicket).waitFor();
  });

  it("shows the engine's warning for Leo, prices the summary on the server and books with pay later", async () => {
    const card = ticketCard('Pay as you go');
    await card.getByRole('checkbox', { name: 'Leo Parent' }).check();
    const sessions = card.getByRole('group', { name: 'Sessions' });
    await sessions.getByRole('checkbox').first().check();
    await sessions
      .getByText(/\d+ places? left/)
      .first()
      .waitFor();
    const warning = page.getByRole('status').filter({ hasText: 'Please check before booking' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      // The spec's wording, word for word.
      'Leo Parent, Pay as you go: Please note that the attendee is outside of the age range for this activity.',
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Booking for Sam Parent' }).waitFor();
    const price = page.getByRole('table', { name: 'Price' });
    await price.getByText('£9.50').first().waitFor();
    expect(await price.getByRole('row', { name: /Total/ }).textContent()).toContain('£9.50');
    expect(await price.textContent()).toContain(`${FOOTBALL}: Pay as you go for Leo Parent`);
    // The warning stays in view where the admin confirms.
    await page.getByText(messages.ageRangeNotice).waitFor();

    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText(messages.paymentMethodRequired).waitFor();
    await page.getByRole('radio', { name: 'Pay later' }).check();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(
      (url) => /^\/admin\/bookings\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    bookingId = new URL(page.url()).pathname.split('/').pop()!;
    expect(bookingId).not.toBe('new');
    await page.getByText('Leo Parent').first().waitFor();
  });

  it('lists the new booking in Bookings, and in the parent\'s "My bookings" through the API', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bookings' })
      .click();
    const row = page.getByRole('row', { name: new RegExp(bookingRef(bookingId)) });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Sam Parent');
    expect(text).toContain('Leo Parent');
    expect(text).toContain(FOOTBALL);
    expect(text).toContain('£9.50');
    expect(text).toContain('Awaiting payment');

    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${stack.productUrl}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          'x-client-id': stack.clientId,
          ...init.headers,
        },
      });
      expect(response.status, path).toBe(200);
      return (await response.json()).data;
    };
    const { token } = await call('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify(PARENT),
    });
    const mine: Booking[] = await call('/api/bookings/mine', {
      headers: { authorization: `Bearer ${token}` },
    });
    const booked = mine.find((b) => b._id === bookingId);
    expect(booked).toMatchObject({ status: 'awaiting_payment', total: 950 });
    expect(booked?.items.map((i) => i.attendee.name)).toEqual(['Leo Parent']);
  });
  it('starts from Bookings with "New booking": the customer is chosen first, and Cancel goes back', async () => {
    // A fresh load, so the customer list is not cached: while it loads, five skeleton rows
    // (docs/rules/constants.md).
    await page.goto(`${stack.productUrl}/admin/bookings`);
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/users?**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByRole('link', { name: 'New booking' }).click();
    await page.getByRole('heading', { name: 'New booking', level: 1 }).waitFor();
    await page.getByTestId('skeleton-row').first().waitFor();
    expect(await page.getByTestId('skeleton-row').count()).toBe(5);
    release();
    await page.unroute('**/api/users?**');
    expect(await page.locator('.step-current .step-label').textContent()).toBe('Select customer');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(messages.noUserSet).waitFor();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('Sam');
    await page.getByRole('radio', { name: 'Book for Sam Parent' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Booking on behalf of Sam Parent (parent@example.com).').waitFor();
    expect(await page.locator('.step-current .step-label').textContent()).toBe('Select activity');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/bookings');
  });
});
