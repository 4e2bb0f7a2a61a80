import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox, type TestInbox } from '../api/mail/testing.ts';
import { householdMessages } from '../engine/index.ts';
import { DEMO } from '../scripts/seed.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * Households as a family meets them (docs/rules/households.md): the demo parent invites a
 * grandmother from the hosted account page, she accepts from the e-mail (received over real SMTP)
 * with her own password, sees the parent's children, signs in on the organiser's site on her own
 * and books one of them; then the parent signs in with an e-mailed one-time link.
 */

const chrome = chromiumOrSkip();
const GRAN = { email: 'grandma@families.test', name: 'Grandma Parent', password: 'gran-pass-1' };

describe.skipIf(!chrome)('households in Chromium', () => {
  let inbox: TestInbox;
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    inbox = await startTestInbox();
    stack = await startStack({ mail: inbox.mail.settings });
    browser = await launchChromium(chrome!);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await inbox?.close();
  });

  /** The job queue polls every few seconds: wait for the e-mail, then its link. */
  async function linkIn(subject: RegExp, kind: 'cw-invite' | 'cw-signin') {
    for (let i = 0; i < 60; i += 1) {
      const mail = inbox.received.find((m) => subject.test(m.subject ?? ''));
      if (mail) {
        const link = new RegExp(
          `(http://localhost:\\d+/account/attendees\\S+#${kind}=[\\w-]+)`,
        ).exec(mail.text ?? '')?.[1];
        expect(link, mail.text ?? '').toBeTruthy();
        expect(new URL(link!).origin).toBe(stack.productUrl);
        return link!;
      }
      await new Promise((done) => setTimeout(done, 500));
    }
    throw new Error(`No e-mail matching ${subject}`);
  }

  async function openAccount(page: Page): Promise<Locator> {
    await page.goto(`${stack.productUrl}/account/attendees?client=${stack.clientId}`);
    return page.locator('classwise-widget');
  }

  it('a second guardian accepts an invitation and books the shared child', async () => {
    const parent = await (await browser.newContext()).newPage();
    let widget = await openAccount(parent);
    await widget.getByLabel('Email').fill(DEMO.parent.email);
    await widget.getByLabel('Password').fill(DEMO.parent.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    const family = widget.getByRole('region', { name: 'Family and guardians' });
    await family.getByText('main account').waitFor({ timeout: 15_000 });
    await family.getByLabel('Invite a guardian by e-mail').fill(GRAN.email);
    await family.getByRole('button', { name: 'Send invitation' }).click();
    await family.getByText(`Invitation sent to ${GRAN.email}. It works for 7 days.`).waitFor();
    await family.getByText(`Invited: ${GRAN.email}`).waitFor();

    const invite = await linkIn(/^Sam Parent invited you to /, 'cw-invite');
    const gran = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const errors: string[] = [];
    gran.on('pageerror', (error) => errors.push(error.message));
    await gran.goto(invite);
    widget = gran.locator('classwise-widget');
    await widget.getByRole('heading', { name: 'Join a family account' }).waitFor();
    // The token leaves the address as soon as the widget has read it.
    expect(gran.url()).not.toContain('cw-invite');
    await widget.getByText(`Sam Parent invited ${GRAN.email}`, { exact: false }).waitFor();
    await widget.getByLabel('Your full name').fill(GRAN.name);
    await widget.getByLabel('Password', { exact: true }).fill(GRAN.password);
    await widget.getByLabel('Confirm password').fill(GRAN.password);
    await widget.getByRole('button', { name: 'Accept and create my sign-in' }).click();
    await widget.getByText(`Signed in as ${GRAN.name}`).waitFor({ timeout: 15_000 });
    const children = widget.getByRole('region', { name: 'Your children' });
    await children.getByText('Mia Parent').waitFor();
    await children.getByText('Leo Parent').waitFor();
    const guardians = widget.getByRole('region', { name: 'Family and guardians' });
    await guardians.getByText('Sam Parent').waitFor();

    // On the organiser's own site she signs in on her own and books Leo.
    await gran.goto(stack.demoUrl);
    widget = gran.locator('classwise-widget').first();
    await widget.getByRole('button', { name: 'Book Junior Football – Spring Term' }).click();
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    await widget.getByLabel('Email').fill(GRAN.email);
    await widget.getByLabel('Password').fill(GRAN.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
    const leo = widget.getByRole('checkbox', { name: 'Leo Parent' });
    await leo.check();
    const mia = widget.getByRole('checkbox', { name: 'Mia Parent' });
    if (await mia.isChecked()) await mia.uncheck();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Pay as you go/ }).check();
    const sessions = widget.getByRole('group', { name: 'Sessions for Leo Parent' });
    await sessions.getByRole('checkbox').nth(4).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await widget.getByRole('radio', { name: 'Childcare voucher: Tax-Free Childcare' }).check();
    await widget.getByRole('button', { name: 'Place booking' }).click();
    await widget
      .getByRole('heading', { name: /Booking (received|confirmed)/ })
      .waitFor({ timeout: 15_000 });
    const confirmed = (await widget.locator('.cw-step').textContent()) ?? '';
    const bookingNumber = confirmed.match(/Booking number ([0-9A-F]{8})/)?.[1];
    expect(bookingNumber).toBeDefined();
    expect(errors).toEqual([]);

    // The organiser sees who booked, and the household on the customer page.
    const admin = await (await browser.newContext()).newPage();
    await signInToDashboard(admin, stack.productUrl);
    await admin.goto(`${stack.productUrl}/admin/bookings`);
    await admin.getByRole('searchbox', { name: 'Search bookings' }).fill(bookingNumber!);
    await admin.keyboard.press('Enter');
    const row = admin.getByRole('row', { name: /For Leo Parent/ });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('link').first().click();
    await admin.getByRole('heading', { name: /^Booking / }).waitFor();
    await admin.getByText(/^Made .* by Grandma Parent$/).waitFor();
    await admin.goto(`${stack.productUrl}/admin/customers`);
    await admin.getByRole('searchbox', { name: 'Search customers' }).fill('Sam Parent');
    await admin.getByRole('link', { name: 'Sam Parent' }).first().click();
    const household = admin.getByRole('table', { name: 'Guardians of this household' });
    await household.getByRole('row', { name: /Grandma Parent .*Guardian/ }).waitFor();
    await household.getByRole('row', { name: /Sam Parent .*Main account/ }).waitFor();
    const latest = admin.getByRole('table', { name: 'Latest bookings' });
    await latest
      .getByRole('row', { name: new RegExp(`${bookingNumber}.*Booked by Grandma Parent`) })
      .waitFor();

    // The parent sees the grandmother's booking among the family's bookings.
    await parent.goto(stack.demoUrl);
    widget = parent.locator('classwise-widget').first();
    await widget.getByRole('button', { name: 'My bookings' }).click({ timeout: 15_000 });
    await widget.getByLabel('Email').fill(DEMO.parent.email);
    await widget.getByLabel('Password').fill(DEMO.parent.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'My bookings' }).waitFor();
    await widget.getByText('Leo Parent', { exact: false }).first().waitFor({ timeout: 15_000 });
  });

  it('a parent signs in with an e-mailed one-time link', async () => {
    const page = await (await browser.newContext()).newPage();
    const widget = await openAccount(page);
    await widget.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await widget.getByRole('heading', { name: 'Sign in with a link' }).waitFor();
    await widget.getByLabel('Email').fill(DEMO.parent.email);
    await widget.getByRole('button', { name: 'Send the link' }).click();
    await expect(widget.getByRole('status').first().textContent()).resolves.toBe(
      householdMessages.signInLinkSent,
    );

    const link = await linkIn(/^Sign in to /, 'cw-signin');
    const other = await (await browser.newContext()).newPage();
    await other.goto(link);
    const signedIn = other.locator('classwise-widget');
    await signedIn.getByText(`Signed in as ${DEMO.parent.fullName}`).waitFor({ timeout: 15_000 });
    expect(other.url()).not.toContain('cw-signin');
    await signedIn.getByRole('region', { name: 'Your children' }).getByText('Mia Parent').waitFor();

    // The link works once.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await again
      .locator('classwise-widget')
      .getByText(householdMessages.signInLinkInvalid)
      .waitFor({ timeout: 15_000 });
  });
});
