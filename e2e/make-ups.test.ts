import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * Absences and make-ups in Chromium (docs/rules/make-ups.md): the organiser sets the make-up
 * rule in Settings (a bad number refused with the engine's message); the demo parent opens My
 * bookings in the widget on a phone, reports Leo absent from the camp's Monday (a day's notice
 * earns a credit), and spends the credit on the camp's Friday; the organiser's register for Monday lists Leo as reported absent with a credit, and Friday's
 * register shows Leo as a make-up.
 */

const chrome = chromiumOrSkip();
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };
const CAMP = 'Half-Term Multi-Sports Camp';

interface Group {
  _id: string;
  name: string;
  tickets: { _id: string; name: string }[];
  activities: { _id: string; date: string }[];
}

describe.skipIf(!chrome)('absences and make-ups in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let monday: string;
  let friday: string;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    // Leo's Monday at the camp, booked with a childcare voucher.
    const parent = await callApi<{ token: string }>(stack, '/api/auth/login', { body: PARENT });
    const children = await callApi<{ _id: string; name: string }[]>(stack, '/api/user/attendees', {
      token: parent.token,
    });
    const groups = await callApi<Group[]>(stack, '/api/activity-groups/full-list');
    const camp = groups.find((g) => g.name === CAMP)!;
    const days = [...camp.activities].sort((a, b) => a.date.localeCompare(b.date));
    monday = days[0]!._id;
    friday = days[4]!._id;
    const options = await callApi<{ childcareVoucherProviders: { _id: string }[] }>(
      stack,
      '/api/bookings/payment-options',
    );
    await callApi(stack, '/api/bookings', {
      token: parent.token,
      body: {
        activityGroups: [
          {
            activityGroup: camp._id,
            items: [
              {
                ticket: camp.tickets.find((t) => t.name === 'Day ticket')!._id,
                activities: [monday],
                attendees: [children.find((c) => c.name === 'Leo Parent')!._id],
              },
            ],
          },
        ],
        paymentMethod: {
          type: 'childcareVoucher',
          childcareVoucherProvider: options.childcareVoucherProviders[0]!._id,
        },
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a parent reports an absence, earns a credit and books a make-up; the registers show both', async () => {
    // The organiser's rule, in Settings › Make-ups (the demo has make-ups on).
    const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDashboard(desk, stack.productUrl);
    await desk.goto(`${stack.productUrl}/admin/settings`);
    const on = desk.getByLabel('Reported absences earn a make-up');
    await on.waitFor({ timeout: 15_000 });
    expect(await on.isChecked()).toBe(true);
    await desk.getByLabel('Make-ups per term').fill('53');
    await desk.getByRole('button', { name: 'Save make-ups' }).click();
    await desk.getByText('Make-ups per term can be at most 52').waitFor();
    await desk.getByLabel('Make-ups per term').fill('3');
    await desk.getByLabel('Notice (hours before the session)').fill('24');
    await desk.getByRole('button', { name: 'Save make-ups' }).click();
    await desk.getByText('The make-up rule is saved.').waitFor();

    // The parent, on a phone.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    phone.on('pageerror', (e) => errors.push(e.message));
    await phone.goto(stack.demoUrl);
    const widget = phone.locator('classwise-widget').first();
    await widget.getByRole('button', { name: 'My bookings' }).click({ timeout: 15_000 });
    await widget.getByLabel('Email').fill(PARENT.email);
    await widget.getByLabel('Password').fill(PARENT.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'My bookings' }).waitFor();

    const report = widget.getByRole('button', { name: new RegExp(`^Report absence: ${CAMP}`) });
    await expect.poll(() => report.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await report.first().click();
    const panel = widget.getByRole('region', { name: 'Report absence' });
    await panel.getByText(/^Earns a make-up credit, to use by /).waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Report absence' }).click();
    await widget
      .getByText(/^Absence reported\. Leo Parent has a make-up credit to use by /)
      .waitFor({ timeout: 15_000 });

    // The credit, in My bookings, books the Friday with room, at no charge.
    const credits = widget.getByRole('region', { name: 'Absences and make-ups' });
    await credits.getByText(/^Make-up credit: use by /).waitFor({ timeout: 15_000 });
    await credits.getByRole('button', { name: 'Book a make-up for Leo Parent' }).click();
    const picker = credits.getByRole('region', { name: 'Book a make-up' });
    await picker.getByText('Choose a session with room. The make-up place is free.').waitFor();
    const sessions = picker.getByRole('button', { name: /^Book make-up: / });
    await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(4);
    await sessions.last().click();
    await widget.getByText(/^Make-up booked for Leo Parent: /).waitFor({ timeout: 15_000 });
    await credits.getByText(/^Make-up booked: /).waitFor();
    expect(errors).toEqual([]);
    await phone.close();

    // The organiser's registers.
    await desk.goto(`${stack.productUrl}/admin/registers/${monday}`);
    const absent = desk.getByRole('region', { name: 'Reported absent' });
    await absent.waitFor({ timeout: 15_000 });
    expect(await absent.textContent()).toContain('Leo Parent');
    expect(await absent.textContent()).toContain('Make-up credit');
    expect(await desk.locator('.register-child-name', { hasText: 'Leo Parent' }).count()).toBe(0);

    await desk.goto(`${stack.productUrl}/admin/registers/${friday}`);
    const leo = desk.locator('.register-child', { hasText: 'Leo Parent' });
    await leo.waitFor({ timeout: 15_000 });
    expect(await leo.locator('.register-child-name').textContent()).toContain('Make-up');
    await desk.close();
  });
});
