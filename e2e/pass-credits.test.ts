/*
 * A parent with session-pass credits sees how many they have left in the widget's basket, next
 * to 'Use my session pass credits', and spending one covers the session. The organiser makes a
 * pass for the football term and gives the parent three credits through the API the dashboard
 * uses; the parent books a pay-as-you-go session on the demo organiser page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiInit,
  callApi,
  chromiumOrSkip,
  launchChromium,
  type Stack,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';

describe.skipIf(!chrome)('session-pass credits in the widget basket (Chromium)', () => {
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

  const api = <T>(path: string, init: ApiInit = {}) => callApi<T>(stack, path, init);

  it('shows the credits left and spends one on a pay-as-you-go session', async () => {
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'classwise-admin' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const groups = await api<{ _id: string; name: string }[]>('/api/activity-groups/full-list', {});
    const football = groups.find((g) => g.name === FOOTBALL)!;
    const pass = await api<{ _id: string }>('/api/session-passes', {
      cookie,
      body: { name: 'Football 5-pack', activityGroups: [football._id], purchaseOptions: [] },
    });

    const email = `pass-parent-${Date.now()}@example.com`;
    const parent = await api<{ token: string; user: { _id: string } }>('/api/auth/register', {
      body: {
        fullName: 'Pat Pass',
        email,
        password: 'a-long-password',
        confirmPassword: 'a-long-password',
      },
    });
    const fields = await api<{ _id: string; internalKey: string | null }[]>(
      '/api/fields?usage=attendee',
      { token: parent.token },
    );
    const key = (k: string) => fields.find((f) => f.internalKey === k)!._id;
    await api('/api/user/attendees', {
      token: parent.token,
      body: {
        fieldData: [
          { field: key('firstName'), value: 'Robin' },
          { field: key('lastName'), value: 'Pass' },
          { field: key('dateOfBirth'), value: '2018-03-01' },
        ],
      },
    });
    await api(`/api/session-passes/${pass._id}/credits`, {
      cookie,
      body: { userId: parent.user._id, credits: '3' },
    });

    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).click({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    await widget.getByLabel('Email').fill(email);
    await widget.getByLabel('Password').fill('a-long-password');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('checkbox', { name: 'Robin Pass' }).check({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Pay as you go/ }).check();
    const sessions = widget.getByRole('group', { name: 'Sessions for Robin Pass' });
    await sessions.getByRole('checkbox').nth(2).check();
    await widget.getByRole('button', { name: 'Continue' }).click();

    const use = widget.getByRole('checkbox', { name: /Use my session pass credits/ });
    await use.waitFor();
    const label = widget.locator('label.cw-check', { hasText: 'Use my session pass credits' });
    expect(await label.textContent()).toContain('Use my session pass credits (3 credits left)');
    expect(await label.textContent()).toContain('Football 5-pack: 3 left');
    const totals = widget.locator('dl.cw-totals');
    await expect.poll(() => totals.textContent()).not.toContain('Total£0.00');
    await use.check();
    await expect.poll(() => totals.textContent()).toContain('Total£0.00');
    expect(errors).toEqual([]);
    await page.close();
  });
});
