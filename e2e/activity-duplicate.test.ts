import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityGroup } from '../api-client/index.ts';
import { formatSessionDate } from '../dashboard/src/screens/activities/lib.ts';
import { addDays, shiftSessionDates } from '../engine/index.ts';
import {
  chromiumOrSkip,
  DEMO_ADMIN,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * The start of a new term: the demo organiser duplicates the football group from its page,
 * choosing the new first session date and a name, lands on the unpublished copy and sees its
 * sessions moved to the new dates.
 */

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';

describe.skipIf(!chrome)('duplicating an activity in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDashboard(page, stack.productUrl);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('copies the football group to a new start date and shows the shifted sessions', async () => {
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': stack.clientId },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const token = (await login.json()).data.token as string;
    const get = async <T>(path: string) =>
      (
        (await (
          await fetch(`${stack.productUrl}${path}`, {
            headers: { authorization: `Bearer ${token}`, 'x-client-id': stack.clientId },
          })
        ).json()) as { data: T }
      ).data;
    const football = (await get<ActivityGroup[]>('/api/activity-groups/full-list')).find(
      (g) => g.name === FOOTBALL,
    )!;
    const first = [...football.activities].map((s) => s.date).sort()[0]!;
    // Twelve weeks on: same weekday, a new term.
    const startDate = addDays(first, 84);
    const expected = shiftSessionDates(football.activities, startDate);

    await page.goto(`${stack.productUrl}/admin/activities/${football._id}`);
    await page.getByRole('heading', { name: FOOTBALL }).waitFor();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate activity' });
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe(`${FOOTBALL} (copy)`);
    await dialog.getByLabel('Name').fill('Junior Football – Summer Term');
    await dialog.getByLabel('First session date').fill(startDate);
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();

    await page.getByRole('heading', { name: 'Junior Football – Summer Term' }).waitFor();
    const sessions = page.getByRole('table', { name: 'Sessions' });
    for (const session of expected) {
      await sessions
        .getByText(formatSessionDate(session.date, 'dd/MM/yyyy'), { exact: false })
        .first()
        .waitFor();
    }
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(football.activities.length);
    const copyId = page.url().split('/').pop()!;
    expect(copyId).not.toBe(football._id);
    const copy = await get<ActivityGroup>(`/api/activity-groups/${copyId}`);
    expect(copy.enabled).toBe(false);
    expect(copy.activities.map((s) => [s.date, s.startTime, s.endTime]).sort()).toEqual(
      expected.map((s) => [s.date, s.startTime, s.endTime]).sort(),
    );
  }, 60_000);
});
