/*
 * Every dashboard screen opened first, by its URL, in a fresh page: it must be styled by what that
 * page loaded, not by a stylesheet another screen happened to load earlier (the Payments screen
 * once borrowed its table styles from the activities stylesheet and was bare on a reload).
 * The routes come from App.tsx, so a new screen is checked without editing this file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

const chrome = chromiumOrSkip();

/** The signed-in routes App.tsx declares (the catch-all and the signed-out screens left out). */
function appRoutes(): string[] {
  const source = readFileSync('dashboard/src/App.tsx', 'utf8');
  const paths = [...source.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]!);
  const signedOut = ['login', 'forgot-password', 'reset-password', '*'];
  return ['', ...paths.filter((p) => !signedOut.includes(p))];
}

/** Every class some dashboard stylesheet defines: a page using one must have loaded its rule. */
function classesWithStyles(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.css')) {
        const css = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
        for (const m of css.matchAll(/\.([A-Za-z_][\w-]*)/g)) names.add(m[1]!);
      }
    }
  };
  walk('dashboard/src');
  return names;
}

describe.skipIf(!chrome)('every dashboard route opened directly', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInToDashboard(page, stack.productUrl);
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('is styled and logs no console error on a first load', async () => {
    const styled = classesWithStyles();
    const routes = appRoutes();
    // Parameter routes are opened with an id a plain route links to (a real activity, booking…).
    const plain = routes.filter((r) => !r.includes(':'));
    const withParams = routes.filter((r) => r.includes(':'));
    expect(plain).toContain('settings/payments');
    expect(plain).toContain('settings/api-reference');
    const links = new Set<string>();
    const problems: string[] = [];

    const open = async (route: string) => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${stack.productUrl}/admin/${route}`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      // Lazy screens load their data after their chunk: let skeletons settle.
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => {
        const loaded = new Set<string>();
        const collect = (rules: CSSRuleList) => {
          for (const rule of Array.from(rules)) {
            if (rule instanceof CSSStyleRule) {
              for (const m of rule.selectorText.matchAll(/\.([A-Za-z_][\w-]*)/g)) loaded.add(m[1]!);
            }
            if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
        const used = new Set<string>();
        for (const el of Array.from(document.querySelectorAll('[class]'))) {
          for (const c of Array.from(el.classList)) used.add(c);
        }
        const hrefs = Array.from(document.querySelectorAll('a[href]')).map(
          (a) => new URL((a as HTMLAnchorElement).href).pathname,
        );
        const button = document.querySelector('main .btn');
        return {
          loaded: [...loaded],
          used: [...used],
          hrefs,
          font: getComputedStyle(document.body).fontFamily,
          buttonRadius: button ? getComputedStyle(button).borderRadius : null,
        };
      });
      for (const href of seen.hrefs) links.add(href);
      const loaded = new Set(seen.loaded);
      const unstyled = seen.used.filter((c) => styled.has(c) && !loaded.has(c));
      if (unstyled.length)
        problems.push(`/${route}: no styles loaded for .${unstyled.join(', .')}`);
      if (/^"?Times/.test(seen.font))
        problems.push(`/${route}: body in the browser's default font`);
      if (seen.buttonRadius === '0px') problems.push(`/${route}: buttons are browser buttons`);
      if (errors.length) problems.push(`/${route}: console error ${errors.join(' | ')}`);
      await page.close();
    };

    for (const route of plain) await open(route);
    for (const route of withParams) {
      const pattern = new RegExp(`^/admin/${route.replace(/:[^/]+/g, '([^/]+)')}$`);
      const href = [...links].find((h) => pattern.test(h) && !h.endsWith('/new'));
      if (!href) {
        problems.push(`/${route}: no screen links to one, so it was not opened`);
        continue;
      }
      await open(href.replace('/admin/', ''));
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
