/*
 * Issue 5's second browser test: on an organiser's page embedding the waitlist form for the
 * holiday camp (the embed's `waitlist` starting view), the demo parent signs in inside the
 * widget and joins the waitlist for the camp's Wednesday, which other parents have filled. The
 * form then marks that session 'Joined waitlist', and the admin sees the entry; then the
 * football club's all-sessions waitlist, with the age notice and the already-joined message; then
 * signing out and in as a parent who has Wednesday's place ('Already booked').
 * Also the embed code's other starting view: a home tab's listing.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbedOptions, embedCode } from '../embed-snippet/code.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();
const CAMP = 'Half-Term Multi-Sports Camp';
const FOOTBALL = 'Junior Football – Spring Term';

interface PublicGroup {
  _id: string;
  name: string;
  activities: { _id: string; date: string; placeLimit: number | null }[];
  tickets: { _id: string; name: string }[];
}

describe.skipIf(!chrome)('the waitlist form on an organiser page', () => {
  let stack: Stack;
  let browser: Browser;
  let host: Server;
  let hostUrl: string;
  let camp: PublicGroup;
  let football: PublicGroup;

  async function api<T>(
    path: string,
    init: { method?: string; token?: string; body?: unknown; cookie?: string } = {},
  ) {
    const response = await fetch(`${stack.productUrl}${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        'Content-Type': 'application/json',
        'X-Client-Id': stack.clientId,
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        // The dashboard's cookie changes things only from the dashboard's own origin.
        ...(init.cookie ? { Cookie: init.cookie, Origin: stack.productUrl } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const json = (await response.json()) as { data: T; message?: string };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${json.message}`);
    return { data: json.data, response };
  }

  /** A new parent with one child, through the public API, as the widget would do it. */
  async function parentWithChild(n: number) {
    const email = `filler-${n}-${Date.now()}@example.com`;
    const { data } = await api<{ token: string }>('/api/auth/register', {
      body: {
        fullName: `Filler ${n}`,
        email,
        password: 'a-long-password',
        confirmPassword: 'a-long-password',
      },
    });
    const fields = (
      await api<{ _id: string; internalKey: string | null }[]>('/api/fields?usage=attendee', {
        token: data.token,
      })
    ).data;
    const key = (k: string) => fields.find((f) => f.internalKey === k)!._id;
    const child = await api<{ _id: string }>('/api/user/attendees', {
      token: data.token,
      body: {
        fieldData: [
          { field: key('firstName'), value: `Kid${n}` },
          { field: key('lastName'), value: 'Filler' },
          { field: key('dateOfBirth'), value: '2018-03-01' },
        ],
      },
    });
    return { token: data.token, attendee: child.data._id, email };
  }

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    const list = await api<PublicGroup[]>('/api/activity-groups/full-list');
    camp = list.data.find((g) => g.name === CAMP)!;
    football = list.data.find((g) => g.name === FOOTBALL)!;
    const template = readFileSync(new URL('./demo/index.html', import.meta.url), 'utf8');
    const embed = (view: EmbedOptions['view']) =>
      template.replace(
        '<!-- EMBED CODE -->',
        embedCode({ origin: stack.productUrl, clientId: stack.clientId, view }),
      );
    const pages: Record<string, string> = {
      '/': embed({ kind: 'waitlist', id: camp._id }),
      '/football': embed({ kind: 'tab', path: 'football' }),
    };
    host = createServer((request, response) => {
      const body = pages[request.url ?? ''];
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

  it("joins the waitlist for the camp's full Wednesday", async () => {
    // Wednesday (the third day) has 2 places: two other parents take them.
    const wednesday = [...camp.activities].sort((a, b) => a.date.localeCompare(b.date))[2];
    expect(wednesday.placeLimit).toBe(2);
    const day = camp.tickets.find((t) => t.name === 'Day ticket')!;
    const provider = (
      await api<{ childcareVoucherProviders: { _id: string }[] }>('/api/bookings/payment-options')
    ).data.childcareVoucherProviders[0];
    const fillers: string[] = [];
    for (const n of [1, 2]) {
      const filler = await parentWithChild(n);
      fillers.push(filler.email);
      const booked = await api<{ _id: string }>('/api/bookings', {
        token: filler.token,
        body: {
          activityGroups: [
            {
              activityGroup: camp._id,
              items: [
                {
                  ticket: day._id,
                  activities: [wednesday._id],
                  addOns: [],
                  attendees: [filler.attendee],
                },
              ],
            },
          ],
          paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: provider._id },
        },
      });
      expect(booked.response.status).toBe(201);
    }
    // Full: a third parent is refused with 409, nothing booked.
    const third = await parentWithChild(3);
    const refused = await fetch(`${stack.productUrl}/api/bookings`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Client-Id': stack.clientId,
        Authorization: `Bearer ${third.token}`,
      },
      body: JSON.stringify({
        activityGroups: [
          {
            activityGroup: camp._id,
            items: [
              {
                ticket: day._id,
                activities: [wednesday._id],
                addOns: [],
                attendees: [third.attendee],
              },
            ],
          },
        ],
        paymentMethod: { type: 'childcareVoucher', childcareVoucherProvider: provider._id },
      }),
    });
    expect(refused.status).toBe(409);
    const after = await api<{ activities: { _id: string; placesLeft: number | null }[] }>(
      `/api/activity-groups/${camp._id}/public`,
    );
    expect(after.data.activities.find((s) => s._id === wednesday._id)?.placesLeft).toBe(0);

    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(hostUrl);
    const widget = page.locator('classwise-widget');

    // The waitlist needs a parent: sign in inside the widget.
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
    await widget.getByLabel('Email').fill('parent@example.com');
    await widget.getByLabel('Password').fill('classwise-parent');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();

    const heading = widget.getByRole('heading', { name: `Join the waitlist: ${CAMP}` });
    await heading.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => heading.evaluate((h) => (h.getRootNode() as ShadowRoot).activeElement === h))
      .toBe(true);
    await widget.getByLabel('Attendee').selectOption({ label: 'Mia Parent' });

    const sessions = widget.getByRole('group', { name: 'Sessions' }).getByRole('checkbox');
    await expect.poll(() => sessions.count()).toBe(5);
    const target = sessions.nth(2);
    expect(await target.isDisabled()).toBe(false);
    // Only the full Wednesday can be waitlisted; Monday still has places, and the form says why.
    expect(await sessions.nth(0).isDisabled()).toBe(true);
    expect(await sessions.nth(0).isChecked()).toBe(false);
    const monday = widget.getByRole('group', { name: 'Sessions' }).locator('label').nth(0);
    expect(await monday.textContent()).toContain('places left');
    await widget
      .getByText('Only full sessions have a waitlist. Sessions with places left can be booked now.')
      .waitFor();
    await target.check();
    await widget.getByRole('button', { name: 'Join waitlist' }).click();

    await widget.getByText('You have joined the waitlist.', { exact: false }).waitFor();
    const row = widget.getByRole('group', { name: 'Sessions' }).locator('label').nth(2);
    await expect.poll(() => row.textContent()).toContain('Joined waitlist');
    expect(await target.isDisabled()).toBe(true);
    expect(await target.isChecked()).toBe(true);

    // The admin sees the entry.
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'classwise-admin' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const entries = await api<
      { activity: { _id: string } | null; attendee: { name: string }; status: string }[]
    >(`/api/waitlists?filters=${encodeURIComponent(JSON.stringify({ activityGroup: camp._id }))}`, {
      cookie,
    });
    const mias = entries.data.filter((e) => e.attendee.name === 'Mia Parent');
    expect(mias).toEqual([
      expect.objectContaining({
        activity: expect.objectContaining({ _id: wednesday._id }),
        status: 'Waiting',
      }),
    ]);

    // The football waitlist (one entry covers every session), from the group's own page.
    await page.evaluate(
      (id) =>
        (window as unknown as { Classwise: (...a: unknown[]) => void }).Classwise('open', {
          activityGroup: id,
        }),
      football._id,
    );
    await widget.getByRole('button', { name: 'Join waitlist' }).click({ timeout: 15_000 });
    await widget.getByRole('heading', { name: `Join the waitlist: ${FOOTBALL}` }).waitFor();
    await widget.getByText('The waitlist covers every session of this activity.').waitFor();
    // Leo is 5 and the club is for 6 to 9: a notice, not a block.
    await widget.getByLabel('Attendee').selectOption({ label: 'Leo Parent' });
    await widget
      .getByText('Please note that the attendee is outside of the age range for this activity.')
      .waitFor();
    await widget.getByRole('button', { name: 'Join waitlist' }).click();
    await widget
      .getByText('This attendee has already joined the waitlist for this activity.')
      .waitFor();
    expect(await widget.getByRole('button', { name: 'Join waitlist' }).count()).toBe(0);

    // Another parent, whose child has Wednesday's place: signing out and in again in the widget.
    await widget.getByRole('button', { name: 'Sign out' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    await widget.getByLabel('Email').fill(fillers[0]);
    await widget.getByLabel('Password').fill('a-long-password');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.evaluate(
      (id) =>
        (window as unknown as { Classwise: (...a: unknown[]) => void }).Classwise('open', {
          activityGroup: id,
        }),
      camp._id,
    );
    await widget.getByRole('button', { name: 'Join waitlist' }).click({ timeout: 15_000 });
    const theirs = widget.getByRole('group', { name: 'Sessions' }).locator('label').nth(2);
    await expect.poll(() => theirs.textContent(), { timeout: 15_000 }).toContain('Already booked');
    expect(await theirs.getByRole('checkbox').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a home tab's embed lists only that tab's activities", async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.goto(`${hostUrl}football`);
    const widget = page.locator('classwise-widget');
    await widget
      .getByRole('heading', { name: 'Junior Football – Spring Term' })
      .waitFor({ timeout: 15_000 });
    expect(await widget.locator('.cw-card').count()).toBe(1);
    expect(await widget.getByRole('heading', { name: CAMP }).count()).toBe(0);
    await page.close();
  });
});
