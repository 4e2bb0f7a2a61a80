/*
 * Issue 11 items 5 and 6, as a parent on the demo organiser page: the basket refuses a wrong
 * discount code where it was typed (the field says why, 'Continue to payment' waits until it is
 * fixed or removed); reaching the payment step holds the places for every method with the
 * countdown (other parents see one place fewer), Back gives them up, and a childcare-voucher
 * booking keeps them awaiting payment, with the deadline in My bookings.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();
const CAMP = 'Half-Term Multi-Sports Camp';

interface PublicGroup {
  _id: string;
  name: string;
  activities: { _id: string; date: string; placesLeft: number | null }[];
}

describe.skipIf(!chrome)('holding places at the payment step', () => {
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

  /** Places left on the camp's Monday, as any visitor's listing reads them. */
  async function mondayPlacesLeft() {
    const response = await fetch(`${stack.productUrl}/api/activity-groups/full-list`, {
      headers: { 'X-Client-Id': stack.clientId },
    });
    const list = ((await response.json()) as { data: PublicGroup[] }).data;
    const camp = list.find((g) => g.name === CAMP)!;
    return [...camp.activities].sort((a, b) => a.date.localeCompare(b.date))[0]!.placesLeft;
  }

  it('refuses a wrong code at the basket, holds the places from the payment step, and keeps a voucher booking awaiting payment', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 500) errors.push(`${response.url()}: ${response.status()}`);
    });
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    await widget.getByRole('button', { name: `Book ${CAMP}` }).click({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByLabel('Email').fill('parent@example.com');
    await widget.getByLabel('Password').fill('classwise-parent');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('radio', { name: /Day ticket/ }).check();
    await widget
      .getByRole('group', { name: 'Sessions for Mia Parent' })
      .getByRole('checkbox')
      .first()
      .check();
    await widget.getByRole('button', { name: 'Continue' }).click();

    // Item 6: a wrong code is refused under the field, and the basket cannot go on with it.
    const toPayment = widget.getByRole('button', { name: 'Continue to payment' });
    await expect.poll(() => toPayment.isEnabled(), { timeout: 15_000 }).toBe(true);
    const code = widget.getByLabel('Discount code');
    await code.fill('NOSUCHCODE');
    await widget.getByRole('button', { name: 'Apply' }).click();
    const refused = widget.locator('#cw-code-error');
    await expect
      .poll(() => refused.textContent(), { timeout: 15_000 })
      .toBe('This code is not valid.');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await toPayment.isDisabled()).toBe(true);
    await widget.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => toPayment.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await refused.count()).toBe(0);

    // Item 5: the payment step holds the place before any method is chosen, with the countdown.
    const before = await mondayPlacesLeft();
    await toPayment.click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => widget.locator('.cw-hold').textContent())
      .toMatch(/Your places are held for 1[45]:\d\d\./);
    await expect.poll(mondayPlacesLeft).toBe((before ?? 0) - 1);
    // Going back gives the place up at once.
    await widget.getByRole('button', { name: 'Back' }).click();
    await toPayment.waitFor();
    await expect.poll(mondayPlacesLeft).toBe(before);

    // A voucher booking keeps the place awaiting payment, until the organiser's deadline.
    await toPayment.click();
    await widget.getByRole('radio', { name: 'Childcare voucher: Tax-Free Childcare' }).check();
    expect(await mondayPlacesLeft()).toBe((before ?? 0) - 1);
    await widget.getByRole('button', { name: 'Place booking' }).click();
    await widget.getByRole('heading', { name: 'Booking received' }).waitFor({ timeout: 15_000 });
    await widget
      .getByText('Your places are booked; the organiser confirms once your payment arrives.')
      .waitFor();
    expect(await mondayPlacesLeft()).toBe((before ?? 0) - 1);
    const number = (await widget
      .getByText(/^Booking number /)
      .first()
      .textContent())!.trim();
    await widget.getByRole('button', { name: 'View my bookings' }).click();
    const money = widget.getByRole('region', { name: new RegExp(number) });
    await expect
      .poll(() => money.textContent(), { timeout: 15_000 })
      .toMatch(/Please pay by .+; unpaid by then, the places are released\./);
    expect(errors).toEqual([]);
    await page.close();
  });
});
