import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embedCode } from '../embed-snippet/code.ts';
import { messages } from '../engine/index.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * Home tabs and session passes as an organiser meets them. The demo admin adds a venue field,
 * creates the tab 'Northfield camps' by venue (told first what is wrong with an empty form, a bad
 * path and a path in use), copies its embed code, and pastes it on the club's own page at
 * /listing/northfield-camps, where the widget lists only the camp held at Northfield. Then a
 * session pass for the swim club with a purchase option, which parents can then see.
 */

const chrome = chromiumOrSkip();
const FOOTBALL = 'Junior Football – Spring Term';
const CAMP = 'Half-Term Multi-Sports Camp';
const SWIM = 'Little Dippers Swim Club';

/** The organiser's own site on a third loopback origin: the demo page with any embed code. */
async function startOrganiserSite() {
  const template = readFileSync(new URL('./demo/index.html', import.meta.url), 'utf8');
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
    paste: (path: string, code: string) =>
      pages.set(path, template.replace('<!-- EMBED CODE -->', code)),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe.skipIf(!chrome)('home tabs and session passes in the dashboard (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: Awaited<ReturnType<typeof startOrganiserSite>>;
  const errors: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    site = await startOrganiserSite();
    browser = await launchChromium(chrome!);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.productUrl,
    });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => errors.push(error.message));
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await stack?.stop();
  });

  // A step that failed with its dialog open must not fail every later step too.
  beforeEach(async () => {
    if (await page.locator('dialog[open]').count()) await page.reload();
  });

  const dialog = (name: string) => page.getByRole('dialog', { name, exact: true });
  const button = (scope: Page | Locator, name: string) =>
    scope.getByRole('button', { name, exact: true });
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });
  /** A form field by its exact label text (the required marker '*' aside). */
  const field = (scope: Locator, label: string) =>
    scope.locator('.form-field').filter({
      has: page.locator('label.form-label', {
        hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`),
      }),
    });
  const control = (scope: Locator, label: string) =>
    field(scope, label).locator('input, select').first();
  const fieldError = (scope: Locator, label: string) => field(scope, label).locator('.field-error');

  it('creates a home tab by venue, checked by the engine’s rules', async () => {
    // A tab filters by an enabled venue field (with venues) or a list field with options.
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/fields', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usage: 'activity', title: 'Venue', type: 'venue' }),
      });
      return response.status;
    });
    expect(created).toBe(201);

    await page.getByRole('link', { name: 'Home tabs' }).click();
    await page.getByRole('heading', { name: 'Home tabs', level: 1 }).waitFor();
    await row('/listing/football').waitFor();
    expect(await row('/listing/football').textContent()).toContain('Field option');

    await button(page, 'Add new tab').click();
    const form = dialog('Add new tab');
    await form.waitFor();
    await button(form, 'Add tab').click();
    await expect.poll(() => fieldError(form, 'Display name').textContent()).toBe('Required');
    expect(await fieldError(form, 'Path').textContent()).toBe('Required');
    expect(await fieldError(form, 'Field').textContent()).toBe('Required');
    expect(await form.getByText(messages.atLeastOneOption).count()).toBe(1);

    // The path follows the name until it is typed over.
    await control(form, 'Display name').fill('Northfield camps');
    expect(await control(form, 'Path').inputValue()).toBe('northfield-camps');
    await control(form, 'Path').fill('Northfield Camps');
    await expect.poll(() => fieldError(form, 'Path').textContent()).toBe('Path is invalid');
    await control(form, 'Path').fill('football');
    await expect
      .poll(() => fieldError(form, 'Path').textContent())
      .toBe('Path has already been used for another tab.');
    await control(form, 'Display name').fill('Northfield camps!');
    expect(await control(form, 'Path').inputValue()).toBe('football');
    await control(form, 'Path').fill('northfield-camps');

    // Only qualifying fields are offered: the seeded Sport list and the new venue field.
    const offered = await control(form, 'Field').locator('option').allTextContents();
    expect(offered).toEqual(['Choose a field', 'Sport', 'Venue']);
    await control(form, 'Field').selectOption({ label: 'Venue' });
    await form.getByLabel('Northfield Primary School').check();
    await button(form, 'Add tab').click();
    await form.waitFor({ state: 'detached' });

    const tab = row('/listing/northfield-camps');
    await tab.waitFor();
    const text = await tab.textContent();
    expect(text).toContain('Northfield camps!');
    expect(text).toContain('Venue');
    expect(text).toContain('Northfield Primary School');
  });

  it('shows the tab’s listing at /listing/{path} on the club’s page: only its venue’s activities', async () => {
    await page.getByRole('button', { name: 'Copy embed code for Northfield camps!' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      embedCode({
        origin: stack.productUrl,
        clientId: stack.clientId,
        view: { kind: 'tab', path: 'northfield-camps' },
      }),
    );
    site.paste('/listing/northfield-camps', copied);

    const visitor = await browser.newPage();
    const visitorErrors: string[] = [];
    visitor.on('pageerror', (error) => visitorErrors.push(error.message));
    // The plain demo page lists every published activity…
    await visitor.goto(stack.demoUrl);
    const all = visitor.locator('classwise-widget').locator('.cw-card');
    await expect.poll(() => all.count(), { timeout: 15_000 }).toBe(3);
    // …the tab's listing only those at Northfield.
    await visitor.goto(`${site.url}/listing/northfield-camps`);
    const widget = visitor.locator('classwise-widget');
    await widget.getByRole('heading', { name: CAMP }).waitFor({ timeout: 15_000 });
    await expect.poll(() => widget.locator('.cw-card').count()).toBe(1);
    expect(await widget.getByRole('heading', { name: FOOTBALL }).count()).toBe(0);
    expect(await widget.getByRole('heading', { name: SWIM }).count()).toBe(0);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });

  it('disables and deletes a tab', async () => {
    await page.getByRole('button', { name: 'Disable Northfield camps!' }).click();
    await page.getByRole('button', { name: 'Enable Northfield camps!' }).waitFor();
    expect(await row('/listing/northfield-camps').getAttribute('class')).toContain('is-dimmed');
    await page.getByRole('button', { name: 'Delete Northfield camps!' }).click();
    const confirm = dialog('Delete tab');
    await button(confirm, 'Delete').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row('/listing/northfield-camps').count()).toBe(0);
  });

  it('creates a session pass with a purchase option', async () => {
    await page.getByRole('link', { name: 'Session passes' }).click();
    await page.getByRole('heading', { name: 'Session passes', level: 1 }).waitFor();
    await page.getByText('No results found').waitFor();

    await button(page, 'Add session pass').click();
    const form = dialog('Add session pass');
    await form.waitFor();
    await button(form, 'Add pass').click();
    await expect.poll(() => fieldError(form, 'Name').textContent()).toBe('Required');
    await control(form, 'Name').fill('Swim 10-pack');
    await form.getByLabel(SWIM).check();

    await button(form, 'Add purchase option').click();
    const option = dialog('Add new Purchase option');
    await option.waitFor();
    await control(option, 'Credits').fill('0');
    await control(option, 'Price').fill('-1');
    await button(option, 'Add').click();
    await expect
      .poll(() => fieldError(option, 'Credits').textContent())
      .toBe('Amount cannot be less than 1.');
    expect(await fieldError(option, 'Price').textContent()).toBe('Price cannot be negative');
    await control(option, 'Credits').fill('10');
    await control(option, 'Price').fill('45');
    await control(option, 'Credits expire after').fill('3');
    expect(await control(option, 'Expiry unit').inputValue()).toBe('days');
    await control(option, 'Expiry unit').selectOption('months');
    await button(option, 'Add').click();
    await option.waitFor({ state: 'detached' });
    const options = form.getByRole('list', { name: 'Purchase options' });
    await options.getByText('10 credits for £45.00').waitFor();
    expect(await options.textContent()).toContain('Expires after 3 months');

    await button(form, 'Add pass').click();
    await form.waitFor({ state: 'detached' });
    const pass = row('Swim 10-pack');
    await pass.waitFor();
    expect(await pass.textContent()).toContain(SWIM);
    expect(await pass.textContent()).toContain('10 credits for £45.00');

    // Parents see it, priced in minor units.
    const response = await fetch(`${stack.productUrl}/api/session-passes/public`, {
      headers: { 'X-Client-Id': stack.clientId },
    });
    const { data } = (await response.json()) as {
      data: { name: string; purchaseOptions: { creditAmount: number; price: number }[] }[];
    };
    expect(
      data.map((p) => [p.name, p.purchaseOptions[0]?.creditAmount, p.purchaseOptions[0]?.price]),
    ).toEqual([['Swim 10-pack', 10, 4500]]);
  });

  it('gives a parent credits of the pass', async () => {
    await page.getByRole('button', { name: 'Give credits of Swim 10-pack' }).click();
    const give = dialog('Give credits');
    await give.waitFor();
    await button(give, 'Give credits').click();
    await expect.poll(() => fieldError(give, 'Customer').textContent()).toBe('Required');
    expect(await fieldError(give, 'Credits').textContent()).toBe('Required');
    await control(give, 'Find customer').fill('sam');
    await expect
      .poll(() => control(give, 'Customer').locator('option').allTextContents())
      .toContain('Sam Parent (parent@example.com)');
    await control(give, 'Customer').selectOption({ label: 'Sam Parent (parent@example.com)' });
    await control(give, 'Credits').fill('0');
    await button(give, 'Give credits').click();
    await expect.poll(() => fieldError(give, 'Credits').textContent()).toBe(messages.creditsMin1);
    await control(give, 'Credits').fill('3');
    await button(give, 'Give credits').click();
    await give.getByText('Sam Parent now has 3 credits of Swim 10-pack.').waitFor();
    await button(give.locator('.modal-footer'), 'Close').click();
    await give.waitFor({ state: 'detached' });

    // Credits were issued, so the pass can only be disabled now.
    await page.getByRole('button', { name: 'Delete Swim 10-pack' }).click();
    const confirm = dialog('Delete session pass');
    await button(confirm, 'Delete').click();
    await confirm.getByText(messages.sessionPassHasCredits, { exact: false }).waitFor();
    await button(confirm.locator('.modal-footer'), 'Close').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row('Swim 10-pack').count()).toBe(1);
  });

  it('edits a purchase option and keeps an activity to one pass', async () => {
    await page.getByRole('button', { name: 'Edit Swim 10-pack' }).click();
    const form = dialog('Edit session pass');
    await form.waitFor();
    expect(await form.getByText(messages.changesAppliedOnSave).count()).toBe(1);
    await form.getByRole('button', { name: 'Edit 10 credits for £45.00' }).click();
    const option = dialog('Edit Purchase option');
    await option.waitFor();
    expect(await control(option, 'Price').inputValue()).toBe('45');
    await control(option, 'Price').fill('40');
    await button(option, 'Done').click();
    await option.waitFor({ state: 'detached' });
    await form.getByText('10 credits for £40.00').waitFor();
    await button(form, 'Save').click();
    await form.waitFor({ state: 'detached' });
    await row('10 credits for £40.00').waitFor();

    await button(page, 'Add session pass').click();
    const second = dialog('Add session pass');
    await second.waitFor();
    const swim = second.locator('label.check').filter({ hasText: SWIM });
    expect(await swim.textContent()).toContain(messages.anotherPassApplied);
    expect(await swim.locator('input').isDisabled()).toBe(true);
    await button(second, 'Cancel').click();
    await second.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
