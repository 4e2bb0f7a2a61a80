import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox, type TestInbox } from '../api/mail/testing.ts';
import { resetMessages } from '../engine/index.ts';
import { DEMO } from '../scripts/seed.ts';
import {
  chromiumOrSkip,
  DEMO_ADMIN,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * Forgot password as an organiser meets it: 'Forgot password?' on the sign-in, the e-mail
 * received over real SMTP by an in-process server, its link followed in the browser, the new
 * password signing in; then the Messages screen shows that e-mail as sent, without its link.
 */

const chrome = chromiumOrSkip();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2.1 A/AA violations on the page, one line each (as e2e/a11y). */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${JSON.stringify(n.target)}`));
}

describe.skipIf(!chrome)('password reset and Messages in Chromium', () => {
  let inbox: TestInbox;
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    inbox = await startTestInbox();
    stack = await startStack({ mail: inbox.mail.settings });
    browser = await launchChromium(chrome!);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await inbox?.close();
  });

  /** The job queue polls every few seconds: wait for the reset e-mail to arrive. */
  async function resetMail() {
    for (let i = 0; i < 60; i += 1) {
      const mail = inbox.received.find((m) => m.subject?.startsWith('Reset your'));
      if (mail) return mail;
      await new Promise((done) => setTimeout(done, 500));
    }
    throw new Error('No reset e-mail arrived');
  }

  it('resets the password from the e-mailed link', async () => {
    await page.goto(`${stack.productUrl}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe(resetMessages.linkSent);

    const mail = await resetMail();
    const link = /(http:\/\/localhost:\d+\/admin\/reset-password\?token=[\w-]+)/.exec(
      mail.text!,
    )![1]!;
    expect(new URL(link).origin).toBe(stack.productUrl);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('a fresh password');
    await page.getByLabel('Confirm new password').fill('a fresh password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      resetMessages.passwordChanged,
    );

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another one');
    await page.getByLabel('Confirm new password').fill('yet another one');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(resetMessages.linkInvalid);

    await signInToDashboard(page, stack.productUrl, {
      email: DEMO_ADMIN.email,
      password: 'a fresh password',
    });
  });

  it('shows the e-mail on the Messages screen as sent, with its link removed', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Reset your' });
    await row.waitFor();
    await expect(row.getByText('Sent', { exact: true }).count()).resolves.toBe(1);
    await row.getByRole('button', { name: /^Reset your/ }).click();
    const frame = page.frameLocator('iframe[title="Message as received"]');
    await frame.getByText('Choose a new password').first().waitFor();
    const shown = await frame.locator('body').textContent();
    expect(shown).toContain('[link removed once sent]');
    expect(shown).not.toContain('reset-password');
    expect(await page.locator('iframe[title="Message as received"]').getAttribute('sandbox')).toBe(
      '',
    );
  });

  it("lists the demo bookings' confirmations and resends one", async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const confirmations = page.getByRole('row').filter({ hasText: 'Booking number' });
    await confirmations.first().waitFor();
    const row = confirmations.first();
    const to = (await row.locator('.detail-note').first().textContent())!;
    await row.getByRole('button', { name: 'Resend confirmation' }).click();
    await expect(page.getByRole('status').first().textContent()).resolves.toContain(
      `is on its way to ${to}`,
    );
    // The new message is listed first, queued or already sent by the job.
    const newest = page.getByRole('row').nth(1);
    await newest.getByText(/^(Queued|Sent|Sending)$/).waitFor();
    await expect(newest.textContent()).resolves.toContain(to);
  });

  it("lets a parent reset from the widget's sign-in, on the hosted page, then book signed in", async () => {
    const parent = await (await browser.newContext()).newPage();
    await parent.goto(stack.demoUrl);
    const widget = parent.locator('classwise-widget').first();
    await widget.getByRole('button', { name: 'Book Junior Football – Spring Term' }).click();
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    await widget.getByRole('button', { name: 'Forgot password?' }).click();
    await widget.getByLabel('Email').fill(DEMO.parent.email);
    await widget.getByRole('button', { name: 'E-mail me a link' }).click();
    await expect(widget.getByRole('status').textContent()).resolves.toBe(resetMessages.linkSent);

    let mail: Awaited<ReturnType<typeof resetMail>> | undefined;
    for (let i = 0; i < 60 && !mail; i += 1) {
      mail = inbox.received.find(
        (m) => m.subject?.startsWith('Reset your') && m.text?.includes('/account/reset-password'),
      );
      if (!mail) await new Promise((done) => setTimeout(done, 500));
    }
    const link = /(http:\/\/localhost:\d+\/account\/reset-password\S+)/.exec(mail!.text!)![1]!;
    expect(new URL(link).origin).toBe(stack.productUrl);
    await parent.goto(link);
    await parent.getByLabel('New password', { exact: true }).fill('parent new pass');
    await parent.getByLabel('Confirm new password').fill('parent new pass');
    await parent.getByRole('button', { name: 'Save new password' }).click();
    await expect(parent.getByRole('status').textContent()).resolves.toBe(
      resetMessages.passwordChanged,
    );

    await parent.goto(stack.demoUrl);
    const again = parent.locator('classwise-widget').first();
    await again.getByRole('button', { name: 'Book Junior Football – Spring Term' }).click();
    await again.getByRole('button', { name: 'Book now' }).click();
    await again.getByLabel('Email').fill(DEMO.parent.email);
    await again.getByLabel('Password').fill('parent new pass');
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await again.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
  });

  it('passes axe on the Messages screen and its dialog, and on every reset page', async () => {
    const found: string[] = [];
    await page.goto(`${stack.productUrl}/admin/messages`);
    await page.getByRole('row').nth(1).waitFor();
    found.push(...(await audit(page, 'Messages')));
    await page.getByRole('row').nth(1).getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400);
    found.push(...(await audit(page, 'Message dialog')));
    await page.keyboard.press('Escape');

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${stack.productUrl}/admin/forgot-password`);
    await visitor.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    found.push(...(await audit(visitor, 'Forgot password')));
    await visitor.goto(`${stack.productUrl}/admin/reset-password?token=x`);
    await visitor.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    found.push(...(await audit(visitor, 'Reset password')));
    await visitor.goto(
      `${stack.productUrl}/account/reset-password?client=${stack.clientId}&token=x`,
    );
    found.push(...(await audit(visitor, 'Hosted reset page')));
    expect(found).toEqual([]);
  });
});
