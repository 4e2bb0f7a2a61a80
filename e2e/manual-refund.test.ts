import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../api-client/index.ts';
import { manualRefundMessages } from '../engine/refunds/manual.ts';
import {
  chromiumOrSkip,
  DEMO_ADMIN,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * A manual refund (docs/rules/refunds.md): the organiser opens a paid booking, refunds part of it
 * as account credit with a reason (the dialog first refusing no amount, no reason and too much),
 * reads it in the booking's money panel, and the parent's My bookings has it with the reason.
 */

const chrome = chromiumOrSkip();
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };

describe.skipIf(!chrome)('manual refund in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let booking: Booking;
  let call: (method: string, path: string, body?: unknown, token?: string) => Promise<any>;
  let parentToken: string;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    call = async (method, path, body, token) => {
      const response = await fetch(`${stack.productUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-client-id': stack.clientId,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
      return json.data;
    };
    // Leo's camp day (£30.00) booked with a childcare voucher, which the organiser received.
    parentToken = (await call('POST', '/api/auth/login', PARENT)).token;
    const attendees: { _id: string; name: string }[] = await call(
      'GET',
      '/api/user/attendees',
      undefined,
      parentToken,
    );
    const groups: {
      _id: string;
      name: string;
      tickets: { _id: string; name: string }[];
      activities: { _id: string }[];
    }[] = await call('GET', '/api/activity-groups/full-list');
    const camp = groups.find((g) => g.name === 'Half-Term Multi-Sports Camp')!;
    const options = await call('GET', '/api/bookings/payment-options');
    booking = await call(
      'POST',
      '/api/bookings',
      {
        activityGroups: [
          {
            activityGroup: camp._id,
            items: [
              {
                ticket: camp.tickets.find((t) => t.name === 'Day ticket')!._id,
                activities: [camp.activities[1]!._id],
                attendees: [attendees.find((a) => a.name === 'Leo Parent')!._id],
              },
            ],
          },
        ],
        paymentMethod: {
          type: 'childcareVoucher',
          childcareVoucherProvider: options.childcareVoucherProviders[0]._id,
        },
      },
      parentToken,
    );
    const admin = await call('POST', '/api/auth/login', DEMO_ADMIN);
    await call('POST', `/api/bookings/${booking._id}/mark-paid`, undefined, admin.token);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('refunds part of a paid booking as account credit, with a reason', async () => {
    await signInToDashboard(page, stack.productUrl);
    await page.goto(`${stack.productUrl}/admin/bookings/${booking._id}`);
    await page.getByRole('heading', { name: /^Booking / }).waitFor();
    const paid = page.locator('.price-breakdown div', { hasText: 'Paid' });
    await expect.poll(() => paid.textContent()).toContain('£30.00');

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByText('can be refunded on this booking').waitFor();
    expect(await dialog.textContent()).toContain('Up to £30.00');
    // A voucher payment cannot go back to a card: account credit is the one method offered.
    expect(await dialog.getByRole('radio').count()).toBe(1);
    expect(await dialog.getByRole('radio', { name: /As account credit/ }).isChecked()).toBe(true);

    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText(manualRefundMessages.amountRequired).waitFor();
    await dialog.getByText(manualRefundMessages.reasonRequired).waitFor();

    await dialog.getByLabel('Amount').fill('30.01');
    await dialog.getByLabel('Reason').fill('Session moved indoors, shorter day');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.getByText('You can refund at most £30.00 on this booking.').waitFor();

    await dialog.getByLabel('Amount').fill('12.50');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('£12.50 refunded as account credit.').waitFor();

    const refunded = page.locator('.statement-breakdown div', { hasText: 'Refunded' }).first();
    expect(await refunded.textContent()).toContain('£12.50');
    const refunds = page.getByRole('list', { name: 'Refunds' });
    expect(await refunds.textContent()).toContain('£12.50 as account credit');
    expect(await refunds.textContent()).toContain('Session moved indoors, shorter day');

    // What is left can still be refunded, and no more.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Refund' });
    await again.getByText('can be refunded on this booking').waitFor();
    expect(await again.locator('p').first().textContent()).toContain('Up to £17.50');
    await page
      .getByRole('dialog', { name: 'Refund' })
      .getByRole('button', { name: 'Cancel' })
      .click();
  });

  it("shows in the parent's My bookings with the reason", async () => {
    const mine: Booking[] = await call('GET', '/api/bookings/mine', undefined, parentToken);
    const mineBooking = mine.find((b) => b._id === booking._id)!;
    expect(mineBooking.statement.refunded).toBe(1250);
    expect(mineBooking.statement.refunds).toEqual([
      expect.objectContaining({
        amount: 1250,
        method: 'accountCredit',
        status: 'succeeded',
        reason: 'Session moved indoors, shorter day',
      }),
    ]);
  });
});
