import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../api/test/csv.ts';
import {
  chromiumOrSkip,
  launchChromium,
  type Stack,
  signInToDashboard,
  startStack,
} from './harness.ts';

/*
 * Data rights in the dashboard (docs/rules/data-rights.md): an organiser downloads everything
 * held about one family, erases them after a dialog that says what goes and what stays, and
 * finds both in the audit log, on a desktop and at 390 px wide.
 */

const chrome = chromiumOrSkip();

describe.skipIf(!chrome)('exporting and erasing a customer', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let customerId: string;
  const email = `erin-${Date.now()}@home.test`;

  beforeAll(async () => {
    stack = await startStack();
    // A family who registered through the widget and added a child there.
    const call = async (path: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(`${stack.productUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: any };
      expect(res.status, JSON.stringify(json)).toBe(201);
      return json.data;
    };
    const registered = await call(
      '/api/auth/register',
      { fullName: 'Erin Example', email, password: 'parent-pass', confirmPassword: 'parent-pass' },
      { 'x-client-id': stack.clientId },
    );
    customerId = registered.user._id;
    const auth = { authorization: `Bearer ${registered.token}` };
    const fields = (await (
      await fetch(`${stack.productUrl}/api/fields?usage=attendee`, { headers: auth })
    ).json()) as { data: { _id: string; internalKey: string | null }[] };
    const key = (k: string) => fields.data.find((f) => f.internalKey === k)!._id;
    await call(
      '/api/user/attendees',
      {
        fieldData: [
          { field: key('firstName'), value: 'Ezra' },
          { field: key('lastName'), value: 'Example' },
          { field: key('dateOfBirth'), value: '2018-02-03' },
        ],
      },
      auth,
    );
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await signInToDashboard(page, stack.productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('downloads the family’s data as JSON and as CSV', async () => {
    await page.goto(`${stack.productUrl}/admin/customers/${customerId}`);
    await page.getByRole('heading', { name: 'Erin Example', level: 1 }).waitFor();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^customer-[0-9a-f]+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await json.path())!, 'utf8'));
    expect(data.customer).toMatchObject({ fullName: 'Erin Example', email });
    expect(data.attendees[0].answers).toEqual(
      expect.arrayContaining([{ field: 'First name', value: 'Ezra' }]),
    );
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data (CSV)' }).click(),
    ]);
    const rows = parseCsv(readFileSync((await csv.path())!, 'utf8').slice(1));
    expect(rows[0]).toEqual(['Section', 'Record', 'Field', 'Value']);
    expect(rows).toContainEqual(['customer', customerId, 'email', email]);
    // The exports are in the customer's audit log at once.
    await page.getByRole('cell', { name: /Exported the customer’s data \(CSV\)/ }).waitFor();
  });

  it('erases the family after saying what is removed and what is kept', async () => {
    await page.getByRole('button', { name: 'Erase customer…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Erin Example?' });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Removed' }).waitFor();
    await dialog.getByText('Bookings, payments, refunds and account credit').waitFor();
    await dialog.getByRole('button', { name: 'Erase customer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('This customer’s personal data has been erased.').waitFor();
    await page.getByRole('heading', { name: 'Erased customer', level: 1 }).waitFor();
    await page.getByRole('cell', { name: /Customer erased/ }).waitFor();
    expect(await page.getByText('Ezra').count()).toBe(0);
  });

  it('shows the audit log, filtered to customers, at 390 px wide', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.productUrl}/admin/audit-log`);
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByLabel('Show').selectOption('customer');
    await page
      .getByRole('cell', { name: /Customer erased/ })
      .first()
      .waitFor();
    const actions = await page.locator('tbody tr .cell-strong').allTextContents();
    expect(actions).toContain('Customer data exported');
    expect(actions.every((a) => a.startsWith('Customer'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
