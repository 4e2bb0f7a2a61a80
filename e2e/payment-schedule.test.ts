/*
 * Issue 11, item 12, in Chromium: the payment schedule dialog (docs/rules/screens.md: Date, Amount,
 * Close) in the dashboard, where a ticket has a schedule (the wizard's tickets step, on the
 * whole-term ticket of a group paid by schedule) and where a booking has one (the booking screen).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../api/db/ids.ts';
import { readConfig, startServer } from '../api/server.ts';
import { addDays, bookingReference, formatCivilDate, todayIn } from '../engine/index.ts';
import { seedDemo } from '../scripts/seed.ts';
import { chromiumOrSkip, launchChromium, signInToDashboard } from './harness.ts';

const chrome = chromiumOrSkip();
const CAMP = 'Half-Term Multi-Sports Camp';

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

describe.skipIf(!chrome)('the payment schedule dialog', () => {
  let browser: Browser;
  let product: Awaited<ReturnType<typeof startServer>>;
  let dir: string;
  let productUrl: string;
  let page: Page;
  let groupId: string;
  let bookingId: string;
  const dates = [30, 61].map((d) => addDays(todayIn(Date.now(), 'Europe/London'), d));
  const shown = dates.map((d) => formatCivilDate(d, 'dd/MM/yyyy'));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'classwise-schedule-'));
    const port = await freePort();
    productUrl = `http://localhost:${port}`;
    product = await startServer({
      ...readConfig({}),
      port,
      databaseUrl: join(dir, 'classwise.db'),
      publicUrl: productUrl,
      distDir: resolve('dist'),
    });
    const { clientId } = await seedDemo(product.handle.db);
    const db = product.handle.db;
    const group = await db
      .selectFrom('activity_groups')
      .select('id')
      .where('client_id', '=', clientId)
      .where('name', '=', CAMP)
      .executeTakeFirstOrThrow();
    groupId = group.id;
    const now = new Date().toISOString();
    // The camp may be paid in two instalments of £50 (schedules have no editor yet).
    await db
      .insertInto('payment_schedules')
      .values({
        id: newId(),
        client_id: clientId,
        activity_group_id: groupId,
        ticket_id: null,
        type: 'fixed',
        amount: null,
        first_payment_date: dates[0]!,
        final_payment_date: dates[1]!,
        schedule: JSON.stringify(dates.map((date) => ({ date, amount: 5000 }))),
        created_at: now,
        updated_at: now,
      })
      .execute();
    // One of the demo bookings of the camp pays its rest by those instalments.
    const booking = await db
      .selectFrom('bookings')
      .innerJoin('booking_items', 'booking_items.booking_id', 'bookings.id')
      .select('bookings.id')
      .where('bookings.client_id', '=', clientId)
      .where('booking_items.activity_group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    bookingId = booking.id;
    await db
      .insertInto('scheduled_payments')
      .values(
        dates.map((date, i) => ({
          id: newId(),
          client_id: clientId,
          booking_id: bookingId,
          due_date: date,
          amount: 2500 + i * 500,
          status: 'scheduled' as const,
          provider_ref: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    browser = await launchChromium(chrome!);
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await signInToDashboard(page, productUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const dialog = () => page.getByRole('dialog', { name: 'Payment schedule' });
  const rows = () =>
    dialog()
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.children]
            .map((cell) => cell.textContent?.trim())
            .filter(Boolean)
            .join(' '),
        ),
      );

  it('shows a whole-term ticket’s instalments from the wizard’s tickets step, and closes', async () => {
    await page.goto(`${productUrl}/admin/activities/${groupId}/edit`);
    await page.getByRole('heading', { name: `Edit ${CAMP}` }).waitFor({ timeout: 15_000 });
    await page.locator('.step-button', { hasText: 'Tickets' }).click();
    const row = page
      .getByRole('table', { name: 'Tickets' })
      .getByRole('row', { name: /Whole week/ });
    await row.getByRole('button', { name: 'Payment schedule' }).click();
    await dialog().waitFor();
    const headers = await dialog().getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Date', 'Amount']);
    expect(await rows()).toEqual(['Date Amount', `${shown[0]} £50.00`, `${shown[1]} £50.00`]);
    // £125 a week: the instalments leave £25 to pay at booking.
    expect(await dialog().textContent()).toContain('£25.00 is paid at booking');
    expect(await dialog().textContent()).toContain(`First payment on ${shown[0]}`);
    // Only the whole-term ticket can be paid by schedule.
    const day = page
      .getByRole('table', { name: 'Tickets' })
      .getByRole('row', { name: /Day ticket/ });
    await dialog().getByRole('button', { name: 'Close' }).last().click();
    await dialog().waitFor({ state: 'detached' });
    expect(await day.getByRole('button', { name: 'Payment schedule' }).count()).toBe(0);
  });

  it('shows a booking’s instalments from the booking screen', async () => {
    await page.goto(`${productUrl}/admin/bookings/${bookingId}`);
    await page
      .getByRole('heading', { name: `Booking ${bookingReference(bookingId)}` })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Payment schedule' }).click();
    await dialog().waitFor();
    const text = await rows();
    expect(text[0]).toBe('Date Amount State');
    expect(text.slice(1)).toEqual([`${shown[0]} £25.00 Scheduled`, `${shown[1]} £30.00 Scheduled`]);
    expect(await dialog().textContent()).toContain(`Final payment on ${shown[1]}`);
    await dialog().getByRole('button', { name: 'Close' }).last().click();
    await dialog().waitFor({ state: 'detached' });
  });
});
