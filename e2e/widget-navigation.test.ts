/*
 * Issue 15, navigation parents expect: the widget keeps its step in the host page's URL hash
 * (`#classwise=<path>`), so the browser's Back and Forward move between steps, a reload returns to
 * the same step with the basket kept, and links open an activity or a waitlist offer. Also: the
 * host page's analytics events, focus after failed submits and 'Book another activity', two
 * widgets sharing the parent's sign-in, and the phone layout (390 px) of the steps.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedCode } from '../embed-snippet/code.ts';
import {
  type ApiInit,
  callApi,
  chromiumOrSkip,
  launchChromium,
  type Stack,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';
const CAMP = 'Half-Term Multi-Sports Camp';
const PARENT = { email: 'parent@example.com', password: 'classwise-parent', name: 'Sam Parent' };
const SHOTS = '/tmp/widget-nav';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical WCAG 2.1 A/AA violations inside the widget, one line each. */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(
      { include: [['classwise-widget']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    )) as { violations: { id: string; impact: string; nodes: { target: unknown }[] }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  return found.map((line) => `${where}: ${line}`);
}

interface PublicGroup {
  _id: string;
  name: string;
  activities: { _id: string; date: string }[];
}

describe.skipIf(!chrome)('widget navigation on a host page', () => {
  let stack: Stack;
  let browser: Browser;
  let host: Server;
  let hostUrl: string;
  let football: PublicGroup;
  let camp: PublicGroup;

  const call = <T>(path: string, init: ApiInit = {}) => callApi<T>(stack, path, init);

  /** A page on the host site, recording the widget's events as the organiser's analytics would. */
  async function open(path = '', viewport = { width: 1000, height: 900 }) {
    const page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const w = window as unknown as { events: unknown[]; Classwise: (...a: unknown[]) => void };
      w.events = [];
      // The embed code's queue stub, early, so these handlers are queued before the page runs.
      w.Classwise ||= Object.assign((...args: unknown[]) => stub.q.push(args), {
        q: [] as unknown[],
      });
      const stub = w.Classwise as unknown as { q: unknown[] };
      for (const name of ['step', 'booked', 'waitlistJoined']) {
        w.Classwise('on', name, (detail: unknown) => w.events.push({ name, detail }));
      }
    });
    await page.goto(`${hostUrl}${path}`);
    return { page, errors, widget: page.locator('classwise-widget').first() };
  }

  const events = (page: Page) =>
    page.evaluate(
      () => (window as unknown as { events: { name: string; detail: { step?: string } }[] }).events,
    );
  const hash = (page: Page) => page.evaluate(() => decodeURIComponent(location.hash));
  /** The focused element inside the widget: its text, or `input:<name>` for a field. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      if (active instanceof HTMLInputElement) return `input:${active.name}`;
      return active?.textContent ?? '';
    });

  async function signIn(widget: Locator) {
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
    await widget.getByLabel('Email').fill(PARENT.email);
    await widget.getByLabel('Password').fill(PARENT.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Listing → football → sign in → Mia → pay-as-you-go, second session → basket. */
  async function toBasket(page: Page, widget: Locator) {
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).click({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Book now' }).click();
    await signIn(widget);
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Pay as you go/ }).check();
    const sessions = widget.getByRole('group', { name: /^Sessions for / }).first();
    await sessions.getByRole('checkbox').nth(1).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
    expect(await hash(page)).toBe(`#classwise=activity/${football._id}/basket`);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    stack = await startStack();
    browser = await launchChromium(chrome!);
    const list = await call<PublicGroup[]>('/api/activity-groups/full-list');
    football = list.find((g) => g.name === FOOTBALL)!;
    camp = list.find((g) => g.name === CAMP)!;
    const code = embedCode({ origin: stack.productUrl, clientId: stack.clientId });
    const page = (body: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Club</title></head><body><main><h1>Book a class</h1>${body}</main></body></html>`;
    const pages: Record<string, string> = {
      '/': page(code),
      // Two widgets: the second one owns the URL hash, named by its `history` attribute.
      '/two': page(
        `${code}<h2>Holiday camp</h2><classwise-widget client="${stack.clientId}" activity-group="${camp._id}" history></classwise-widget>`,
      ),
    };
    host = createServer((request, response) => {
      const body = pages[new URL(request.url ?? '/', 'http://x').pathname];
      response.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(body ?? 'Not found');
    });
    await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((done) => (host ? host.close(() => done()) : done()));
    await stack?.stop();
  });

  it('moves between steps with Back and Forward, and a reload keeps the step and the basket', async () => {
    const { page, errors, widget } = await open('', { width: 390, height: 844 });
    await toBasket(page, widget);
    await page.screenshot({ path: `${SHOTS}/basket-390.png`, fullPage: true });
    const violations = await audit(page, 'basket at 390 px');
    const basketText = await widget.locator('.cw-step').textContent();
    expect(basketText).toContain('Mia Parent');
    // The step indicator marks where the parent is.
    const current = widget.locator('.cw-steps [aria-current="step"]');
    expect(await current.textContent()).toBe('Basket');

    await page.goBack();
    const tickets = widget.getByRole('heading', { name: 'Choose tickets' });
    await tickets.waitFor();
    violations.push(...(await audit(page, 'tickets at 390 px')));
    expect(await hash(page)).toBe(`#classwise=activity/${football._id}/tickets`);
    // Focus follows to the step's heading; the choices are still there.
    await expect.poll(() => focused(page)).toBe('Choose tickets');
    expect(await widget.getByRole('radio', { name: /Pay as you go/ }).isChecked()).toBe(true);
    await page.goBack();
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor();
    expect(await widget.getByRole('checkbox', { name: 'Mia Parent' }).isChecked()).toBe(true);
    violations.push(...(await audit(page, 'attendees at 390 px')));
    await page.goForward();
    await tickets.waitFor();
    await page.goForward();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();

    // A reload: the same step, the same basket, still signed in.
    await page.reload();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor({ timeout: 15_000 });
    // The basket shows at once and checks its prices with the organiser again, as it did.
    await expect.poll(() => widget.locator('.cw-step').textContent()).toBe(basketText);

    // Back past the first step leaves the journey for the activity, then the listing.
    for (const heading of ['Choose tickets', 'Who is attending?', FOOTBALL]) {
      await page.goBack();
      await widget.getByRole('heading', { name: heading }).waitFor();
    }
    await page.goBack();
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).waitFor();
    expect(await hash(page)).toBe('');
    // Focus returns to the Book button that opened the activity.
    await expect.poll(() => focused(page)).toBe('Book');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens an activity from a link, and an unknown path shows the listing', async () => {
    const { page, widget } = await open(`#top&classwise=activity/${camp._id}`);
    await widget.getByRole('heading', { name: CAMP }).waitFor({ timeout: 15_000 });
    // A page that opens on a link does not steal the focus.
    expect(await focused(page)).not.toBe(CAMP);
    await widget.getByRole('button', { name: 'All activities' }).click();
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).waitFor();
    // The host page's own part of the hash stays.
    expect(await hash(page)).toBe('#top');
    await page.goto(`${hostUrl}#classwise=nonsense/1`);
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it('opens a waitlist offer from its link: sign in (focus on the field in error), then the offer', async () => {
    const { token } = await call<{ token: string }>('/api/auth/login', {
      body: { email: PARENT.email, password: PARENT.password },
    });
    const mia = (
      await call<{ _id: string; name: string }[]>('/api/user/attendees', { token })
    ).find((a) => a.name === 'Mia Parent')!;
    // Football's waitlist covers every session; the organiser then offers Mia a place.
    const [entry] = await call<{ _id: string }[]>('/api/waitlists', {
      token,
      body: { activityGroup: football._id, attendee: mia._id, activities: [] },
    });
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'classwise-admin' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    await call(`/api/waitlists/${entry._id}/status`, {
      method: 'PUT',
      cookie,
      body: { status: 'Ready' },
    });

    const { page, errors, widget } = await open(`#classwise=offer/${entry._id}`, {
      width: 390,
      height: 844,
    });
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
    // A failed sign-in: focus goes to the first field in error.
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('alert').waitFor();
    await expect.poll(() => focused(page)).toBe('input:email');
    await widget.getByLabel('Email').fill(PARENT.email);
    await widget.getByLabel('Password').fill(PARENT.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'Your waitlist offer' }).waitFor();
    const offer = widget.getByRole('region', { name: new RegExp(FOOTBALL) });
    expect(await offer.textContent()).toContain('A place is kept for Mia Parent until');
    await page.screenshot({ path: `${SHOTS}/offer-390.png`, fullPage: true });
    expect(await audit(page, 'offer at 390 px')).toEqual([]);
    await offer.getByRole('button', { name: /^Book / }).click();
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor();
    expect(await hash(page)).toBe(`#classwise=activity/${football._id}/attendees`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sends step, waitlistJoined and booked events with amounts, and nobody's details", async () => {
    const { page, widget } = await open();
    // The football waitlist first (one entry covers every session), for Leo.
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).click({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Join waitlist' }).click();
    await signIn(widget);
    await widget.getByLabel('Attendee').selectOption({ label: 'Leo Parent' });
    await widget.getByRole('button', { name: 'Join waitlist' }).click();
    await widget.getByText(/You have joined the waitlist/).waitFor();
    await widget.getByRole('button', { name: 'Back to the activity' }).click();
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('radio', { name: /Pay as you go/ }).check();
    await widget
      .getByRole('group', { name: /^Sessions for / })
      .getByRole('checkbox')
      .nth(2)
      .check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor({ timeout: 15_000 });
    await widget.getByRole('radio', { name: /Tax-Free Childcare/ }).check();
    await widget.getByRole('button', { name: 'Place booking' }).click();
    await widget.getByRole('heading', { name: /Booking (received|confirmed)/ }).waitFor();
    // 'Book another activity' takes focus to the listing's heading.
    await widget.getByRole('button', { name: 'Book another activity' }).click();
    await widget.getByRole('button', { name: `Book ${FOOTBALL}` }).waitFor();
    await expect.poll(() => focused(page)).toBe('Activities');

    const all = await events(page);
    const step = (name: string) =>
      all.find((e) => e.name === 'step' && e.detail.step === name)?.detail as Record<
        string,
        unknown
      >;
    expect(all.filter((e) => e.name === 'step').map((e) => e.detail.step)).toEqual([
      'listing',
      'activity',
      'waitlist',
      'activity',
      'attendees',
      'tickets',
      'basket',
      'payment',
      'listing',
    ]);
    expect(step('activity')).toEqual({
      step: 'activity',
      activityGroup: { _id: football._id, name: FOOTBALL },
    });
    const payment = step('payment');
    expect(payment).toMatchObject({
      activityGroup: { _id: football._id, name: FOOTBALL },
      attendees: 1,
      amount: 950,
      total: 950,
      currency: 'GBP',
    });
    const booked = all.find((e) => e.name === 'booked')?.detail;
    expect(booked).toMatchObject({ total: 950, currency: 'GBP', attendees: 1 });
    const joined = all.filter((e) => e.name === 'waitlistJoined').map((e) => e.detail);
    expect(joined).toEqual([
      {
        activityGroup: { _id: football._id, name: FOOTBALL },
        sessions: football.activities.length,
        allSessions: true,
      },
    ]);
    // No personal data in any event: not the parent's name or e-mail, not the children's names.
    const sent = JSON.stringify(all);
    for (const personal of [PARENT.email, PARENT.name, 'Mia', 'Leo']) {
      expect(sent).not.toContain(personal);
    }
    await page.close();
  });

  it('shares the sign-in between two widgets; only the one named by `history` owns the hash', async () => {
    const { page, widget: first } = await open('two');
    const second = page.locator('classwise-widget').nth(1);
    await second.getByRole('heading', { name: CAMP }).waitFor({ timeout: 15_000 });
    await first.getByRole('button', { name: 'My bookings' }).click();
    expect(await hash(page)).toBe('');
    await signIn(first);
    await first.getByRole('heading', { name: 'My bookings' }).waitFor({ timeout: 15_000 });
    // The other widget knows: Book now goes straight to the attendees.
    await second.getByRole('button', { name: 'Book now' }).click();
    await second.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
    expect(await second.getByText(`Signed in as ${PARENT.name}`).count()).toBe(1);
    expect(await hash(page)).toBe(`#classwise=activity/${camp._id}/attendees`);
    // Signing out in one signs out the other.
    await second.getByRole('button', { name: 'Sign out' }).click();
    await first.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    await page.close();
  });

  it('fits a phone: one-line session rows, time ranges that never wrap, one date style', async () => {
    const { page, widget } = await open(`#classwise=activity/${camp._id}`, {
      width: 390,
      height: 844,
    });
    const table = widget.locator('.cw-table').first();
    await table.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/detail-390.png`, fullPage: true });
    expect(await audit(page, 'activity at 390 px')).toEqual([]);
    const lines = await table.evaluate((t) =>
      [...t.querySelectorAll('td')].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { text: td.textContent, lines: tops.size };
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const cell of lines) expect(cell, cell.text ?? '').toMatchObject({ lines: 1 });
    // 'Mon 16 Feb' style, as on the listing: no numeric dates.
    expect(await table.textContent()).not.toMatch(/\d\/\d/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.close();
  });
});
