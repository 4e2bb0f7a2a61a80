/*
 * Cross-site request forgery against the dashboard's cookie, in Chromium: a page on another port
 * of the same site (the cookie is SameSite=Lax, so the browser does send it) and a page on another
 * site both try to create a venue with the signed-in admin's cookie, as text/plain JSON, as a
 * JSON fetch and as a form. Nothing is created. The dashboard itself still writes and uploads,
 * and its Content-Security-Policy reports no violation while it is used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, startServer } from '../api/server.ts';
import { chromiumOrSkip, launchChromium, signInToDashboard } from './harness.ts';

const chrome = chromiumOrSkip();

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** The attacker's page: three ways to post a venue to the product with whatever cookie rides. */
const attackPage = (target: string) => `<!doctype html>
<html><head><title>win a prize</title></head><body>
<iframe name="sink" style="display:none"></iframe>
<form id="f" method="POST" action="${target}/api/venues" enctype="text/plain" target="sink">
  <input name='{"name":"Forged Form Hall","pad":"' value='"}'>
</form>
<script>
  const body = JSON.stringify({ name: 'Forged Fetch Hall' });
  Promise.allSettled([
    fetch('${target}/api/venues', { method: 'POST', mode: 'no-cors', credentials: 'include',
      headers: { 'Content-Type': 'text/plain' }, body }),
    fetch('${target}/api/venues', { method: 'POST', credentials: 'include',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Forged JSON Hall' }) }),
  ]).then(() => {
    document.getElementById('f').submit();
    setTimeout(() => { document.title = 'done'; }, 500);
  });
</script>
</body></html>`;

describe.skipIf(!chrome)('CSRF in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let product: Awaited<ReturnType<typeof startServer>>;
  let attacker: Server;
  let productUrl: string;
  let attackerPort: number;
  let dir: string;
  const admin = { email: 'csrf-owner@club.test', password: 'correct horse' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'classwise-csrf-'));
    const port = await freePort();
    productUrl = `http://localhost:${port}`;
    product = await startServer({
      ...readConfig({}),
      port,
      databaseUrl: join(dir, 'classwise.db'),
      publicUrl: productUrl,
      distDir: resolve('dist'),
      stripe: null,
    });
    const signup = await product.app.request('/api/organisers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        organisationName: 'CSRF Club',
        fullName: 'Olive Owner',
        ...admin,
        country: 'GB',
        currency: 'GBP',
        timeZone: 'Europe/London',
      }),
    });
    expect(signup.status).toBe(201);
    attackerPort = await freePort();
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(attackPage(productUrl));
    });
    await new Promise<void>((done) => attacker.listen(attackerPort, '127.0.0.1', done));
    browser = await launchChromium(chrome!);
    context = await browser.newContext();
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    attacker?.close();
    await product?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const venueNames = async () =>
    (await product.handle.db.selectFrom('venues').select('name').execute()).map((v) => v.name);

  it('the dashboard writes and uploads with its cookie, under a CSP it does not break', async () => {
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await signInToDashboard(page, productUrl, admin);
    await page.goto(`${productUrl}/admin/settings/venues`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const results = await page.evaluate(async () => {
      const made = await fetch('/api/venues', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Own Hall' }),
      });
      const form = new FormData();
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
      form.append('file', new File([png], 'logo.png', { type: 'image/png' }));
      const uploaded = await fetch('/api/file-uploads/file-upload-image', {
        method: 'POST',
        body: form,
      });
      return [made.status, uploaded.status];
    });
    expect(results).toEqual([201, 201]);
    expect(await venueNames()).toEqual(['Own Hall']);
    const inline = await page.evaluate(
      () => [...document.querySelectorAll('script')].filter((s) => !s.src).length,
    );
    expect(inline).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  });

  for (const [name, host] of [
    ['another port of the same site', 'localhost'],
    ['another site', '127.0.0.1'],
  ] as const) {
    it(`a page on ${name} cannot create a venue with the admin's cookie`, async () => {
      const before = await venueNames();
      const page = await context.newPage();
      const seen: { url: string; cookie: boolean; status: number | null }[] = [];
      page.on('requestfinished', async (request) => {
        if (!request.url().startsWith(`${productUrl}/api/venues`)) return;
        const headers = await request.allHeaders();
        const response = await request.response();
        seen.push({
          url: request.url(),
          cookie: /cw_session=/.test(headers.cookie ?? ''),
          status: response?.status() ?? null,
        });
      });
      await page.goto(`http://${host}:${attackerPort}/`);
      await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 10_000 });
      await page.waitForTimeout(300);
      expect(await venueNames()).toEqual(before);
      if (host === 'localhost') {
        // The browser did send the cookie from the same site: only the server's check stopped it.
        expect(seen.some((s) => s.cookie)).toBe(true);
        expect(seen.filter((s) => s.cookie).every((s) => s.status === 403)).toBe(true);
      }
      await page.close();
    });
  }
});
