import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameForTerm } from '../engine/re-enrolment.ts';
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
 * Rolling several activities over at once from the Activities list (docs/rules/re-enrolment.md,
 * "Several at once"): the organiser ticks two activities, the dialog suggests each copy's first
 * session (its weekday, the week after its last session) and name, one priority window is set,
 * and each activity's outcome is shown: one opened with its copy, one refused with the reason.
 */

const chrome = chromiumOrSkip();

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!chrome)('rolling several activities over in Chromium', () => {
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

  it('an organiser rolls two activities over from the list and sees each outcome', async () => {
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin.email, password: DEMO.admin.password }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const first = addDays(new Date().toISOString().slice(0, 10), 7);
    const group = (name: string) =>
      callApi<{ _id: string; tickets: { _id: string }[] }>(stack, '/api/activity-groups', {
        cookie,
        body: {
          name,
          enabled: true,
          activities: [0, 7, 14].map((d, i) => ({
            _id: `temp_${i}`,
            date: addDays(first, d),
            startTime: '17:00',
            endTime: '18:00',
            placeLimit: 8,
          })),
          tickets: [{ _id: 'temp_term', type: 'all', name: 'Term', price: '0' }],
          addOns: [],
        },
      });
    const judo = await group('Batch Judo Autumn');
    await group('Batch Chess Autumn');
    // Mia has a place on Judo; nobody is booked on Chess.
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
            activityGroup: judo._id,
            items: [{ ticket: judo.tickets[0]!._id, attendees: [mia._id] }],
          },
        ],
      },
    });

    const admin: Page = await (await browser.newContext()).newPage();
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await signInToDashboard(admin, stack.productUrl);
    await admin.goto(`${stack.productUrl}/admin/activities`);
    await admin.getByLabel('Search activities').fill('Batch');
    const list = admin.getByRole('table', { name: 'Activities' });
    await list.getByRole('link', { name: 'Batch Chess Autumn' }).waitFor({ timeout: 15_000 });
    await list.getByLabel('Select Batch Judo Autumn').check();
    await list.getByLabel('Select Batch Chess Autumn').check();
    // Ticking does not open the activity.
    expect(new URL(admin.url()).pathname).toBe('/admin/activities');
    const bar = admin.getByRole('region', { name: 'Selected activities' });
    await bar.getByText('2 activities selected').waitFor();
    await bar.getByRole('button', { name: 'Roll over to next term' }).click();

    const dialog = admin.getByRole('dialog', { name: 'Roll over to next term' });
    const items = dialog
      .getByRole('list', { name: 'Activities to roll over' })
      .getByRole('listitem');
    const judoItem = items.filter({ hasText: 'Batch Judo Autumn' });
    const chessItem = items.filter({ hasText: 'Batch Chess Autumn' });
    // Suggested: the same weekday, the week after the last session; the name for that term.
    const next = addDays(first, 21);
    expect(await judoItem.getByLabel('First session date').inputValue()).toBe(next);
    expect(await judoItem.getByLabel('Name').inputValue()).toBe(
      nameForTerm('Batch Judo Autumn', next),
    );
    // A date moved a week on renames the copy for its term; a typed name stays.
    await judoItem.getByLabel('First session date').fill(addDays(next, 7));
    expect(await judoItem.getByLabel('Name').inputValue()).toBe(
      nameForTerm('Batch Judo Autumn', addDays(next, 7)),
    );
    await judoItem.getByLabel('Name').fill('Batch Judo next');
    await chessItem.getByLabel('Name').fill('Batch Chess next');
    await dialog.getByLabel('Priority window (days)').fill('5');
    await dialog.getByRole('button', { name: 'Open re-enrolment' }).click();

    await dialog
      .getByText('Re-enrolment opened for 1 of 2 activities.')
      .waitFor({ timeout: 15_000 });
    await judoItem.getByText('1 child offered a place').waitFor();
    await chessItem
      .getByText('Nobody is booked on this activity, so there is nobody to re-enrol.')
      .waitFor();
    expect(await chessItem.getByText('Not opened').count()).toBe(1);
    expect(await dialog.getByLabel('Roll-over progress').getAttribute('value')).toBe('2');

    // The copy opens from the outcome, with its own date and the funnel waiting on Mia.
    await judoItem.getByRole('link', { name: 'Batch Judo next' }).click();
    await admin.getByRole('heading', { name: 'Batch Judo next' }).waitFor({ timeout: 15_000 });
    const offers = admin.getByRole('table', { name: 'Re-enrolment offers' });
    await offers.getByRole('row', { name: /Mia Parent.*Waiting for an answer/ }).waitFor();
    const copies = await callApi<{ name: string; activities: { date: string }[] }[]>(
      stack,
      `/api/activity-groups/full-list?filters=${encodeURIComponent(JSON.stringify({ search: 'Batch' }))}`,
      { cookie },
    );
    const copy = copies.find((g) => g.name === 'Batch Judo next')!;
    expect(copy.activities.map((s) => s.date).sort()[0]).toBe(addDays(next, 7));
    expect(copies.some((g) => g.name === 'Batch Chess next')).toBe(false);
    expect(errors).toEqual([]);
  });
});
