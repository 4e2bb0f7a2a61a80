import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityGroup, Booking, Field } from '../api-client/index.ts';
import { bookingRef } from '../dashboard/src/screens/bookings/lib.ts';
import {
  activityGroupFormValues,
  addDays,
  type SavedActivityGroup,
  todayIn,
} from '../engine/index.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

/*
 * The dashboard home as the demo organiser meets it on a Monday morning: the week's sessions with
 * how full they are, the money to chase, the takings chart and the newest bookings, each leading
 * to the screen behind it. A session tomorrow with one place is added through the wizard's own
 * save call and booked by the demo parent through the widget's booking call, so one is full.
 */

const chrome = chromiumOrSkip();
const ADMIN = { email: 'admin@example.com', password: 'classwise-admin' };
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };
const FOOTBALL = 'Junior Football – Spring Term';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2.1 A/AA violations inside `scope`, as readable lines. */
async function audit(page: Page, scope: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, not a <script> tag: the dashboard's CSP refuses
  // inline scripts, and axe must audit the page under the policy it really ships with.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(
      { include: [include] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      },
    )) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} ${JSON.stringify(n.target)} ${v.help}`));
  }, scope);
}

describe.skipIf(!chrome)('dashboard overview in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let footballId: string;
  let newBooking: string;

  /** A JSON call to the product's API, as the widget makes it (bearer token, client header). */
  const call = async <T>(path: string, init: RequestInit & { token?: string } = {}) => {
    const response = await fetch(`${stack.productUrl}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-client-id': stack.clientId,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
    });
    const body = await response.json();
    expect(response.ok, `${path}: ${JSON.stringify(body)}`).toBe(true);
    return body as { data: T; meta?: { total: number } };
  };
  const signIn = async (who: { email: string; password: string }) =>
    (
      await call<{ token: string }>('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify(who),
      })
    ).data.token;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

    // The organiser adds a one-place session tomorrow, saved exactly as the wizard saves.
    const admin = await signIn(ADMIN);
    const groups = (await call<ActivityGroup[]>('/api/activity-groups/full-list', { token: admin }))
      .data;
    footballId = groups.find((g) => g.name === FOOTBALL)!._id;
    const saved = (
      await call<SavedActivityGroup>(`/api/activity-groups/${footballId}`, {
        token: admin,
      })
    ).data;
    const fields = (
      await call<Field[]>('/api/fields?usage=activity&includeDisabled=true&includeAdminOnly=true', {
        token: admin,
      })
    ).data;
    const values = activityGroupFormValues(saved, fields as never);
    const tomorrow = addDays(todayIn(Date.now(), 'Europe/London'), 1);
    values.activities = [
      ...(values.activities ?? []),
      { _id: 'temp_tomorrow', date: tomorrow, startTime: '17:30', endTime: '18:30', placeLimit: 1 },
    ];
    const updated = (
      await call<SavedActivityGroup>(`/api/activity-groups/${footballId}`, {
        method: 'PUT',
        token: admin,
        body: JSON.stringify(values),
      })
    ).data;
    const session = updated.activities.find((s) => s.date === tomorrow && s.startTime === '17:30')!;
    const payAsYouGo = updated.tickets.find((t) => t.name === 'Pay as you go')!;

    // The demo parent books Mia on it, paying later: the place is kept, the money awaited.
    const parent = await signIn(PARENT);
    const attendees = (
      await call<{ _id: string; name: string }[]>('/api/user/attendees', {
        token: parent,
      })
    ).data;
    const mia = attendees.find((a) => a.name.startsWith('Mia'))!;
    const booking = await call<Booking>('/api/bookings', {
      method: 'POST',
      token: parent,
      body: JSON.stringify({
        activityGroups: [
          {
            activityGroup: footballId,
            items: [{ ticket: payAsYouGo._id, activities: [session._id], attendees: [mia._id] }],
          },
        ],
        paymentMethod: { type: 'payLater' },
      }),
    });
    expect(booking.data.status).toBe('awaiting_payment');
    newBooking = booking.data._id;
    // Her brother waits for a place: the group's waitlist covers all of its sessions.
    const leo = attendees.find((a) => a.name.startsWith('Leo'))!;
    await call('/api/waitlists', {
      method: 'POST',
      token: parent,
      body: JSON.stringify({ activityGroup: footballId, attendee: leo._id, activities: [] }),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const path = () => new URL(page.url()).pathname;
  const home = async () => {
    await page.goto(`${stack.productUrl}/admin`);
    await page.getByRole('heading', { name: 'Next 7 days' }).waitFor();
  };

  it('shows skeletons while the overview loads, then the week with the full session marked', async () => {
    await page.goto(`${stack.productUrl}/admin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route('**/api/overview', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.overview[aria-busy="true"] .skeleton-card').first().waitFor();
    release();
    await page.unroute('**/api/overview');
    await page.getByRole('heading', { name: 'Next 7 days' }).waitFor();
    expect(path()).toBe('/admin');

    const tomorrow = page.locator('.overview-session', { hasText: '5.30pm–6.30pm' });
    const text = await tomorrow.textContent();
    expect(text).toContain('Tomorrow');
    expect(text).toContain(FOOTBALL);
    expect(text).toContain('Riverside');
    expect(text).toContain('1 / 1');
    expect(await tomorrow.locator('.badge', { hasText: 'Full' }).count()).toBe(1);
    expect(text).toContain('1 on waitlist');
    // The seeded Saturday session of the same group has room: no Full badge there. The seed
    // puts it on the next Saturday, a week ahead when today is a Saturday: past the 7 days shown.
    const today = todayIn(Date.now(), 'Europe/London');
    const saturdayShown = new Date(`${today}T12:00:00Z`).getUTCDay() !== 6;
    const open = page.locator('.overview-session', { hasText: '10am–11am' });
    expect(await open.count()).toBe(saturdayShown ? 1 : 0);
    if (saturdayShown) {
      expect(await open.first().locator('.badge', { hasText: 'Full' }).count()).toBe(0);
      expect(await open.first().textContent()).toContain('/ 16');
    }
    expect(await audit(page, '.overview')).toEqual([]);
  });

  it('counts the money to chase as the Bookings screen does, and links to that list', async () => {
    const admin = await signIn(ADMIN);
    const awaiting = await call<Booking[]>(
      `/api/bookings?limit=1000&filters=${encodeURIComponent(JSON.stringify({ status: 'awaiting_payment' }))}`,
      { token: admin },
    );
    const total = awaiting.data.reduce((sum, b) => sum + b.amountDueNow, 0);
    expect(awaiting.meta?.total).toBeGreaterThan(1);

    const tile = page.getByRole('link', { name: /^Awaiting payment \d/ });
    expect(await tile.locator('.stat-value').textContent()).toBe(String(awaiting.meta?.total));
    expect(await tile.locator('.stat-note').textContent()).toBe(
      `£${(total / 100).toFixed(2)} to chase`,
    );
    await tile.click();
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('awaiting_payment');
    await page.getByText(`of ${awaiting.meta?.total} results`).waitFor();
  });

  it('draws the takings chart with its total and a readable table of the days', async () => {
    await home();
    const chart = page.getByRole('img', { name: /^Takings from / });
    const name = await chart.locator('title').first().textContent();
    // Seeded and marked paid today: four camp days at £30 and six football days at £9.50 (three
    // on the tournament Saturday, three on next Saturday's register), less the sibling discount
    // (10%) on two camp days and two football days booked for a brother or sister of a child
    // booked earlier: £177.00 − £7.90.
    expect(name).toContain('£169.10 taken');
    expect(await chart.locator('.overview-chart-paid').count()).toBe(1);
    const table = page.locator('.overview-chart table');
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr td').first().textContent()).toBe('£169.10');
    const tile = page.locator('.overview-tile', { hasText: 'Takings, last 30 days' });
    expect(await tile.locator('.stat-value').textContent()).toBe('£169.10');
  });

  it('lists the newest bookings first, and each opens its booking', async () => {
    const rows = page.locator('.overview-bookings li');
    expect(await rows.count()).toBe(5);
    const first = await rows.first().textContent();
    for (const part of ['Sam Parent', 'Mia Parent', FOOTBALL, '£9.50', 'Awaiting payment']) {
      expect(first).toContain(part);
    }
    await rows.first().getByRole('link').click();
    await page.getByRole('heading', { name: `Booking ${bookingRef(newBooking)}` }).waitFor();
    expect(path()).toBe(`/admin/bookings/${newBooking}`);
  });

  it('opens a session’s activity and the waitlists from the overview', async () => {
    await home();
    await page
      .locator('.overview-session', { hasText: '5.30pm–6.30pm' })
      .locator('.overview-session-link')
      .click();
    await page.getByRole('heading', { name: FOOTBALL, level: 1 }).waitFor();
    expect(path()).toBe(`/admin/activities/${footballId}`);

    await home();
    const waitlist = page.getByRole('link', { name: /On waitlists/ });
    expect(await waitlist.locator('.stat-value').textContent()).toBe('1');
    await waitlist.click();
    await page.getByText('Leo Parent').first().waitFor();
    expect(path()).toBe('/admin/waitlists');
  });

  it('gives a new organiser one first step: create the first activity', async () => {
    const email = `fresh-${Date.now()}@example.com`;
    const response = await fetch(`${stack.productUrl}/api/organisers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        organisationName: 'Brand New Club',
        fullName: 'Nora New',
        email,
        password: 'a-long-password',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      }),
    });
    expect(response.status).toBe(201);
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await fresh.goto(`${stack.productUrl}/admin`);
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByLabel('Password').fill('a-long-password');
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.getByText('No activities yet').waitFor();
    expect(await fresh.getByRole('heading', { name: 'Next 7 days' }).count()).toBe(0);
    await fresh.getByRole('link', { name: 'Create your first activity' }).click();
    await fresh.waitForURL(/\/admin\/activities\/new$/);
    await fresh.close();
  });
});
