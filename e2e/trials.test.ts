import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox, type TestInbox } from '../api/mail/testing.ts';
import { queueTrialFollowUps } from '../api/services/trials.ts';
import { DEMO } from '../scripts/seed.ts';
import {
  callApi,
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * A trial as a family meets it (docs/rules/trials.md): the demo parent books a trial session of
 * an activity on the organiser's site, cannot book a second one for the same child, receives the
 * follow-up e-mail (over real SMTP) after the session, and books the rest of the term from its
 * link in one step, then pays as usual; the organiser's conversion counts it.
 */

const chrome = chromiumOrSkip();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!chrome)('trials in Chromium', () => {
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

  async function adminCookie() {
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'classwise-admin' }),
    });
    return login.headers.get('set-cookie')!.split(';')[0]!;
  }

  /** Sign-in, Mia, the trial ticket on session `nth`, to the basket. */
  async function trialBasket(widget: Locator, signIn: boolean, nth: number) {
    await widget.getByRole('button', { name: 'Book now' }).click();
    if (signIn) {
      await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
      await widget.getByLabel('Email').fill(DEMO.parent.email);
      await widget.getByLabel('Password').fill(DEMO.parent.password);
      await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    }
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check();
    const leo = widget.getByRole('checkbox', { name: 'Leo Parent' });
    if (await leo.isChecked()) await leo.uncheck();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Trial session/ }).check();
    const sessions = widget.getByRole('group', { name: 'Sessions for Mia Parent' });
    await sessions.getByRole('checkbox').nth(nth).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
  }

  async function payByVoucher(widget: Locator) {
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await widget.getByRole('radio', { name: 'Childcare voucher: Tax-Free Childcare' }).check();
    await widget.getByRole('button', { name: 'Place booking' }).click();
    await widget
      .getByRole('heading', { name: /Booking (received|confirmed)/ })
      .waitFor({ timeout: 15_000 });
  }

  it('a parent books a trial, gets the follow-up e-mail and books the rest of the term from it', async () => {
    const cookie = await adminCookie();
    // Five weekly sessions from next week; the term is £50, priced pro rata; the trial £5.
    const first = addDays(new Date().toISOString().slice(0, 10), 7);
    const created = await callApi<{ _id: string }>(stack, '/api/activity-groups', {
      cookie,
      body: {
        name: 'Trial Gym',
        activities: [0, 7, 14, 21, 28].map((d, i) => ({
          _id: `temp_${i}`,
          date: addDays(first, d),
          startTime: '16:00',
          endTime: '17:00',
          placeLimit: 10,
        })),
        tickets: [
          { _id: 'temp_term', type: 'all', name: 'Term', price: '50', shouldProRata: true },
        ],
        addOns: [],
      },
    });

    // The organiser adds the trial ticket in the wizard's ticket step.
    const admin = await (await browser.newContext()).newPage();
    await signInToDashboard(admin, stack.productUrl);
    await admin.goto(`${stack.productUrl}/admin/activities/${created._id}/edit`);
    await admin.getByRole('heading', { name: 'Edit Trial Gym' }).waitFor({ timeout: 15_000 });
    await admin.locator('.step-button', { hasText: 'Tickets' }).click();
    await admin.getByRole('button', { name: 'Add new ticket' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add new ticket' });
    await dialog.getByRole('combobox', { name: 'Ticket type' }).selectOption('single');
    await dialog.getByLabel('Ticket name').fill('Trial session');
    await dialog.getByRole('textbox', { name: 'Price', exact: true }).fill('5');
    await dialog.getByLabel('Trial ticket').check();
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin
      .getByRole('table', { name: 'Tickets' })
      .getByText('Trial session (trial)')
      .waitFor();
    await admin.getByRole('button', { name: 'Next' }).click();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByRole('heading', { name: 'Trial Gym', level: 1 }).waitFor({ timeout: 15_000 });
    const figures = admin.getByRole('region', { name: 'Trial conversion' });
    await figures.getByText('Trials taken').waitFor();

    const group = await callApi<{ activities: { _id: string; date: string }[] }>(
      stack,
      `/api/activity-groups/${created._id}`,
      { cookie },
    );

    const page: Page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${stack.demoUrl}#classwise=activity/${created._id}`);
    let widget = page.locator('classwise-widget').first();
    await trialBasket(widget, true, 0);
    await payByVoucher(widget);

    // A second trial for Mia is named in the basket, before any payment.
    await page.goto(`${stack.demoUrl}#classwise=activity/${created._id}`);
    await page.reload();
    widget = page.locator('classwise-widget').first();
    await trialBasket(widget, false, 1);
    await widget
      .getByText(
        'Mia Parent has already had a trial of this activity. Please choose another ticket.',
      )
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await widget.getByRole('button', { name: 'Continue to payment' }).isDisabled()).toBe(
      true,
    );

    // The trial session has happened (time passes: it is moved to yesterday), and the sweep the
    // server runs every quarter of an hour writes the follow-up now.
    const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
    await stack.db
      .updateTable('activities')
      .set({ date: yesterday })
      .where('id', '=', group.activities[0]!._id)
      .execute();
    expect(await queueTrialFollowUps(stack.db, new Date())).toBe(1);

    let link: string | undefined;
    for (let i = 0; i < 60 && !link; i += 1) {
      const mail = inbox.received.find(
        (m) => m.subject === 'Carry on with Trial Gym for Mia Parent',
      );
      if (mail) {
        expect(mail.text).toContain('Term: £40.00 for the 4 sessions left (full term £50.00)');
        link = /(http:\/\/localhost:\d+\/book\/\S+#classwise=trial\/[0-9a-f]+)/.exec(
          mail.text ?? '',
        )?.[1];
        expect(link, mail.text ?? '').toBeTruthy();
      } else await new Promise((done) => setTimeout(done, 500));
    }
    expect(link, 'the follow-up e-mail').toBeTruthy();

    // From the e-mail, on a phone, signed out: sign in, then one click books the rest of term.
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    phone.on('pageerror', (error) => errors.push(error.message));
    await phone.goto(link!);
    widget = phone.locator('classwise-widget').first();
    await widget.getByLabel('Email').fill(DEMO.parent.email);
    await widget.getByLabel('Password').fill(DEMO.parent.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget
      .getByRole('heading', { name: 'Carry on with Trial Gym for Mia Parent' })
      .waitFor({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Book Term: £40.00 for the 4 sessions left' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor({ timeout: 15_000 });
    await widget.getByText('£40.00').first().waitFor();
    await payByVoucher(widget);
    expect(errors).toEqual([]);

    const conversion = await callApi<{ taken: number; converted: number; rate: number }>(
      stack,
      `/api/trials/conversion?activityGroup=${created._id}`,
      { cookie },
    );
    expect(conversion).toEqual({ taken: 1, converted: 1, rate: 100 });
    // The organiser sees it on the activity's page.
    await admin.reload();
    await figures.getByText('100%').waitFor({ timeout: 15_000 });
    expect(await figures.textContent()).toBe(
      'Trials taken1Booked after a trial1Trial conversion100%',
    );
  });
});
