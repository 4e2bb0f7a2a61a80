import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * The parent's account area (docs/rules/account.md), in Chromium: on the organiser's site the
 * parent opens My account, adds a child with the organiser's medical and consent fields, edits
 * it, saves their own details and changes the password, then signs in with the new one; the
 * registration agreements link to the terms and privacy pages the organiser set; and the same
 * area works on our hosted page. axe finds no WCAG 2.1 A/AA violation on these screens, and they
 * are photographed at 390 px wide.
 */

const chrome = chromiumOrSkip();
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };
const NEW_PASSWORD = 'a-brand-new-secret';
const SHOTS = '/tmp/account';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A journey on a busy 2-core machine can take over a minute; each step still waits 15 s at most. */
const JOURNEY_TIMEOUT = 240_000;

/** Every WCAG 2.1 A/AA violation inside the widget, whatever its impact, one line each. */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  await page.waitForTimeout(300);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(
      { include: ['classwise-widget'] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      },
    )) as { violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] };
    return result.violations;
  });
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} ${JSON.stringify(n.target)} ${v.help}`),
  );
}

async function signInWidget(widget: Locator, password: string) {
  await widget.getByLabel('Email').fill(PARENT.email);
  await widget.getByLabel('Password', { exact: true }).fill(password);
  await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe.skipIf(!chrome)('the parent’s account area in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it(
    'links the registration agreements to the terms and privacy pages set in Settings',
    async () => {
      const admin = await browser.newPage();
      await signInToDashboard(admin, stack.productUrl);
      await admin.goto(`${stack.productUrl}/admin/settings`);
      await admin.getByRole('button', { name: 'Edit settings' }).click();
      await admin.getByLabel('Terms and conditions link').fill('javascript:alert(1)');
      await admin.getByRole('button', { name: 'Save settings' }).click();
      await admin.getByText('Enter a web address starting with https:// or http://.').waitFor();
      await admin.getByLabel('Terms and conditions link').fill('https://club.example/terms');
      await admin.getByLabel('Privacy policy link').fill('https://club.example/privacy');
      await admin.getByRole('button', { name: 'Save settings' }).click();
      await admin.getByText('Settings saved.').waitFor();
      await admin.getByText('https://club.example/privacy').waitFor();
      await admin.close();

      const page = await browser.newPage();
      await page.goto(stack.demoUrl);
      const widget = page.locator('classwise-widget').first();
      await widget.getByRole('button', { name: 'My account' }).click({ timeout: 15_000 });
      await widget.getByRole('button', { name: 'Create an account' }).click();
      const terms = widget.getByRole('link', { name: 'terms and conditions' });
      const privacy = widget.getByRole('link', { name: 'privacy policy' });
      expect(await terms.getAttribute('href')).toBe('https://club.example/terms');
      expect(await privacy.getAttribute('href')).toBe('https://club.example/privacy');
      for (const link of [terms, privacy]) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
      }
      // The checkbox still ticks from its words, and the agreement stays required.
      await widget.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
      expect(await audit(page, 'register')).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'lets a parent add and edit a child, save their details and change the password',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      await page.goto(stack.demoUrl);
      const widget = page.locator('classwise-widget').first();
      await widget.getByRole('button', { name: 'My account' }).click({ timeout: 15_000 });
      await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
      await signInWidget(widget, PARENT.password);
      await widget.getByRole('heading', { name: 'My account' }).waitFor({ timeout: 15_000 });
      expect(page.url()).toContain('#classwise=account/attendees');
      const children = widget.getByRole('region', { name: 'Your children' });
      await children.getByRole('button', { name: 'Edit Mia Parent' }).waitFor();
      await widget.getByRole('button', { name: 'Save details' }).waitFor();
      expect(await audit(page, 'account')).toEqual([]);

      // Add a child with the organiser's own fields; their admin-only field is not asked.
      await children.getByRole('button', { name: 'Add a child' }).click();
      await widget.getByRole('heading', { name: 'Add a child' }).waitFor();
      expect(await widget.getByLabel('Coach notes').count()).toBe(0);
      await widget.getByRole('button', { name: 'Save', exact: true }).click();
      await widget.getByText('Please complete this required field').first().waitFor();
      expect(await audit(page, 'add child with errors')).toEqual([]);
      await widget.getByLabel('First name').fill('Ruby');
      await widget.getByLabel('Last name').fill('Parent');
      await widget.getByLabel('Date of birth').fill('2018-03-09');
      await widget.getByLabel('Medical notes').fill('Peanut allergy: EpiPen in the blue bag');
      await widget.getByRole('checkbox', { name: 'Photo consent' }).check();
      await widget.getByRole('button', { name: 'Save', exact: true }).click();
      await widget.getByText('Ruby Parent has been saved.').waitFor();
      await children.getByRole('button', { name: 'Edit Ruby Parent' }).waitFor();

      // Edit: the form opens with what was saved, and keeps the change.
      await children.getByRole('button', { name: 'Edit Ruby Parent' }).click();
      await widget.getByRole('heading', { name: 'Edit Ruby Parent' }).waitFor();
      expect(await widget.getByLabel('Medical notes').inputValue()).toBe(
        'Peanut allergy: EpiPen in the blue bag',
      );
      expect(await widget.getByRole('checkbox', { name: 'Photo consent' }).isChecked()).toBe(true);
      expect(await audit(page, 'edit child')).toEqual([]);
      await widget.getByLabel('Medical notes').fill('Peanut allergy: EpiPen in the red bag');
      await widget.getByRole('checkbox', { name: 'Photo consent' }).uncheck();
      await widget.getByRole('button', { name: 'Save', exact: true }).click();
      await widget.getByText('Ruby Parent has been saved.').waitFor();
      await children.getByRole('button', { name: 'Edit Ruby Parent' }).click();
      expect(await widget.getByLabel('Medical notes').inputValue()).toBe(
        'Peanut allergy: EpiPen in the red bag',
      );
      expect(await widget.getByRole('checkbox', { name: 'Photo consent' }).isChecked()).toBe(false);
      await widget.getByRole('button', { name: 'Cancel' }).click();

      // Own details: the new name shows at once in 'Signed in as'.
      await widget.getByLabel('Full name').fill('Samantha Parent');
      await widget.getByRole('button', { name: 'Save details' }).click();
      await widget.getByText('Your details have been saved.').waitFor();
      await widget.getByText('Signed in as Samantha Parent').waitFor();

      // Password: a wrong current one is refused; the right one changes it.
      const password = widget.getByRole('region', { name: 'Change password' });
      await password.getByLabel('Current password').fill('not-my-password');
      await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByText('Your current password is not right.').first().waitFor();
      expect(await audit(page, 'password refused')).toEqual([]);
      await password.getByLabel('Current password').fill(PARENT.password);
      await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await password.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await password
        .getByText('Your password has been changed. You are signed out everywhere else.')
        .waitFor();

      // At a phone's width, every section still fits.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/account-390.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow).toBe(false);
      await children.getByRole('button', { name: 'Edit Ruby Parent' }).click();
      await widget.getByRole('heading', { name: 'Edit Ruby Parent' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/edit-child-390.png`, fullPage: true });
      await widget.getByRole('button', { name: 'Cancel' }).click();

      // Signed out, the old password no longer works and the new one does.
      await widget.getByRole('button', { name: 'Sign out' }).click();
      await signInWidget(widget, PARENT.password);
      await widget.getByText('Incorrect email or password.').waitFor();
      await signInWidget(widget, NEW_PASSWORD);
      await widget.getByRole('heading', { name: 'My account' }).waitFor({ timeout: 15_000 });
      await widget.getByText('Signed in as Samantha Parent').waitFor();

      // My bookings is one click away.
      await widget.getByRole('button', { name: 'My bookings' }).first().click();
      await widget
        .getByRole('heading', { name: 'My bookings' })
        .first()
        .waitFor({ timeout: 15_000 });
      await page.close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'serves the account area on our own origin for organisers without a website',
    async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
      const res = await page.goto(`${stack.productUrl}/account/attendees?client=${stack.clientId}`);
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Demo Sports Club' }).waitFor();
      const widget = page.locator('classwise-widget');
      await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
      // Straight to the account area: no way back to a listing this page does not have.
      expect(await widget.getByRole('button', { name: 'All activities' }).count()).toBe(0);
      await signInWidget(widget, NEW_PASSWORD);
      await widget.getByRole('heading', { name: 'My account' }).waitFor({ timeout: 15_000 });
      await widget.getByRole('button', { name: 'Edit Ruby Parent' }).waitFor();
      expect(await audit(page, 'hosted account')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/hosted-390.png`, fullPage: true });
      // Reloading keeps the parent in the account area.
      await page.reload();
      await widget.getByRole('heading', { name: 'My account' }).waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
      await page.close();
    },
    JOURNEY_TIMEOUT,
  );
});
