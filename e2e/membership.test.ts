/*
 * Issue 11, item 1, in Chromium on the demo organiser's page: a monthly membership is never
 * booked at £0 with its monthly charge gone. Without card payments the widget shows the
 * membership but does not offer it, and says why. With card payments the parent pays by card,
 * and the confirmation and My bookings show the plan (£36.00 per month, the next collection on
 * the 1st, 'Continues until cancelled'); the membership is one row in My bookings, cancelled
 * with one action.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../api/db/ids.ts';
import { type StripeSettings, stripeClient } from '../api/payments/stripe.ts';
import { readConfig, startServer } from '../api/server.ts';
import { firstOfNextMonth, formatCivilDate, todayIn } from '../engine/index.ts';
import { startDemoSite } from '../scripts/demo-site.ts';
import { seedDemo } from '../scripts/seed.ts';
import { startFakeStripe } from '../test/stripe-server/index.ts';
import { chromiumOrSkip, launchChromium, type Stack, startStack } from './harness.ts';

const chrome = chromiumOrSkip();
const SWIM = 'Little Dippers Swim Club';
const NEEDS_CARD =
  'This membership is paid monthly by card, and card payments are not available for this organiser, so it cannot be booked online.';

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** The demo parent signed in, Leo chosen, at the swim club's tickets step. */
async function toTickets(page: Page, demoUrl: string): Promise<Locator> {
  await page.goto(demoUrl);
  const widget = page.locator('classwise-widget');
  await widget.getByRole('button', { name: `Book ${SWIM}` }).click({ timeout: 15_000 });
  await widget.getByRole('button', { name: 'Book now' }).click();
  await widget.getByLabel('Email').fill('parent@example.com');
  await widget.getByLabel('Password').fill('classwise-parent');
  await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
  await widget.getByRole('checkbox', { name: 'Leo Parent' }).check({ timeout: 15_000 });
  await widget.getByRole('button', { name: 'Continue' }).click();
  return widget;
}

describe.skipIf(!chrome)('a membership without card payments', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium(chrome!);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('is shown but not offered, and says why', async () => {
    const page = await browser.newPage();
    const widget = await toTickets(page, stack.demoUrl);
    const membership = widget.getByRole('radio', { name: /Monthly membership/ });
    await membership.waitFor({ timeout: 15_000 });
    await expect.poll(() => membership.isDisabled(), { timeout: 15_000 }).toBe(true);
    expect(await widget.locator('.cw-step').textContent()).toContain(NEEDS_CARD);
    await widget.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => widget.getByRole('alert').first().textContent())
      .toContain('Please choose a ticket');
    expect(await widget.getByRole('heading', { name: 'Your basket' }).count()).toBe(0);
    await page.close();
  });
});

describe.skipIf(!chrome)('a membership with card payments', () => {
  let browser: Browser;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let product: Awaited<ReturnType<typeof startServer>>;
  let demo: Awaited<ReturnType<typeof startDemoSite>>;
  let dir: string;
  let productUrl: string;
  let demoUrl: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    dir = mkdtempSync(join(tmpdir(), 'classwise-membership-'));
    const [port, demoPort] = [await freePort(), await freePort()];
    productUrl = `http://localhost:${port}`;
    const settings: StripeSettings = {
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
    const { clientId } = await seedDemo(product.handle.db);
    demo = await startDemoSite({ port: demoPort, productOrigin: productUrl, clientId });
    demoUrl = `http://127.0.0.1:${demoPort}/`;
    const account = await stripeClient(settings).accounts.create({ type: 'standard' });
    fake.completeOnboarding(account.id);
    const now = new Date().toISOString();
    await product.handle.db
      .insertInto('connected_accounts')
      .values({
        id: newId(),
        client_id: clientId,
        provider: 'stripe',
        account_id: account.id,
        payment_method_config_id: null,
        connected: 1,
        details_submitted: 1,
        charges_enabled: 1,
        payouts_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    await product?.stop();
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is paid by card, shows its plan on the confirmation and in My bookings, and is cancelled as one', async () => {
    const page = await browser.newPage();
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    const widget = await toTickets(page, demoUrl);
    await widget.getByRole('radio', { name: /Monthly membership/ }).check({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('button', { name: 'Continue to payment' }).click({ timeout: 15_000 });
    // Only the card can pay a membership, whatever is due today.
    const methods = widget.getByRole('group', { name: 'How would you like to pay?' });
    await methods.getByRole('radio', { name: 'Card' }).check();
    expect(await methods.getByRole('radio').count()).toBe(1);
    await widget.getByRole('button', { name: 'Place booking' }).click();

    // The card page comes first: it takes a cover fee due today, or with nothing due saves the
    // card for the monthly payments.
    const confirmed = widget.getByRole('heading', { name: 'Booking confirmed' });
    await page
      .locator('classwise-widget iframe[title="Card payment"]')
      .waitFor({ timeout: 20_000 });
    expect(await confirmed.count()).toBe(0);
    {
      // The /pay frame asks for its intent; then Stripe.js would confirm the card.
      await expect.poll(() => paymentCount(), { timeout: 15_000 }).toBeGreaterThan(0);
      const payment = await product.handle.db
        .selectFrom('payments')
        .select('provider_ref')
        .where('provider', '=', 'stripe')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      // Nothing due today: the page saves the card (a SetupIntent) for the monthly payments.
      const setup = payment.provider_ref!.startsWith('seti_');
      const frame = page.frameLocator('classwise-widget iframe[title="Card payment"]');
      await expect
        .poll(() => frame.locator('.pay-amount').textContent(), { timeout: 15_000 })
        .toMatch(setup ? /your card is saved for the later payments/ : /Amount to pay £\d/);
      if (setup) fake.succeedSetupIntent(payment.provider_ref!);
      else fake.succeedPaymentIntent(payment.provider_ref!);
      const event = fake.lastEvent(
        setup ? 'setup_intent.succeeded' : 'payment_intent.succeeded',
        payment.provider_ref!,
      )!;
      const { body, headers } = fake.signedDelivery(event);
      await fetch(`${productUrl}/api/stripe/webhook`, { method: 'POST', headers, body });
      const pay = page.frames().find((f) => f.url().includes('/pay/'))!;
      await pay.goto(pay.url());
      await confirmed.waitFor({ timeout: 20_000 });
    }

    const next = formatCivilDate(
      firstOfNextMonth(todayIn(Date.now(), 'Europe/London')),
      'dd/MM/yyyy',
    );
    const plan = widget.getByRole('region', { name: 'Payment plan' });
    await plan.waitFor();
    const planText = await plan.textContent();
    expect(planText).toContain('£36.00 per month');
    expect(planText).toContain(`First payment on ${next}`);
    expect(planText).toContain('Continues until cancelled');

    // My bookings: the membership is one row with its plan and one Cancel.
    await widget.getByRole('button', { name: 'View my bookings' }).click();
    await widget.getByRole('heading', { name: 'My bookings' }).waitFor();
    const cancel = widget.getByRole('button', { name: /^Cancel membership: / });
    await expect.poll(() => cancel.count(), { timeout: 15_000 }).toBe(1);
    expect(await widget.getByRole('button', { name: new RegExp(`^Cancel ${SWIM}`) }).count()).toBe(
      0,
    );
    const row = widget.locator('.cw-booked').filter({ hasText: SWIM });
    expect(await row.textContent()).toContain('Continues until cancelled');
    const money = widget.getByRole('region', { name: `Payments: ${SWIM}` });
    expect(await money.textContent()).toContain('Still owed');

    await cancel.click();
    const panel = widget.getByRole('region', { name: 'Cancel membership' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain('every session still to come');
    await panel.getByRole('button').last().click();
    await widget.getByText('Membership cancelled: no more monthly payments.').waitFor();
    await expect.poll(() => cancel.count()).toBe(0);
    const places = await product.handle.db
      .selectFrom('booking_places as p')
      .innerJoin('booking_items as i', 'i.id', 'p.booking_item_id')
      .innerJoin('tickets as t', 't.id', 'i.ticket_id')
      .select('p.status')
      .where('t.name', '=', 'Monthly membership')
      .execute();
    expect(places.length).toBeGreaterThan(1);
    expect(places.every((p) => p.status === 'cancelled')).toBe(true);
    await page.close();
  });

  const paymentCount = async () =>
    (
      await product.handle.db
        .selectFrom('payments')
        .select('id')
        .where('provider', '=', 'stripe')
        .execute()
    ).length;
});
