import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInbox, type TestInbox } from '../api/mail/testing.ts';
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
 * Term rollover as an organiser and a parent meet it (docs/rules/re-enrolment.md): the organiser
 * rolls an activity over from its page in the dashboard, the demo parent receives the e-mail
 * (over real SMTP), opens its link on our hosted page at phone width and keeps Mia's place in
 * one step; the organiser's funnel then counts it as accepted.
 */

const chrome = chromiumOrSkip();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!chrome)('re-enrolment in Chromium', () => {
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

  it('an organiser rolls a term over and a parent re-enrols from the e-mail', async () => {
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const first = addDays(new Date().toISOString().slice(0, 10), 7);
    const group = await callApi<{ _id: string; tickets: { _id: string }[] }>(
      stack,
      '/api/activity-groups',
      {
        cookie,
        body: {
          name: 'Rollover Judo',
          enabled: true,
          activities: [0, 7].map((d, i) => ({
            _id: `temp_${i}`,
            date: addDays(first, d),
            startTime: '17:00',
            endTime: '18:00',
            placeLimit: 8,
          })),
          tickets: [{ _id: 'temp_term', type: 'all', name: 'Judo term', price: '0' }],
          addOns: [],
        },
      },
    );
    // Mia has this term's place.
    const parent = await callApi<{ token: string }>(stack, '/api/auth/login', {
      body: { email: DEMO.parent.email, password: DEMO.parent.password },
    });
    const children = await callApi<{ _id: string; name: string }[]>(stack, '/api/user/attendees', {
      token: parent.token,
    });
    const mia = children.find((c) => c.name === 'Mia Parent')!;
    await callApi(stack, '/api/bookings', {
      token: parent.token,
      body: {
        activityGroups: [
          {
            activityGroup: group._id,
            items: [{ ticket: group.tickets[0]!._id, attendees: [mia._id] }],
          },
        ],
      },
    });

    // The organiser rolls it over from the activity's page.
    const admin: Page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await signInToDashboard(admin, stack.productUrl);
    await admin.goto(`${stack.productUrl}/admin/activities/${group._id}`);
    await admin.getByRole('button', { name: 'Roll over to next term' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Roll over to next term' });
    await dialog.getByLabel('First session date').fill(addDays(first, 84));
    await dialog.getByLabel('Name').fill('Rollover Judo spring');
    await dialog.getByLabel('Priority window (days)').fill('7');
    await dialog.getByRole('button', { name: 'Open re-enrolment' }).click();
    await admin.getByRole('heading', { name: 'Rollover Judo spring' }).waitFor({ timeout: 15_000 });
    const funnel = admin.getByRole('region', { name: 'Re-enrolment funnel' });
    await funnel.getByText('Offered').waitFor();
    const offers = admin.getByRole('table', { name: 'Re-enrolment offers' });
    await offers.getByRole('row', { name: /Mia Parent.*Waiting for an answer/ }).waitFor();

    // The parent's e-mail, and its link on our hosted page, at phone width.
    let link: string | undefined;
    for (let i = 0; i < 60 && !link; i += 1) {
      const mail = inbox.received.find(
        (m) => m.subject === "Next term: keep Mia Parent's place on Rollover Judo spring",
      );
      link = /(http:\/\/localhost:\d+\/book\/\S+#classwise=reenrol\/[\w-]+)/.exec(
        mail?.text ?? '',
      )?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 500));
    }
    expect(link).toBeTruthy();
    const phone: Page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    phone.on('pageerror', (error) => errors.push(error.message));
    await phone.goto(link!);
    const widget = phone.locator('classwise-widget').first();
    await widget
      .getByRole('heading', { name: "Keep Mia Parent's place on Rollover Judo spring" })
      .waitFor({ timeout: 15_000 });
    await widget.getByText('Judo term: £0.00').waitFor();
    await widget.getByRole('button', { name: 'Confirm the place' }).click();
    await widget
      .getByRole('status')
      .getByText('Mia Parent is booked on Rollover Judo spring.')
      .waitFor({ timeout: 15_000 });

    // The organiser's funnel counts it, and the booking is the parent's.
    await admin.reload();
    await offers.getByRole('row', { name: /Mia Parent.*Accepted/ }).waitFor({ timeout: 15_000 });
    const mine = await callApi<{ items: { activityGroup: { name: string } }[] }[]>(
      stack,
      '/api/bookings/mine',
      { token: parent.token },
    );
    expect(
      mine.some((b) => b.items.some((i) => i.activityGroup.name === 'Rollover Judo spring')),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a parent keeps a place in a full class through the ordinary checkout, paying by voucher', async () => {
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const first = addDays(new Date().toISOString().slice(0, 10), 7);
    const group = await callApi<{ _id: string; tickets: { _id: string }[] }>(
      stack,
      '/api/activity-groups',
      {
        cookie,
        body: {
          name: 'Kept Karate',
          enabled: true,
          activities: [
            { _id: 'temp_0', date: first, startTime: '17:00', endTime: '18:00', placeLimit: 1 },
          ],
          tickets: [{ _id: 'temp_term', type: 'all', name: 'Karate term', price: '10' }],
          addOns: [],
        },
      },
    );
    const parent = await callApi<{ token: string }>(stack, '/api/auth/login', {
      body: { email: DEMO.parent.email, password: DEMO.parent.password },
    });
    const children = await callApi<{ _id: string; name: string }[]>(stack, '/api/user/attendees', {
      token: parent.token,
    });
    const mia = children.find((c) => c.name === 'Mia Parent')!;
    await callApi(stack, '/api/bookings', {
      token: parent.token,
      body: {
        activityGroups: [
          {
            activityGroup: group._id,
            items: [{ ticket: group.tickets[0]!._id, attendees: [mia._id] }],
          },
        ],
        paymentMethod: { type: 'payLater' },
      },
    });
    const rollover = await callApi<{ targetGroup: { _id: string } }>(stack, '/api/re-enrolments', {
      cookie,
      body: {
        activityGroup: group._id,
        startDate: addDays(first, 84),
        name: 'Kept Karate spring',
        windowDays: 3,
      },
    });
    let link: string | undefined;
    for (let i = 0; i < 60 && !link; i += 1) {
      const mail = inbox.received.find(
        (m) => m.subject === "Next term: keep Mia Parent's place on Kept Karate spring",
      );
      link = /(http:\/\/localhost:\d+\/book\/\S+#classwise=reenrol\/[\w-]+)/.exec(
        mail?.text ?? '',
      )?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 500));
    }
    expect(link).toBeTruthy();
    const phone: Page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(error.message));
    await phone.goto(link!);
    const widget = phone.locator('classwise-widget').first();
    await widget
      .getByRole('heading', { name: "Keep Mia Parent's place on Kept Karate spring" })
      .waitFor({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Choose how to pay' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
    await widget.getByLabel('Email').fill(DEMO.parent.email);
    await widget.getByLabel('Password').fill(DEMO.parent.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check();
    const leo = widget.getByRole('checkbox', { name: 'Leo Parent' });
    if (await leo.isChecked()) await leo.uncheck();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Karate term/ }).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor();
    await widget.getByRole('radio', { name: 'Childcare voucher: Tax-Free Childcare' }).check();
    await widget.getByRole('button', { name: 'Place booking' }).click();
    await widget
      .getByRole('heading', { name: /Booking (received|confirmed)/ })
      .waitFor({ timeout: 15_000 });
    const after = await callApi<{ funnel: { accepted: number } }>(
      stack,
      `/api/re-enrolments?activityGroup=${rollover.targetGroup._id}`,
      { cookie },
    );
    expect(after.funnel.accepted).toBe(1);
    expect(errors).toEqual([]);
  });
});
