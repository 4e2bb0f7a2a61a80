/*
 * The widget as organisers use it: the demo club's own page on one origin pastes the embed code,
 * and the widget, its lazy chunks and the API come from the product on another origin.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbedOptions, embedCode } from '../embed-snippet/code.ts';
import { QUEUE_STUB } from '../embed-snippet/queue.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();

const FOOTBALL = 'Junior Football – Spring Term';
const CAMP = 'Half-Term Multi-Sports Camp';
const SWIM = 'Little Dippers Swim Club';
const LEGEND = '*Price calculated on a pro rata basis.';

/**
 * More organiser pages (other templates, two widgets, another club), served from a real server
 * on a third origin: Chromium treats pages faked with page.route as public, and then refuses
 * their requests to the loopback product, so they must come from a loopback server like the demo.
 */
async function startHostSite() {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const body = pages.get(request.url ?? '');
    response.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(body ?? 'Not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.skipIf(!chrome)('the embedded widget on the demo organiser page', () => {
  let stack: Stack;
  let browser: Browser;
  let groupIds: Record<string, string>;
  let host: Awaited<ReturnType<typeof startHostSite>>;

  beforeAll(async () => {
    stack = await startStack();
    host = await startHostSite();
    browser = await launchChromium(chrome!);
    const response = await fetch(`${stack.productUrl}/api/activity-groups/full-list`, {
      headers: { 'X-Client-Id': stack.clientId },
    });
    const { data } = (await response.json()) as { data: { _id: string; name: string }[] };
    groupIds = Object.fromEntries(data.map((g) => [g.name, g._id]));
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await stack?.stop();
  });

  /**
   * A fresh page that records script errors and failed responses. Failed loads are tracked by
   * URL rather than from the console, whose message does not name them (the demo has no favicon).
   */
  async function openPage() {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
    page.on('requestfailed', (request) => errors.push(`${request.url()}: failed`));
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) {
        errors.push(`${response.url()}: ${response.status()}`);
      }
    });
    return { page, errors, requests };
  }

  /** Opens an organiser page holding the given embed codes, in the demo club's page design. */
  async function hostPage(page: Page, path: string, codes: EmbedOptions[], style = '') {
    const template = readFileSync(new URL('./demo/index.html', import.meta.url), 'utf8');
    host.pages.set(
      path,
      template
        .replace('</head>', `<style>${style}</style></head>`)
        .replace('<!-- EMBED CODE -->', codes.map((options) => embedCode(options)).join('\n')),
    );
    await page.goto(`${host.url}${path}`);
  }

  it("serves the widget's module scripts to other origins", async () => {
    // Module scripts (widget.js and its lazy chunks under /widget/) are always fetched in CORS
    // mode; without this header every organiser's page shows nothing but a console error.
    const response = await fetch(`${stack.productUrl}/widget.js`, {
      headers: { Origin: new URL(stack.demoUrl).origin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin'), '/widget.js CORS header').toBe('*');
  });

  it('lists the published activities with dates, ages and prices, from the other origin', async () => {
    const { page, errors, requests } = await openPage();
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    const cards = widget.locator('.cw-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);

    const football = cards.filter({ has: page.getByRole('heading', { name: FOOTBALL }) });
    // Time ranges carry word joiners around the dash (they never wrap on a phone).
    const text = (await football.textContent())?.replaceAll('\u2060', '');
    expect(text).toContain('Riverside Sports Centre');
    expect(text).toContain('Ages 6–9');
    expect(text).toContain('10am–11am');
    expect(text).toContain('10 sessions');
    expect(text).toContain('Full term');
    expect(text).toContain('£80.00*');
    expect(text).toContain('Pay as you go');
    expect(text).toContain('£9.50');
    const swim = await cards
      .filter({ has: page.getByRole('heading', { name: SWIM }) })
      .textContent()
      .then((t) => t?.replaceAll('\u2060', ''));
    expect(swim).toContain('4.30pm–5pm');
    expect(swim).toMatch(/£36\.00\s*per month/);
    const camp = await cards
      .filter({ has: page.getByRole('heading', { name: CAMP }) })
      .textContent()
      .then((t) => t?.replaceAll('\u2060', ''));
    expect(camp).toContain('9am–3pm');
    expect(camp).toContain('£125.00');
    // Places left per next date while browsing (Monday 20, Tuesday 7 of 8 booked, Wednesday 2).
    expect(camp).toMatch(/20 places left.*1 place left.*2 places left/);
    expect(text).toContain('16 places left');
    // Swim sessions have 8 places each and none are booked.
    expect(swim).toContain('8 places left');
    await expect.poll(() => widget.getByText(LEGEND).count()).toBe(1);

    // Everything came from the product's origin, not the page's: the cross-origin path works.
    const product = new URL(stack.productUrl).origin;
    expect(new URL(stack.demoUrl).origin).not.toBe(product);
    expect(requests).toContain(`${product}/embed.js`);
    expect(requests).toContain(`${product}/widget.js`);
    // The settings and the first page, in one read /embed.js started (issue 18).
    expect(requests).toContain(`${product}/api/widget-start?clientId=${stack.clientId}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a group from its Book button, by keyboard, and comes back', async () => {
    const { page, errors, requests } = await openPage();
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    const book = widget.getByRole('button', { name: `Book ${FOOTBALL}` });
    await book.waitFor({ timeout: 15_000 });
    await book.focus();
    await page.keyboard.press('Enter');

    const heading = widget.getByRole('heading', { name: FOOTBALL, level: 3 });
    await heading.waitFor();
    // Focus follows the user to the page they opened.
    await expect
      .poll(() =>
        heading.evaluate(
          (h) =>
            h.getRootNode() instanceof ShadowRoot &&
            (h.getRootNode() as ShadowRoot).activeElement === h,
        ),
      )
      .toBe(true);
    const detail = widget.locator('.cw-detail').first();
    const sessions = widget.locator('table').first().locator('tbody tr');
    expect(await sessions.count()).toBe(10);
    // Places left per session, before any sign-in: six children of the demo's register are
    // booked on the first Saturday, and the tournament's 4 places are booked out.
    expect(await sessions.first().textContent()).toContain('10 places left');
    expect(await sessions.nth(1).textContent()).toContain('16 places left');
    expect(await sessions.last().textContent()).toContain('Full');
    // Football has a waitlist (Premium), so the page offers it.
    expect(await widget.getByRole('button', { name: 'Join waitlist' }).count()).toBe(1);
    const text = await detail.textContent();
    expect(text).toContain('Fun, skills-based football');
    expect(text).toContain('12 Riverside Walk');
    expect(text).toContain('All sessions');
    expect(text).toContain('£80.00*');
    expect(text).toContain('Kit hire');
    expect(text).toContain('£5.00');
    expect(text).toContain(LEGEND);
    // The group page is a lazy chunk, fetched from the product's origin on demand.
    expect(requests.some((url) => /\/widget\/GroupDetail-[\w-]+\.js$/.test(url))).toBe(true);

    await widget.getByRole('button', { name: 'All activities' }).click();
    await book.waitFor();
    await expect
      .poll(() => book.evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b))
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers the waitlist only on groups that have one', async () => {
    const { page, errors } = await openPage();
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    await widget.getByRole('button', { name: `Book ${SWIM}` }).click({ timeout: 15_000 });
    await widget.getByRole('heading', { name: SWIM, level: 3 }).waitFor();
    await widget.getByRole('button', { name: 'Book now' }).waitFor();
    expect(await widget.getByRole('button', { name: 'Join waitlist' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('replays Classwise() calls queued before the script loaded, then runs calls at once', async () => {
    const { page, errors } = await openPage();
    const camp = groupIds[CAMP];
    // The page's own code calls Classwise before /widget.js has arrived, through the very stub
    // the snippet pastes (which then keeps this queue rather than starting another).
    await page.addInitScript({
      content: `${QUEUE_STUB}
        Classwise('open', { activityGroup: ${JSON.stringify(camp)} });
        Classwise('no-such-command');
        Classwise('on', 'booked', function () {});`,
    });
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    await widget.getByRole('heading', { name: CAMP, level: 3 }).waitFor({ timeout: 15_000 });

    // The page side arrives just after the script (issue 18), so the listing's card may name the
    // camp first: the queue is replayed moments later.
    const state = () =>
      page.evaluate(() => {
        const api = (window as unknown as { Classwise: { q?: unknown[]; loading?: boolean } })
          .Classwise;
        return { queued: api.q?.length ?? 0, loading: api.loading };
      });
    await expect.poll(state).toEqual({ queued: 0, loading: true });
    // The bad call was logged and skipped; the calls around it still ran.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('unknown command "no-such-command"');

    // After load, calls run at once.
    await page.evaluate(() => (window as any).Classwise('open', {}));
    await expect.poll(() => widget.locator('.cw-card').count()).toBe(3);
    await page.evaluate(() => (window as any).Classwise('open', { activityGroup: 42 }));
    expect(errors.some((e) => e.includes("Classwise('open', …) failed"))).toBe(true);
    await page.close();
  });

  it('Seamless takes the page’s font and colours; two named widgets take their own calls', async () => {
    const { page, errors, requests } = await openPage();
    const swim = groupIds[SWIM];
    await hostPage(
      page,
      '/seamless.html',
      [
        { origin: stack.productUrl, clientId: stack.clientId, template: 'Seamless', name: 'all' },
        {
          origin: stack.productUrl,
          clientId: stack.clientId,
          name: 'swim',
          view: { kind: 'activityGroup', id: swim },
          buttonDisplay: 'full width',
        },
      ],
      'main { color: #3b1f0e }',
    );
    const [seamless, second] = [
      page.locator('classwise-widget[name="all"]'),
      page.locator('classwise-widget[name="swim"]'),
    ];
    await expect.poll(() => seamless.locator('.cw-card').count(), { timeout: 15_000 }).toBe(3);
    await second.getByRole('heading', { name: SWIM, level: 3 }).waitFor();
    // Two pasted snippets, one widget script.
    expect(requests.filter((url) => url.endsWith('/widget.js'))).toHaveLength(1);
    // Starting on one group: no way back to a listing the organiser did not embed.
    expect(await second.getByRole('button', { name: 'All activities' }).count()).toBe(0);

    const looks = await seamless
      .locator('.cw-card')
      .first()
      .evaluate((card) => {
        const style = getComputedStyle(card);
        const title = getComputedStyle(card.querySelector('h3')!);
        return {
          font: title.fontFamily,
          colour: title.color,
          border: style.borderLeftWidth,
          background: style.backgroundColor,
        };
      });
    expect(looks.font).toContain('Georgia');
    expect(looks.colour).toBe('rgb(59, 31, 14)');
    expect(looks.border).toBe('0px');
    expect(looks.background).toBe('rgba(0, 0, 0, 0)');
    const defaultFont = await second
      .locator('h3')
      .first()
      .evaluate((h) => getComputedStyle(h).fontFamily);
    expect(defaultFont).not.toContain('Georgia');

    // A named call reaches only its widget.
    await page.evaluate(
      (id) => (window as any).Classwise('open', { activityGroup: id, widget: 'all' }),
      groupIds[FOOTBALL],
    );
    await seamless.getByRole('heading', { name: FOOTBALL, level: 3 }).waitFor();
    expect(await second.getByRole('heading', { name: SWIM, level: 3 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an error with Retry when the API fails, and recovers', async () => {
    const { page } = await openPage();
    let failing = true;
    // The loader's first read fails too; the widget then asks for itself, and that fails.
    await page.route('**/api/widget-start*', (route) => route.fulfill({ status: 503, body: '' }));
    await page.route('**/api/activity-groups/listing*', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            headers: { 'Access-Control-Allow-Origin': '*' },
            body: JSON.stringify({ message: 'Service unavailable' }),
          })
        : route.continue(),
    );
    await page.goto(stack.demoUrl);
    const widget = page.locator('classwise-widget');
    // The client retries reads 3 times with backoff before the widget gives up.
    const alert = widget.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('Sorry, we could not load the activities.');
    failing = false;
    await widget.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => widget.locator('.cw-card').count(), { timeout: 15_000 }).toBe(3);
    await page.close();
  });

  it("says 'No activities found' for an organiser with none, and shows nobody else's", async () => {
    const response = await fetch(`${stack.productUrl}/api/organisers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        organisationName: 'Brand New Club',
        fullName: 'New Organiser',
        email: `new-${Date.now()}@example.com`,
        password: 'a-long-password',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { clientId: string } };
    const { page, errors } = await openPage();
    await hostPage(page, '/new-club.html', [{ origin: stack.productUrl, clientId: data.clientId }]);
    const widget = page.locator('classwise-widget');
    await widget.getByText('No activities found').waitFor({ timeout: 15_000 });
    expect(await widget.locator('.cw-card').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
  it('prices a pro-rata term that has started at its remaining sessions, full price struck', async () => {
    const email = `term-${Date.now()}@example.com`;
    const signUp = await fetch(`${stack.productUrl}/api/organisers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        organisationName: 'Term Club',
        fullName: 'Term Organiser',
        email,
        password: 'a-long-password',
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      }),
    });
    expect(signUp.status).toBe(201);
    const { data: club } = (await signUp.json()) as { data: { clientId: string } };
    const login = await fetch(`${stack.productUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'a-long-password' }),
    });
    // The signed-in admin's token: a script outside the browser sends no Origin, so the dashboard
    // cookie's writes (which must come from the dashboard's own page) are not for it.
    const { data: session } = (await login.json()) as { data: { token: string } };
    // Five weekly sessions, the first already past: 200 for the term is 160 for the 4 left.
    const week = (n: number) => new Date(Date.now() + (n * 7 - 3) * 86_400_000).toISOString();
    const created = await fetch(`${stack.productUrl}/api/activity-groups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
      body: JSON.stringify({
        name: 'Gymnastics Term',
        activities: [0, 1, 2, 3, 4].map((n) => ({
          _id: `temp_${n}`,
          date: week(n).slice(0, 10),
          startTime: '16:00',
          endTime: '17:00',
        })),
        tickets: [{ _id: 'temp_t', type: 'all', name: 'Term', price: '200', shouldProRata: true }],
        addOns: [],
      }),
    });
    expect(created.status).toBe(201);

    const { page, errors } = await openPage();
    await hostPage(page, '/term-club.html', [
      { origin: stack.productUrl, clientId: club.clientId },
    ]);
    // The listing paints three skeleton cards first: wait for the activity's own card.
    const card = page.locator('classwise-widget').locator('.cw-card:not(.cw-skel-card)');
    await card.first().waitFor({ timeout: 15_000 });
    const text = await card.first().textContent();
    expect(text).toContain('£160.00*');
    expect(text).toContain('for the 4 remaining sessions');
    expect(await card.first().locator('s').textContent()).toBe('£200.00');
    expect(errors).toEqual([]);
    await page.close();
  });
});
