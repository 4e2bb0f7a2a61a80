/*
 * The card payment page in a browser: the widget's CardPaymentFrame on an organiser's origin
 * frames our /pay page, which talks to the real API (Stripe configured, pointed at the local
 * test server) and gets as far as loading Stripe.js, whose request the test answers with
 * nothing (no test calls the internet). The widget side hears success and failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../api/payments/checkout.ts';
import { connectStripe, heldBookingRows, type StripeTestContext } from '../api/payments/testing.ts';
import { readConfig, startServer } from '../api/server.ts';
import type { TestContext } from '../api/test/harness.ts';
import { signUpOrganiser } from '../api/test/harness.ts';
import { startFakeStripe } from '../test/stripe-server/index.ts';
import { chromiumOrSkip, launchChromium } from './harness.ts';

const chrome = chromiumOrSkip();

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** The organiser's page: a loopback origin of its own, serving the frame bundle and raw pages. */
async function startHost(bundle: string) {
  const pages = new Map<string, string>([
    ['/host.js', bundle],
    [
      '/card.html',
      '<!doctype html><meta charset="utf-8"><div id="root"></div><p id="result"></p><script type="module" src="/host.js"></script>',
    ],
  ]);
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const body = pages.get(path);
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    response.writeHead(body ? 200 : 404, { 'Content-Type': type });
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

describe.skipIf(!chrome)('the /pay page framed by the widget', () => {
  let browser: Browser;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let product: Awaited<ReturnType<typeof startServer>>;
  let host: Awaited<ReturnType<typeof startHost>>;
  let t: StripeTestContext;
  let org: { token: string; clientId: string };
  let dir: string;
  let productUrl: string;
  const stripeJs: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    dir = mkdtempSync(join(tmpdir(), 'classwise-pay-'));
    const port = await freePort();
    productUrl = `http://localhost:${port}`;
    const settings = {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    };
    product = await startServer({
      ...readConfig({}),
      port,
      databaseUrl: join(dir, 'classwise.db'),
      publicUrl: productUrl,
      distDir: resolve('dist'),
      stripe: settings,
    });
    // The API tests' helpers, driving this running server's app.
    const request: TestContext['request'] = async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.clientId) headers['x-client-id'] = options.clientId;
      const response = await product.app.request(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? JSON.parse(text) : null,
        headers: response.headers,
      };
    };
    const ctx = { handle: product.handle, app: product.app, request, close: async () => {} };
    t = {
      ctx,
      fake,
      settings,
      request,
      raw: async () => ({ status: 0, body: null }),
      close: async () => {},
    } as StripeTestContext;
    org = await signUpOrganiser(ctx);
    await connectStripe(t, org.token, org.clientId);

    const bundled = await build({
      entryPoints: [resolve('e2e/pay-host.entry.tsx')],
      bundle: true,
      write: false,
      format: 'esm',
      jsx: 'automatic',
      alias: { react: '@preact/compat', 'react-dom': '@preact/compat' },
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    host = await startHost(bundled.outputFiles[0]!.text);
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await product?.stop();
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openPage() {
    const page = await browser.newPage();
    // Stripe.js is where the test stops: its request is noted and refused, never sent.
    await page.route('https://js.stripe.com/**', (route) => {
      stripeJs.push(route.request().url());
      return route.abort();
    });
    return page;
  }

  const frameOf = (page: Page) => page.frameLocator('iframe[title="Card payment"]');

  async function openCard(page: Page, bookingId: string, token: string) {
    const query = new URLSearchParams({ product: productUrl, booking: bookingId, token });
    await page.goto(`${host.url}/card.html?${query}`);
  }

  it('explains where it belongs when opened on its own, with a CSP that admits only Stripe', async () => {
    const page = await openPage();
    const { bookingId } = await heldBookingRows(t, org);
    const response = await page.goto(`${productUrl}/pay/${bookingId}`);
    expect(response?.headers()['content-security-policy']).toContain(
      "script-src 'self' https://js.stripe.com",
    );
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This payment page opens inside the booking form');
    await page.close();
  });

  it('shows the amount and loads Stripe.js for the booking’s PaymentIntent', async () => {
    const page = await openPage();
    const { bookingId, parent } = await heldBookingRows(t, org, 2500);
    const before = stripeJs.length;
    await openCard(page, bookingId, parent.token);
    await expect.poll(() => frameOf(page).locator('.pay-amount').textContent()).toContain('£25.00');
    await expect.poll(() => stripeJs.length).toBeGreaterThan(before);
    const payment = await product.handle.db
      .selectFrom('payments')
      .select(['provider_ref', 'amount', 'status'])
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount: 2500, status: 'pending' });
    expect(fake.objects.get(payment.provider_ref!)).toMatchObject({
      amount: 2500,
      currency: 'gbp',
    });
    await page.close();
  });

  it('tells the widget once the booking is paid', async () => {
    const page = await openPage();
    const { bookingId, parent } = await heldBookingRows(t, org);
    await openCard(page, bookingId, parent.token);
    await expect.poll(() => frameOf(page).locator('.pay-amount').count()).toBe(1);
    const { provider_ref } = await product.handle.db
      .selectFrom('payments')
      .select('provider_ref')
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    fake.succeedPaymentIntent(provider_ref!);
    // As after a redirect-based method: the page comes back and finds the payment made.
    await openCard(page, bookingId, parent.token);
    await expect.poll(() => page.locator('#result').textContent()).toBe('succeeded');
    await page.close();
  });

  it('tells the widget when the hold ran out', async () => {
    const page = await openPage();
    const { bookingId, parent } = await heldBookingRows(t, org);
    await product.handle.db
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', bookingId)
      .execute();
    await openCard(page, bookingId, parent.token);
    await expect
      .poll(() => page.locator('#result').textContent())
      .toBe(`failed: ${checkoutMessages.released}`);
    await expect
      .poll(() => frameOf(page).getByRole('alert').textContent())
      .toBe(checkoutMessages.released);
    await page.close();
  });

  it('speaks only to the origin named in its address', async () => {
    const page = await openPage();
    const { bookingId } = await heldBookingRows(t, org);
    // A page framing /pay while naming another origin never hears from it, so never gets to
    // hand over a session.
    host.pages.set(
      '/spoof.html',
      `<!doctype html><p id="heard">nothing</p><iframe src="${productUrl}/pay/${bookingId}?origin=${encodeURIComponent('http://127.0.0.1:1')}"></iframe>
       <script>addEventListener('message', (e) => { document.getElementById('heard').textContent = JSON.stringify(e.data); });</script>`,
    );
    await page.goto(`${host.url}/spoof.html`);
    await page.frameLocator('iframe').locator('.pay-status').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('#heard').textContent()).toBe('nothing');
    const payments = await product.handle.db
      .selectFrom('payments')
      .select('id')
      .where('booking_id', '=', bookingId)
      .execute();
    expect(payments).toEqual([]);
    await page.close();
  });
});
