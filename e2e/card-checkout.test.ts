/*
 * A parent pays by card through the real widget on the demo organiser's page: the booking is
 * held, the widget frames our /pay page, which gets the PaymentIntent from the API (Stripe
 * configured, pointed at the local test server) and goes as far as loading Stripe.js (refused
 * here: no test calls the internet). Stripe then reports the payment by webhook, and the widget
 * shows the confirmed booking.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../api/db/ids.ts';
import { type StripeSettings, stripeClient } from '../api/payments/stripe.ts';
import { readConfig, startServer } from '../api/server.ts';
import { startDemoSite } from '../scripts/demo-site.ts';
import { seedDemo } from '../scripts/seed.ts';
import { startFakeStripe } from '../test/stripe-server/index.ts';
import { chromiumOrSkip, launchChromium } from './harness.ts';

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

describe.skipIf(!chrome)('card checkout in the widget', () => {
  let browser: Browser;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let product: Awaited<ReturnType<typeof startServer>>;
  let demo: Awaited<ReturnType<typeof startDemoSite>>;
  let dir: string;
  let productUrl: string;
  let demoUrl: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    dir = mkdtempSync(join(tmpdir(), 'classwise-card-'));
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
    // The demo club has connected its Stripe account and finished onboarding.
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

  /** The widget journey of the demo parent booking one camp day for Mia, paying by card. */
  async function bookByCard(page: Page, session: number) {
    await page.goto(demoUrl);
    const widget = page.locator('classwise-widget');
    await widget.getByRole('button', { name: `Book ${CAMP}` }).click({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Book now' }).click();
    await widget.getByLabel('Email').fill('parent@example.com');
    await widget.getByLabel('Password').fill('classwise-parent');
    await widget.getByRole('button', { name: 'Sign in', exact: true }).click();
    await widget.getByRole('checkbox', { name: 'Mia Parent' }).check({ timeout: 15_000 });
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('radio', { name: /Day ticket/ }).check();
    await widget
      .getByRole('group', { name: 'Sessions for Mia Parent' })
      .getByRole('checkbox')
      .nth(session)
      .check();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await widget.getByRole('button', { name: 'Continue to payment' }).click({ timeout: 15_000 });
    await widget.getByRole('radio', { name: 'Card' }).check();
    await widget.getByRole('button', { name: 'Place booking' }).click();
    return widget;
  }

  /** Stripe's webhook delivery of the newest event of a type about a PaymentIntent. */
  async function deliver(type: string, intentId: string) {
    const event = fake.lastEvent(type, intentId)!;
    const { body, headers } = fake.signedDelivery(event);
    const res = await fetch(`${productUrl}/api/stripe/webhook`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
  }

  const latestCardPayment = () =>
    product.handle.db
      .selectFrom('payments')
      .innerJoin('bookings', 'bookings.id', 'payments.booking_id')
      .select(['payments.provider_ref', 'payments.amount', 'bookings.status', 'bookings.id'])
      .where('payments.provider', '=', 'stripe')
      .orderBy('payments.created_at', 'desc')
      .executeTakeFirstOrThrow();

  it('holds the places, frames /pay up to Stripe.js, and confirms once Stripe reports payment', async () => {
    const page = await browser.newPage();
    const stripeJs: string[] = [];
    await page.route('https://js.stripe.com/**', (route) => {
      stripeJs.push(route.request().url());
      return route.abort();
    });
    const widget = await bookByCard(page, 0);

    // The /pay frame asks for the PaymentIntent and loads Stripe.js for it.
    const pay = page.frameLocator('classwise-widget iframe[title="Card payment"]');
    await expect
      .poll(() => pay.locator('.pay-amount').textContent(), { timeout: 15_000 })
      .toMatch(/Amount to pay £\d/);
    await expect.poll(() => stripeJs.length).toBeGreaterThan(0);
    const payment = await latestCardPayment();
    expect(payment.status).toBe('held');
    expect(fake.objects.get(payment.provider_ref!)?.amount).toBe(payment.amount);

    // Stripe.js would confirm the card here; the test server does it, and Stripe calls back.
    fake.succeedPaymentIntent(payment.provider_ref!);
    await deliver('payment_intent.succeeded', payment.provider_ref!);
    // As when a redirect-based method returns: the frame reloads, finds the payment made,
    // and tells the widget, which shows the confirmed booking.
    const frame = page.frames().find((f) => f.url().includes('/pay/'))!;
    await frame.goto(frame.url());
    await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor({ timeout: 20_000 });
    const booking = await product.handle.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe('confirmed');
    await page.close();
  });

  it('tells the parent when the card was declined and the places went back', async () => {
    const page = await browser.newPage();
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    const widget = await bookByCard(page, 1);
    const pay = page.frameLocator('classwise-widget iframe[title="Card payment"]');
    await expect.poll(() => pay.locator('.pay-amount').count(), { timeout: 15_000 }).toBe(1);
    const payment = await latestCardPayment();
    fake.failPaymentIntent(payment.provider_ref!);
    await deliver('payment_intent.payment_failed', payment.provider_ref!);
    const frame = page.frames().find((f) => f.url().includes('/pay/'))!;
    await frame.goto(frame.url());
    await expect
      .poll(() => widget.getByRole('alert').first().textContent(), { timeout: 15_000 })
      .toContain('places were released');
    const after = await product.handle.db
      .selectFrom('booking_places')
      .select('status')
      .where('booking_id', '=', payment.id)
      .execute();
    expect(after.map((p) => p.status)).toEqual(['expired']);
    await page.close();
  });
});
