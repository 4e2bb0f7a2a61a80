import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkDto, RegisterDto } from '../api/services/registers.ts';
import { chromiumOrSkip, DEMO_ADMIN, launchChromium, type Stack, startStack } from './harness.ts';

/*
 * The register on a phone in a school hall (issue 17): the demo organiser opens a session's
 * register from the dashboard home at 390px wide, checks children in, loses the connection
 * mid-register, keeps marking, and gets it back. Every mark must reach the server exactly once,
 * including one whose answer was lost on the way back (the device sends it again).
 */

const chrome = chromiumOrSkip();
const SHOTS = 'test-results/registers';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical WCAG 2.1 A/AA violations inside `scope`. axe is evaluated through the
 * DevTools protocol, which the dashboard's Content-Security-Policy (script-src 'self') allows.
 */
async function audit(page: Page, scope: string): Promise<string[]> {
  await page.evaluate(AXE);
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

describe.skipIf(!chrome)('registers on a phone in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let sessionId: string;
  let groupId: string;
  let register: RegisterDto;

  const call = async <T>(path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.productUrl}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-client-id': stack.clientId,
        authorization: `Bearer ${admin}`,
        ...init.headers,
      },
    });
    const body = await response.json();
    expect(response.ok, `${path}: ${JSON.stringify(body)}`).toBe(true);
    return body.data as T;
  };
  const history = () => call<MarkDto[]>(`/api/registers/${sessionId}/marks`);
  const card = (name: string) => page.locator('.register-child', { hasText: name });
  const sync = () => page.getByTestId('register-sync');

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
    browser = await launchChromium(chrome!);
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    page = await context.newPage();
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': stack.clientId },
      body: JSON.stringify(DEMO_ADMIN),
    });
    admin = ((await login.json()) as { data: { token: string } }).data.token;

    // The busiest session of the demo club is the one to take the register of.
    const groups = await call<{ _id: string }[]>('/api/activity-groups/full-list');
    let best: { group: string; register: RegisterDto } | null = null;
    for (const g of groups) {
      const saved = await call<{ activities: { _id: string }[] }>(`/api/activity-groups/${g._id}`);
      for (const s of saved.activities) {
        const r = await call<RegisterDto>(`/api/registers/${s._id}`);
        if (!best || r.rows.length > best.register.rows.length)
          best = { group: g._id, register: r };
      }
    }
    groupId = best!.group;
    register = best!.register;
    sessionId = register.session._id;
    expect(register.rows.length).toBeGreaterThanOrEqual(4);

    // The organiser asks about allergies and marks the question as safeguarding.
    const field = await call<{ _id: string }>('/api/fields', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Allergies',
        type: 'textarea',
        usage: 'attendee',
        safeguarding: true,
      }),
    });
    const first = register.rows[0]!.attendee._id;
    const child = await call<{ fieldData: Record<string, unknown> }>(`/api/attendees/${first}`);
    await call(`/api/attendees/${first}`, {
      method: 'PUT',
      body: JSON.stringify({
        fieldData: [
          ...Object.entries(child.fieldData).map(([f, value]) => ({ field: f, value })),
          { field: field._id, value: 'Nuts: EpiPen in the red bag' },
        ],
      }),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('opens the register from the activity’s sessions, with safeguarding flags in view', async () => {
    // On a phone the navigation sits behind the menu button, so the home's heading says we are in.
    await page.goto(`${stack.productUrl}/admin/login`);
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    // The home's next sessions each lead to their register too.
    await page.getByRole('heading', { name: 'Next 7 days' }).waitFor();
    const week = await call<{ sessions: { _id: string }[] }>('/api/overview');
    if (week.sessions.length > 0)
      expect(await page.getByRole('link', { name: /^Register: / }).count()).toBe(
        week.sessions.length,
      );

    await page.goto(`${stack.productUrl}/admin/activities/${groupId}`);
    await page.locator(`a[href="/admin/registers/${sessionId}"]`).first().tap();
    await page.getByRole('heading', { name: /^Register: / }).waitFor();
    const [ada] = register.rows;
    await expect
      .poll(() => card(ada!.attendee.name).locator('.register-flags').textContent())
      .toContain('Allergies: Nuts: EpiPen in the red bag');
    // A thumb-sized target: at least 44 px tall (WCAG 2.5.5) and a third of the card wide.
    const box = await card(ada!.attendee.name)
      .getByRole('button', { name: /^Present/ })
      .boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(90);
    expect(await audit(page, '.register')).toEqual([]);
    // Nothing sideways: the page fits the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('keeps marks made offline on the device and sends each exactly once when back online', async () => {
    const [a, b, c, d] = register.rows.map((r) => r.attendee.name) as [
      string,
      string,
      string,
      string,
    ];
    // Online: one tap checks the first child in.
    await card(a)
      .getByRole('button', { name: /^Present/ })
      .tap();
    await expect.poll(() => sync().textContent()).toBe('All marks saved.');
    expect((await history()).map((m) => [m.attendee.name, m.kind])).toEqual([[a, 'present']]);

    // The hall's Wi-Fi drops mid-register.
    await context.setOffline(true);
    await card(b)
      .getByRole('button', { name: /^Present/ })
      .tap();
    await card(c).getByRole('button', { name: /^Late/ }).tap();
    await card(d)
      .getByRole('button', { name: /^Absent/ })
      .tap();
    // A correction while offline: the child marked absent walks in late.
    await card(d).getByRole('button', { name: /^Late/ }).tap();
    // The first child goes home with their parent: one tap on the parent's name.
    await card(a)
      .getByRole('button', { name: /^Check out/ })
      .tap();
    const parent = register.rows[0]!.parent.name;
    await page.getByRole('button', { name: `Collected by ${parent}` }).tap();
    await expect
      .poll(() => sync().textContent())
      .toBe('5 marks saved on this device, waiting to send.');
    // The taps show at once, from the device's own copy.
    expect(await card(c).getByTestId('child-state').textContent()).toMatch(/^Late, in /);
    expect(await card(a).getByTestId('child-state').textContent()).toContain(`with ${parent}`);
    const stored = await page.evaluate(() => localStorage.getItem('classwise.registerQueue.v1'));
    expect(JSON.parse(stored!)).toHaveLength(5);
    expect(await history()).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}/offline-390.png`, fullPage: true });

    // Back online, the first answer is lost on the way back: the server has the mark, the device
    // does not know, so it sends it again. The server must not record it twice.
    let dropped = 0;
    await page.route('**/api/registers/*/marks', async (route) => {
      if (route.request().method() === 'POST' && dropped === 0) {
        dropped += 1;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await context.setOffline(false);
    // The browser's 'online' event starts the send; the retry after the lost answer follows.
    await expect.poll(() => sync().textContent(), { timeout: 20_000 }).toBe('All marks saved.');
    await page.unroute('**/api/registers/*/marks');
    expect(dropped).toBe(1);

    const marks = await history();
    const ids = marks.map((m) => m._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(marks.map((m) => [m.attendee.name, m.kind]).sort()).toEqual(
      [
        [a, 'present'],
        [b, 'present'],
        [c, 'late'],
        [d, 'absent'],
        [d, 'late'],
        [a, 'checkedOut'],
      ].sort(),
    );
    expect(marks.every((m) => m.markedBy.fullName.length > 0)).toBe(true);
    expect(marks.find((m) => m.kind === 'checkedOut')!.collectedBy).toBe(parent);
    const after = await call<RegisterDto>(`/api/registers/${sessionId}`);
    expect(after.summary).toMatchObject({ present: 2, late: 2, checkedOut: 1, inNow: 3 });
    expect(await page.evaluate(() => localStorage.getItem('classwise.registerQueue.v1'))).toBe(
      '[]',
    );
    await page.screenshot({ path: `${SHOTS}/online-390.png`, fullPage: true });
  });

  it('prints one page with the register and none of the dashboard around it', async () => {
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.register-print');
    expect(await printed.isVisible()).toBe(true);
    expect(await page.locator('.sidebar').isVisible()).toBe(false);
    expect(await page.locator('.register-screen-only').isVisible()).toBe(false);
    expect(await printed.locator('tbody tr').count()).toBe(register.rows.length);
    expect(await printed.textContent()).toContain('Allergies: Nuts: EpiPen in the red bag');
    await page.screenshot({ path: `${SHOTS}/print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });

  it('lists a day’s sessions with their counts, and prints each register on its own page', async () => {
    await page.goto(`${stack.productUrl}/admin/today`);
    await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    const today = await call<{ sessions: { _id: string }[] }>('/api/registers');
    await expect.poll(() => page.locator('.register-day-link').count()).toBe(today.sessions.length);

    // The register's day, a few taps away with Next day / Previous day, or by its address.
    const date = register.session.date;
    await page.goto(`${stack.productUrl}/admin/today?date=${date}`);
    await page.getByRole('heading', { name: 'Registers' }).waitFor();
    const day = await call<{ sessions: { _id: string }[] }>(`/api/registers?date=${date}`);
    const link = page.locator(`a.register-day-link[href="/admin/registers/${sessionId}"]`);
    await expect.poll(() => link.textContent()).toContain(`${register.rows.length} booked`);
    expect(await link.textContent()).toContain('3 in');
    await page.screenshot({ path: `${SHOTS}/day-390.png`, fullPage: true });
    expect(await audit(page, 'main')).toEqual([]);

    await page.emulateMedia({ media: 'print' });
    const pages = page.locator('.register-print');
    await expect.poll(() => pages.count()).toBe(day.sessions.length);
    const breaks = await pages.evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).breakAfter),
    );
    expect(breaks.every((b) => b === 'page')).toBe(true);
    expect(await page.locator('.register-screen-only').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows a mark the server refuses, rather than dropping it silently', async () => {
    const child = register.rows[4]!;
    await page.goto(`${stack.productUrl}/admin/registers/${sessionId}`);
    await card(child.attendee.name).waitFor();
    await context.setOffline(true);
    await card(child.attendee.name)
      .getByRole('button', { name: /^Present/ })
      .tap();
    // Meanwhile a colleague's phone, online, marks the child absent.
    await call(`/api/registers/${sessionId}/marks`, {
      method: 'POST',
      body: JSON.stringify({
        _id: 'colleague-mark-0001',
        attendee: child.attendee._id,
        kind: 'absent',
        at: new Date().toISOString(),
      }),
    });
    // This phone still thinks the child is in, and checks them out.
    await card(child.attendee.name)
      .getByRole('button', { name: /^Check out/ })
      .tap();
    await page.getByRole('button', { name: `Collected by ${child.parent.name}` }).tap();
    await context.setOffline(false);
    const alert = page.getByRole('alert').filter({ hasText: 'Some marks were not saved' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain(
      `${child.attendee.name}: Check the child in before checking them out.`,
    );
    await expect.poll(() => sync().textContent()).toBe('All marks saved.');
    const kinds = (await history())
      .filter((m) => m.attendee._id === child.attendee._id)
      .map((m) => m.kind);
    expect(kinds).toEqual(['present', 'absent']);
    await alert.getByRole('button', { name: 'Dismiss' }).tap();
    expect(await alert.count()).toBe(0);
  });

  it('lets the organiser add a coach, who signs in on a phone and sees those registers only, with no money', async () => {
    // The organiser adds the coach in Settings › Coaches, ticking this activity.
    const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await desk.goto(`${stack.productUrl}/admin/login`);
    await desk.getByLabel('Email').fill(DEMO_ADMIN.email);
    await desk.getByLabel('Password').fill(DEMO_ADMIN.password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Coaches' })
      .click();
    await desk.getByRole('heading', { name: 'Coaches' }).waitFor();
    await desk.getByRole('button', { name: 'Add coach' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Add coach' });
    await dialog.getByLabel('Full name').waitFor();
    expect(await audit(desk, 'body')).toEqual([]);
    await dialog.getByLabel('Full name').fill('Jo Coach');
    await dialog.getByLabel('Email').fill('jo.coach@example.com');
    await dialog.getByLabel('Password').fill('whistle-and-cones');
    await dialog.getByLabel(register.session.activityGroup.name).check();
    await dialog.getByRole('button', { name: 'Add coach' }).click();
    await desk.getByRole('cell', { name: register.session.activityGroup.name }).waitFor();
    await desk.close();

    // The coach, on their own phone, lands on Today and has nothing else to open.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const coach = await phone.newPage();
    await coach.goto(`${stack.productUrl}/admin/login`);
    await coach.getByLabel('Email').fill('jo.coach@example.com');
    await coach.getByLabel('Password').fill('whistle-and-cones');
    await coach.getByRole('button', { name: 'Sign in' }).tap();
    await coach.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    // The menu is folded away on a phone; its links are there all the same.
    const links = await coach
      .locator('nav[aria-label="Main"] a')
      .evaluateAll((els) => els.map((el) => el.textContent?.trim()));
    expect(links).toEqual(['Today']);

    await coach.goto(`${stack.productUrl}/admin/registers/${sessionId}`);
    await coach.getByRole('heading', { name: /^Register: / }).waitFor();
    await expect.poll(() => coach.locator('.register-child').count()).toBe(register.rows.length);
    expect(await coach.locator('.register-summary').textContent()).not.toContain('Owed');
    expect(await coach.getByText(/^(Owes|Paid) /).count()).toBe(0);
    expect(await coach.locator('.register-flags').first().isVisible()).toBe(true);
    await coach.screenshot({ path: `${SHOTS}/coach-390.png`, fullPage: true });
    // Money and other screens stay shut: the API refuses them.
    const overview = await coach.evaluate(async () => (await fetch('/api/overview')).status);
    expect(overview).toBe(403);
    await phone.close();

    // The demo's own coach (README) signs in the same way and takes the football registers.
    const demo = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'coach@example.com', password: 'classwise-coach' }),
    });
    const signedIn = (await demo.json()) as { data: { token: string; user: { role: string } } };
    expect(signedIn.data.user.role).toBe('coach');
    const coaches = await call<{ fullName: string; activityGroups: string[] }[]>('/api/coaches');
    expect(coaches.map((c) => c.fullName).sort()).toEqual(['Casey Coach', 'Jo Coach']);
  });
});
