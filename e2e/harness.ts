import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { MailSettings } from '../api/mail/settings.ts';
import { readConfig, startServer } from '../api/server.ts';
import { startDemoSite } from '../scripts/demo-site.ts';
import { seedDemo } from '../scripts/seed.ts';

/*
 * Browser tests run the real product (built front ends, real API, a fresh seeded SQLite file) and
 * the demo organiser site on a second origin, then drive Debian's Chromium with playwright-core.
 */

/** Chromium from CHROME_PATH, else Debian's /usr/bin/chromium; null when neither exists. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path)) ?? null;
}

/**
 * Without Chromium the browser tests are skipped with a loud message; under CI=true a missing
 * browser is a failure, because CI always installs one.
 */
export function chromiumOrSkip(): string | null {
  const path = findChromium();
  if (path) return path;
  const message =
    '\n!!! Chromium not found (set CHROME_PATH or `apt-get install -y chromium`): BROWSER TESTS SKIPPED !!!\n';
  if (process.env.CI === 'true') throw new Error(`${message}CI=true requires a browser.`);
  console.warn(message);
  return null;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface Stack {
  productUrl: string;
  demoUrl: string;
  clientId: string;
  /** The product's database, for a test that stands in for the passing of time. */
  db: Awaited<ReturnType<typeof startServer>>['handle']['db'];
  stop: () => Promise<void>;
}

/**
 * Starts the product on a fresh seeded SQLite database and the demo site on another port.
 * Needs `npm run build` to have run (npm test does it first).
 */
export async function startStack({
  mail,
}: {
  /** Where the product sends e-mail (a test's in-process SMTP inbox); else nowhere. */
  mail?: MailSettings;
} = {}): Promise<Stack> {
  const distDir = resolve('dist');
  if (!existsSync(join(distDir, 'widget', 'widget.js'))) {
    throw new Error('dist/ is missing: run `npm run build` before the browser tests.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'classwise-e2e-'));
  const [port, demoPort] = [await freePort(), await freePort()];
  const config = {
    ...readConfig({}),
    port,
    demoPort,
    databaseUrl: join(dir, 'classwise.db'),
    publicUrl: `http://localhost:${port}`,
    distDir,
    ...(mail ? { mail } : {}),
  };
  const product = await startServer(config);
  const { clientId } = await seedDemo(product.handle.db);
  // 127.0.0.1 vs localhost: two different origins, exactly like an organiser's own domain.
  const demo = await startDemoSite({ port: demoPort, productOrigin: config.publicUrl, clientId });
  return {
    productUrl: config.publicUrl,
    demoUrl: `http://127.0.0.1:${demoPort}/`,
    clientId,
    db: product.handle.db,
    stop: async () => {
      await demo.stop();
      await product.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The seeded demo organiser's admin (scripts/seed.ts). */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'classwise-admin' };

/** Signs a page in to the dashboard and waits for its shell, so the next navigation is the test's. */
export async function signInToDashboard(page: Page, productUrl: string, who = DEMO_ADMIN) {
  await page.goto(`${productUrl}/admin/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

export interface ApiInit {
  method?: string;
  /** A parent's bearer token, as the widget sends it. */
  token?: string;
  /** The dashboard's session cookie; it counts only from the dashboard's own origin. */
  cookie?: string;
  body?: unknown;
}

/**
 * Calls the product's API for the demo organiser as the widget or the dashboard would, and
 * answers the response's `data`; a refusal throws with its status and message so a test's
 * set-up step fails where it went wrong.
 */
export async function callApi<T>(stack: Stack, path: string, init: ApiInit = {}): Promise<T> {
  const response = await fetch(`${stack.productUrl}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'Content-Type': 'application/json',
      'X-Client-Id': stack.clientId,
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.cookie ? { Cookie: init.cookie, Origin: stack.productUrl } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${json.message}`);
  return json.data;
}
