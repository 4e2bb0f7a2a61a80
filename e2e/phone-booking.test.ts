import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../api-client/index.ts';
import { messages } from '../engine/index.ts';
import { newCustomerMessages } from '../engine/schemas/new-customer.ts';
import {
  chromiumOrSkip,
  DEMO_ADMIN,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * A new family books by phone, from scratch (docs/rules/phone-bookings.md): from Bookings, 'New
 * booking', 'New customer' (first with an e-mail the club already has, which offers that
 * customer instead), then the football term, 'Create attendee' for the child on the ticket,
 * pay later, OK: the booking's page. The parent has no password; 'Forgot password' lets them in.
 */

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';

describe.skipIf(!chrome)('a phone booking for a new family in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let adminToken: string;

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${stack.productUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-client-id': stack.clientId,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    adminToken = (await call('POST', '/api/auth/login', DEMO_ADMIN)).body.data.token;
    // The club asks every parent for a phone number.
    const field = await call(
      'POST',
      '/api/fields',
      { title: 'Phone', type: 'phone', usage: 'user', required: true },
      adminToken,
    );
    expect(field.status, JSON.stringify(field.body)).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('adds the parent inside the booking flow, offering the existing customer for a known e-mail', async () => {
    await signInToDashboard(page, stack.productUrl);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bookings' })
      .click();
    await page.getByRole('link', { name: 'New booking' }).click();
    await page.getByRole('heading', { name: 'New booking', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    await dialog.getByLabel('Phone').waitFor();

    await dialog.getByRole('button', { name: 'Save' }).click();
    const error = (label: string) =>
      dialog.locator('.form-field', { hasText: label }).locator('.field-error');
    await error('Full name').waitFor();
    expect(await error('Full name').textContent()).toBe(messages.required);
    expect(await error('Phone').textContent()).toBe(messages.requiredAttendeeField);

    await dialog.getByLabel('Full name').fill('Dana Hill');
    await dialog.getByLabel('Email').fill('PARENT@example.com');
    await dialog.getByLabel('Phone').fill('07700 900123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(newCustomerMessages.emailExists).waitFor();
    await dialog.getByRole('button', { name: 'Choose Sam Parent' }).waitFor();

    await dialog.getByLabel('Email').fill('dana.hill@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(newCustomerMessages.created('Dana Hill')).waitFor();
    expect(await page.getByRole('radio', { name: 'Book for Dana Hill' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Booking on behalf of Dana Hill (dana.hill@example.com).').waitFor();
  });

  it('creates the child from the ticket, books a football session with pay later', async () => {
    await page.getByRole('searchbox', { name: 'Search activities' }).fill('football');
    await page.getByRole('radio', { name: `Select ${FOOTBALL}` }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    const card = page.locator('section.card', {
      has: page.getByRole('heading', { name: 'Pay as you go', exact: true }),
    });
    await card.getByText(messages.userHasNoAttendees).waitFor();
    await card.getByRole('button', { name: 'Create attendee for Pay as you go' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create attendee' });
    await dialog.getByLabel('First name').fill('Ava');
    await dialog.getByLabel('Last name').fill('Hill');
    await dialog.getByLabel('Date of birth').fill('2018-03-09');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The new child is set on the ticket it was created from.
    const ava = card.getByRole('checkbox', { name: 'Ava Hill' });
    await ava.waitFor();
    expect(await ava.isChecked()).toBe(true);
    await card.getByRole('group', { name: 'Sessions' }).getByRole('checkbox').first().check();

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Booking for Dana Hill' }).waitFor();
    await page.getByRole('radio', { name: 'Pay later' }).check();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(
      (url) => /^\/admin\/bookings\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    await page.getByRole('heading', { name: /^Booking / }).waitFor();
    await page.getByText('Ava Hill').first().waitFor();
    await page.getByRole('link', { name: 'Dana Hill' }).waitFor();
  });

  it('finds the family by phone afterwards; the parent has no password until they reset it', async () => {
    const found = await call(
      'GET',
      `/api/users?filters=${encodeURIComponent(JSON.stringify({ search: '07700 900123' }))}`,
      undefined,
      adminToken,
    );
    expect(found.body.data.map((u: User) => u.fullName)).toEqual(['Dana Hill']);
    const login = await call('POST', '/api/auth/login', {
      email: 'dana.hill@example.com',
      password: 'anything-at-all',
    });
    expect(login.status).toBe(401);
    const forgot = await call('POST', '/api/auth/forgot-password', {
      email: 'dana.hill@example.com',
    });
    expect(forgot.status).toBe(200);
  });
});
