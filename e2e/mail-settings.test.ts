import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSettingsMessages } from '../engine/index.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

/*
 * The organiser's e-mail settings in Settings (issue 12): sender name, reply-to and the session
 * reminder switch, checked with the engine's messages and saved to the server.
 */

const chrome = chromiumOrSkip();
const ADMIN = { email: 'admin@example.com', password: 'classwise-admin' };

describe.skipIf(!chrome)('e-mail settings in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const row = (label: string) => page.locator('.detail-item', { hasText: label }).textContent();

  it('sets the sender name, reply-to and session reminders', async () => {
    await page.goto(`${stack.productUrl}/admin/settings`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Edit settings' }).click();

    await page.getByLabel('Reply-to address').fill('not an address');
    await page.getByLabel('Session reminder (hours before)').fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(mailSettingsMessages.replyToInvalid);
    await visible(mailSettingsMessages.sessionReminderHoursRange);

    await page.getByLabel('Sender name').fill('Demo Club Office');
    await page.getByLabel('Reply-to address').fill('office@demo-club.test');
    await page.getByLabel('Session reminder (hours before)').fill('48');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible('Settings saved.');
    expect(await row('E-mail sender name')).toContain('Demo Club Office');
    expect(await row('E-mail reply-to')).toContain('office@demo-club.test');
    expect(await row('Session reminders')).toContain('48 hours before');

    await page.getByRole('button', { name: 'Edit settings' }).click();
    await page.getByLabel('Remind parents before their sessions').uncheck();
    expect(await page.getByLabel('Session reminder (hours before)').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible('Settings saved.');
    expect(await row('Session reminders')).toContain('Off');

    const saved = await fetch(`${stack.productUrl}/api/client`, {
      headers: { 'x-client-id': stack.clientId },
    }).then((r) => r.json());
    expect(saved.data).toMatchObject({
      senderName: 'Demo Club Office',
      replyTo: 'office@demo-club.test',
      sessionReminders: false,
      sessionReminderHours: 48,
    });
  });
});
