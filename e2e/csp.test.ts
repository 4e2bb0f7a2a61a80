/*
 * Issue 15: the widget on an organiser's site that sends a strict Content-Security-Policy. The
 * host page allows only itself, plus exactly what the Embed code screen publishes (read from the
 * screen, and equal to embed-snippet/csp.ts), sent as a real header; then a parent walks from the
 * listing to the sign-in and on to the attendees, with and without Trusted Types required. Every
 * `securitypolicyviolation` and console error is collected: there must be none, and the widget
 * must look styled (computed styles), not merely be present.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedCode } from '../embed-snippet/code.ts';
import {
  cspAdditions,
  type Directives,
  formatPolicy,
  TRUSTED_TYPES_POLICY,
  withAdditions,
} from '../embed-snippet/csp.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';
const PARENT = { email: 'parent@example.com', password: 'classwise-parent' };

// The organiser's own look, from its own origin: no inline style anywhere on the page but ours.
const SITE_CSS = 'body{font-family:Georgia,serif;color:#1d2a36;background:#f6f4ef;margin:24px}';

/** A loopback site (Chromium blocks page.route fakes from reaching the loopback product). */
async function startStrictSite() {
  const pages = new Map<string, { html: string; policy: string }>();
  const server: Server = createServer((request, response) => {
    if (request.url === '/site.css') {
      response.writeHead(200, { 'Content-Type': 'text/css' });
      response.end(SITE_CSS);
      return;
    }
    if (request.url === '/favicon.ico') {
      response.writeHead(204);
      response.end();
      return;
    }
    const page = pages.get(request.url ?? '');
    if (!page) {
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': page.policy,
    });
    response.end(page.html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.skipIf(!chrome)('the widget under the strict CSP the Embed code screen publishes', () => {
  let stack: Stack;
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startStrictSite>>;
  let published: string;
  let additions: Directives;

  beforeAll(async () => {
    stack = await startStack();
    site = await startStrictSite();
    browser = await launchChromium(chrome!);
    additions = await cspAdditions(stack.productUrl);
    const admin = await browser.newPage();
    await signInToDashboard(admin, stack.productUrl);
    await admin.goto(`${stack.productUrl}/admin/settings/embed-code`);
    const policy = admin.getByLabel(
      'Content-Security-Policy for a site that otherwise allows only itself',
    );
    await policy.waitFor({ timeout: 15_000 });
    published = await policy.inputValue();
    await admin.close();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await stack?.stop();
  });

  it('publishes our origin, the snippet hashes and the policy name, and nothing more', () => {
    const product = stack.productUrl;
    expect(published).toBe(formatPolicy(withAdditions({ 'default-src': ["'self'"] }, additions)));
    expect(published).toMatch(
      new RegExp(`^default-src 'self'; script-src 'self' ${product} 'sha256-[\\w+/=]+'; `),
    );
    expect(published).toContain(`connect-src 'self' ${product}`);
    expect(published).toContain(`frame-src 'self' ${product}`);
    expect(published).toMatch(/style-src 'self' 'sha256-[\w+/=]+'(;|$)/);
    expect(published).not.toContain('unsafe');
    // No trusted-types directive of its own: adding one would forbid the site's other policies.
    expect(published).not.toContain('trusted-types');
  });

  /** Opens the organiser's page under `policy`, recording violations and console errors. */
  async function open(path: string, policy: string, nonce?: string) {
    const snippet = embedCode({ origin: stack.productUrl, clientId: stack.clientId });
    site.pages.set(path, {
      policy,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club</title>
<link rel="stylesheet" href="/site.css"></head><body><h1>Book a class</h1>
${nonce ? snippet.replaceAll('<script', `<script nonce="${nonce}"`) : snippet}
</body></html>`,
    });
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
    const chunks: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      const chunk = /\/widget\/(\w+)-[\w-]+\.js$/.exec(response.url());
      if (chunk && response.ok()) chunks.push(chunk[1]);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener(
        'securitypolicyviolation',
        (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
        true,
      );
    });
    await page.goto(`${site.url}${path}`);
    const violations = () =>
      page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    return { page, problems, violations, chunks };
  }

  /** Computed styles that only the widget's own stylesheet gives. */
  const looks = (element: Locator) =>
    element.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        radius: style.borderTopLeftRadius,
        background: style.backgroundColor,
        font: style.fontFamily,
      };
    });

  /** Listing, activity, sign-in, attendees, tickets, basket, payment, my bookings: the lazy chunks. */
  async function walk(
    page: Page,
    { session, formatted = true }: { session: number; formatted?: boolean },
  ) {
    const widget = page.locator('classwise-widget');
    const book = widget.getByRole('button', { name: `Book ${FOOTBALL}` });
    await book.waitFor({ timeout: 15_000 });
    // The Default template's card and accent button, not the browser's defaults.
    expect(await looks(widget.locator('.cw-card').first())).toMatchObject({
      radius: '12px',
      background: 'rgb(255, 255, 255)',
    });
    expect(await looks(book)).toMatchObject({ background: 'rgb(14, 116, 144)' });
    expect((await looks(book)).font).not.toContain('Georgia');

    await book.click();
    await widget.getByRole('heading', { name: FOOTBALL, level: 3 }).waitFor();
    // The organiser's rich-text description is parsed (through the Trusted Types policy where
    // the page requires one) and kept as paragraphs, not flattened to text.
    const description = widget.locator('.cw-desc');
    await expect.poll(() => description.textContent()).toContain('Fun, skills-based football');
    expect(await description.locator('p').count()).toBe(formatted ? 1 : 0);

    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
    const email = widget.getByLabel('Email');
    expect(await looks(email)).toMatchObject({ radius: '8px' });
    await email.fill(PARENT.email);
    await widget.getByLabel('Password').fill(PARENT.password);
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
    await widget.getByRole('radio', { name: /Pay as you go/ }).check();
    const sessions = widget.getByRole('group', { name: /^Sessions for / }).first();
    await sessions.getByRole('checkbox').nth(session).check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
    await widget.getByRole('button', { name: 'Continue to payment' }).click();
    await widget.getByRole('heading', { name: 'Payment' }).waitFor({ timeout: 15_000 });
    await widget.getByRole('radio').first().waitFor();
    // The payment step's own chunk is styled too: its main button in the accent colour.
    expect(await looks(widget.locator('.cw-btn:not(.cw-btn-quiet)').last())).toMatchObject({
      background: 'rgb(14, 116, 144)',
    });
    await widget.getByRole('button', { name: 'My bookings' }).click();
    await widget.getByRole('heading', { name: 'My bookings' }).waitFor();
    await widget.locator('.cw-panel, .cw-notice').first().waitFor({ timeout: 15_000 });
  }

  it('works on a page that allows only itself plus the published sources', async () => {
    const { page, problems, violations, chunks } = await open('/strict.html', published);
    await walk(page, { session: 1 });
    // The lazily loaded steps came from our origin under the same policy (checkout is in the
    // booking form's Journey chunk, vite.config.ts LATER_CHUNKS; the walk reached its Payment).
    expect(chunks).toEqual(
      expect.arrayContaining(['later', 'GroupDetail', 'forms', 'Journey', 'MyBookings']),
    );
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works when the page also requires Trusted Types and allows only our policy', async () => {
    const policy = formatPolicy(
      withAdditions(
        {
          'default-src': ["'self'"],
          'require-trusted-types-for': ["'script'"],
          'trusted-types': ["'none'"],
        },
        additions,
      ),
    );
    expect(policy).toContain(`trusted-types ${TRUSTED_TYPES_POLICY}`);
    const { page, problems, violations } = await open('/trusted-types.html', policy);
    expect(await page.evaluate(() => 'trustedTypes' in window)).toBe(true);
    await walk(page, { session: 2 });
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('still works, descriptions as plain text, where the page forbids our policy', async () => {
    const { 'trusted-types': _, ...others } = additions;
    const policy = formatPolicy(
      withAdditions(
        {
          'default-src': ["'self'"],
          'require-trusted-types-for': ["'script'"],
          'trusted-types': ["'none'"],
        },
        others,
      ),
    );
    const { page, problems, violations } = await open('/no-policy.html', policy);
    await walk(page, { session: 3, formatted: false });
    // The one thing refused is our policy, and the console tells the organiser what to allow.
    expect((await violations()).map((line) => line.split(' ')[0])).toEqual(['trusted-types']);
    expect(problems.some((line) => line.includes(`"${TRUSTED_TYPES_POLICY}"`))).toBe(true);
    await page.close();
  });

  it('falls back to a <style> in the shadow root where constructable stylesheets are missing', async () => {
    const page = await browser.newPage();
    // An older browser: no adoptedStyleSheets anywhere (the widget then needs no strict style-src).
    await page.addInitScript(() => {
      delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
      delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    });
    site.pages.set('/older.html', {
      policy: `default-src 'self' 'unsafe-inline' ${stack.productUrl}`,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club</title></head>
<body>${embedCode({ origin: stack.productUrl, clientId: stack.clientId })}</body></html>`,
    });
    await page.goto(`${site.url}/older.html`);
    const widget = page.locator('classwise-widget');
    await widget.locator('.cw-card').first().waitFor({ timeout: 15_000 });
    expect(await widget.evaluate((host) => host.shadowRoot!.querySelectorAll('style').length)).toBe(
      1,
    );
    expect(await looks(widget.locator('.cw-card').first())).toMatchObject({ radius: '12px' });
    await page.close();
  });

  it("works on a nonce-based site with 'strict-dynamic', the nonce on the snippet's scripts", async () => {
    const { 'script-src': _, ...others } = additions;
    const policy = formatPolicy({
      ...withAdditions({ 'default-src': ["'self'"] }, others),
      'script-src': ["'nonce-r4nd0m'", "'strict-dynamic'"],
      'require-trusted-types-for': ["'script'"],
    });
    const { page, problems, violations } = await open('/nonce.html', policy, 'r4nd0m');
    await walk(page, { session: 4 });
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
