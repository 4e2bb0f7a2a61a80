/*
 * Issue 16's families, as the demo parent (Sam, with Mia and Leo) and organiser meet them in
 * Chromium: Mia is booked on the football club in one checkout, Leo in a second one, and the
 * second basket, its confirmation and the organiser's booking page show the "Siblings save"
 * discount; then Sam puts both children on the football waitlist together, two places free up,
 * and the organiser's "Offer free places" offers them together, with deadlines in the daytime.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedParts } from '../engine/index.ts';
import {
  type ApiInit,
  callApi,
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';

describe.skipIf(!chrome)('families (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let widget: Locator;
  const errors: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 500) errors.push(`${response.url()}: ${response.status()}`);
    });
    widget = page.locator('classwise-widget');
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const call = <T>(path: string, init: ApiInit = {}) => callApi<T>(stack, path, init);

  async function openFootball() {
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).click();
    await widget.getByRole('button', { name: 'Book now' }).click();
  }

  /** One child on a Pay-as-you-go session (the second Saturday), up to the basket. */
  async function bookOneSession(child: string, other: string) {
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor();
    await widget.getByRole('checkbox', { name: other }).uncheck();
    await widget.getByRole('checkbox', { name: child }).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Pay as you go/ }).check();
    const boxes = widget
      .getByRole('group', { name: `Sessions for ${child}` })
      .getByRole('checkbox');
    await boxes.nth(1).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
  }

  async function payByVoucher() {
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await widget.getByRole('radio', { name: 'Childcare voucher: Tax-Free Childcare' }).check();
    await widget.getByRole('button', { name: 'Place booking' }).click();
    await widget.getByRole('heading', { name: /Booking (received|confirmed)/ }).waitFor();
    return (await widget.locator('.cw-step').textContent()) ?? '';
  }

  it('a sibling discount applies to the second checkout, and every screen shows it', async () => {
    await page.goto(stack.demoUrl);
    await openFootball();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    await widget.getByLabel('Email').fill('parent@example.com');
    await widget.getByLabel('Password').fill('classwise-parent');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();

    // First checkout: Mia alone pays full price.
    await bookOneSession('Mia Parent', 'Leo Parent');
    const totals = widget.locator('.cw-totals');
    await expect.poll(() => totals.textContent()).toContain('£9.50');
    expect(await totals.textContent()).not.toContain('Siblings save');
    const first = await payByVoucher();
    expect(first).toContain('£9.50');
    expect(first).not.toContain('Siblings save');

    // Second checkout, later: Leo gets the sibling discount because Mia is booked.
    await page.goto(stack.demoUrl);
    await openFootball();
    await bookOneSession('Leo Parent', 'Mia Parent');
    await expect.poll(() => totals.textContent()).toContain('Siblings save');
    const basket = (await totals.textContent()) ?? '';
    expect(basket).toContain('Leo Parent: a brother or sister is already booked');
    expect(basket).toContain('−£0.95');
    expect(basket).toContain('£8.55');
    const second = await payByVoucher();
    expect(second).toContain('Siblings save');
    expect(second).toContain('£8.55');
    const bookingNumber = second.match(/Booking number ([0-9A-F]{8})/)?.[1];
    expect(bookingNumber).toBeDefined();

    // The organiser's booking page shows the same discount line.
    const admin = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    admin.on('pageerror', (error) => errors.push(`dashboard: ${error.message}`));
    await signInToDashboard(admin, stack.productUrl);
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bookings' })
      .click();
    await admin.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search bookings' }).fill(bookingNumber!);
    await admin.keyboard.press('Enter');
    const row = admin.getByRole('row', { name: /For Leo Parent/ });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('link').click();
    await admin.getByRole('heading', { name: /^Booking / }).waitFor();
    await admin.getByText('Siblings save', { exact: false }).first().waitFor();
    expect(await admin.locator('main').textContent()).toContain(
      'Leo Parent: a brother or sister is already booked',
    );
    await admin.close();
    expect(errors).toEqual([]);
  });

  it('brothers and sisters wait together and are offered places together', async () => {
    const groups = await call<
      { _id: string; name: string; activities: { _id: string; placesLeft: number | null }[] }[]
    >('/api/activity-groups/full-list');
    const football = groups.find((g) => g.name === FOOTBALL)!;
    await page.evaluate(
      (id) =>
        (window as unknown as { Classwise: (...a: unknown[]) => void }).Classwise('open', {
          activityGroup: id,
        }),
      football._id,
    );
    await widget.getByRole('button', { name: 'Join waitlist' }).click();
    await widget.getByRole('heading', { name: `Join the waitlist: ${FOOTBALL}` }).waitFor();
    await widget.getByLabel('Attendee').selectOption({ label: 'Mia Parent' });
    const together = widget.getByRole('group', { name: 'Brothers and sisters joining too' });
    // On a phone the form fits the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await together.getByRole('checkbox', { name: 'Leo Parent' }).waitFor();
    expect(
      await widget.evaluate((host) => {
        const root = host.shadowRoot!.querySelector('.cw-form') as HTMLElement;
        return root.scrollWidth <= root.clientWidth && root.getBoundingClientRect().right <= 390;
      }),
    ).toBe(true);
    await page.screenshot({ path: '/tmp/family/waitlist-phone.png' });
    await together.getByRole('checkbox', { name: 'Leo Parent' }).check();
    await widget.getByRole('button', { name: 'Join waitlist' }).click();
    await widget.getByText('You have joined the waitlist.', { exact: false }).waitFor();

    // Two places free up on the booked-out tournament (the organiser adds two).
    const full = football.activities.find((s) => s.placesLeft === 0)!;
    await stack.db
      .updateTable('activities')
      .set((eb) => ({ place_limit: eb('place_limit', '+', 2) }))
      .where('id', '=', full._id)
      .execute();

    const admin = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    admin.on('pageerror', (error) => errors.push(`dashboard: ${error.message}`));
    await signInToDashboard(admin, stack.productUrl);
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Waitlists' })
      .click();
    await admin.getByRole('heading', { name: 'Waitlists', level: 1 }).waitFor();
    await admin.getByLabel('Activity').selectOption({ label: FOOTBALL });
    const rows = admin.getByRole('row').filter({ hasText: 'With siblings' });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await admin.getByRole('button', { name: 'Offer free places' }).click();
    await admin.getByText('Offered 2 places (1 family together).').waitFor();
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: '/tmp/family/offer-phone.png', fullPage: true });
    const ready = admin.getByRole('row').filter({ hasText: 'With siblings' }).filter({
      hasText: 'Ready',
    });
    await expect.poll(() => ready.count(), { timeout: 15_000 }).toBe(2);
    await admin.close();

    // Both offers run out in the organiser's daytime, never overnight.
    const token = await page.evaluate(
      (client) => localStorage.getItem(`classwise:${client}:token`),
      stack.clientId,
    );
    const mine = await call<{ status: string; offerExpiresAt: string | null; familyId: string }[]>(
      '/api/waitlists',
      { token: token! },
    );
    const offers = mine.filter((e) => e.status === 'Ready');
    expect(offers).toHaveLength(2);
    expect(offers[0].familyId).toBe(offers[1].familyId);
    for (const o of offers) {
      const { time } = zonedParts(Date.parse(o.offerExpiresAt!), 'Europe/London');
      expect(time >= '08:00' && time < '22:00').toBe(true);
    }
    expect(errors).toEqual([]);
  });
});
