/*
 * Issue 15: Seamless takes the organiser's font and colours, so on a dark site it must stay
 * readable, typed text included (light text in a white field hid what a parent typed). The same
 * journey runs on a dark and a light host page, and axe's colour-contrast rule (it sees into the
 * open shadow root) must find nothing at any step; the fields' own colours are checked directly,
 * because axe does not measure what is typed into a field.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedCode } from '../embed-snippet/code.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const THEMES = {
  dark: { background: '#11181f', text: '#e8eef2', rgb: 'rgb(232, 238, 242)' },
  light: { background: '#ffffff', text: '#1d2a36', rgb: 'rgb(29, 42, 54)' },
};

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

/** axe's colour-contrast findings inside the widget, one line each. */
async function contrast(page: Page, where: string): Promise<string[]> {
  // Fades and pulses must have finished, or axe measures a half-drawn colour.
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(
      { include: [['classwise-widget']] },
      { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] },
    )) as { violations: { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
    return result.violations;
  });
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`),
  );
}

/** A field's text colour and background as drawn. */
const fieldColours = (field: Locator) =>
  field.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });

describe.skipIf(!chrome)('Seamless on a dark and a light organiser site', () => {
  let stack: Stack;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostSite>>;

  beforeAll(async () => {
    stack = await startStack();
    host = await startHostSite();
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await stack?.stop();
  });

  for (const [name, theme] of Object.entries(THEMES)) {
    it(`is readable on a ${name} site, typed text included, with 0 colour-contrast violations`, async () => {
      host.pages.set(
        `/${name}.html`,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club</title><style>
body{margin:0;padding:24px;font-family:Georgia,serif;background:${theme.background};color:${theme.text}}
</style></head><body><h1>Book a class</h1>
${embedCode({ origin: stack.productUrl, clientId: stack.clientId, template: 'Seamless' })}
</body></html>`,
      );
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      await page.goto(`${host.url}/${name}.html`);
      const widget = page.locator('classwise-widget');
      const found: string[] = [];

      const book = widget.getByRole('button', { name: `Book ${FOOTBALL}` });
      await book.waitFor({ timeout: 15_000 });
      // Seamless really inherits the page's colours here (else this test would prove nothing).
      expect(
        await widget
          .locator('h3')
          .first()
          .evaluate((h) => getComputedStyle(h).color),
      ).toBe(theme.rgb);
      found.push(...(await contrast(page, 'listing')));

      await book.click();
      await widget.getByRole('button', { name: 'Book now' }).waitFor();
      found.push(...(await contrast(page, 'group detail')));

      await widget.getByRole('button', { name: 'Book now' }).click();
      await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor({ timeout: 15_000 });
      await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
      await widget
        .getByText(/required/i)
        .first()
        .waitFor();
      found.push(...(await contrast(page, 'sign in with errors')));

      const email = widget.getByLabel('Email');
      await email.fill('parent@example.com');
      // What the parent types is the page's own text colour over the page's own background.
      expect(await fieldColours(email)).toEqual({
        color: theme.rgb,
        background: 'rgba(0, 0, 0, 0)',
      });
      found.push(...(await contrast(page, 'sign in, typing')));

      await widget.getByRole('button', { name: 'Create an account' }).click();
      await widget.getByRole('heading', { name: 'Create an account' }).waitFor();
      await widget.locator('form button[type=submit]').click();
      await widget
        .getByText(/required/i)
        .first()
        .waitFor();
      found.push(...(await contrast(page, 'register with errors')));
      for (const field of await widget
        .locator('input:not([type=checkbox],[type=radio]), select, textarea')
        .all()) {
        expect(await fieldColours(field)).toEqual({
          color: theme.rgb,
          background: 'rgba(0, 0, 0, 0)',
        });
      }

      // Signed in: the attendees, the attendee form with its errors, tickets and the basket.
      await widget.locator('.cw-switch button').click();
      await widget.getByRole('heading', { name: 'Sign in to book' }).waitFor();
      await widget.getByLabel('Email').fill('parent@example.com');
      await widget.getByLabel('Password').fill('classwise-parent');
      await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
      await widget.getByRole('heading', { name: 'Who is attending?' }).waitFor({ timeout: 15_000 });
      await widget.getByRole('checkbox').first().waitFor();
      found.push(...(await contrast(page, 'attendees')));
      await widget.getByRole('button', { name: 'Create attendee' }).click();
      await widget.getByRole('heading', { name: 'Create attendee' }).waitFor();
      await widget.getByRole('button', { name: 'Save' }).click();
      await widget.getByText('Please complete this required field').first().waitFor();
      found.push(...(await contrast(page, 'attendee form with errors')));
      const fields = widget.locator('input:not([type=checkbox],[type=radio]), select, textarea');
      expect(await fields.count()).toBeGreaterThan(2);
      for (const field of await fields.all()) {
        expect(await fieldColours(field)).toEqual({
          color: theme.rgb,
          background: 'rgba(0, 0, 0, 0)',
        });
      }
      await widget.getByRole('button', { name: 'Cancel' }).click();
      await widget.getByRole('checkbox', { name: 'Mia Parent' }).check();
      await widget.getByRole('button', { name: 'Continue' }).click();
      await widget.getByRole('heading', { name: 'Choose tickets' }).waitFor();
      await widget.getByRole('radio', { name: /Pay as you go/ }).check();
      const sessions = widget.getByRole('group', { name: /^Sessions for / }).first();
      await sessions.getByRole('checkbox').nth(1).check();
      found.push(...(await contrast(page, 'tickets')));
      await widget.getByRole('button', { name: 'Continue' }).click();
      await widget.getByRole('heading', { name: 'Your basket' }).waitFor();
      found.push(...(await contrast(page, 'basket')));

      expect(found).toEqual([]);
      await page.close();
    });
  }
});
