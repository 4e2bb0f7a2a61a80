/*
 * The payments settings screen as an organiser uses it: connect through Stripe's onboarding (the
 * local test server's), the badge, the payment method toggles, the Disconnect dialog and its
 * guard, childcare voucher providers and provider accounts; and the demo without Stripe keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../api/db/ids.ts';
import type { StripeSettings } from '../api/payments/stripe.ts';
import { readConfig, startServer } from '../api/server.ts';
import { signUpOrganiser, type TestContext } from '../api/test/harness.ts';
import { messages } from '../engine/index.ts';
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

/** A product server of its own (Stripe or not) and an organiser signed up on it. */
async function startProduct(stripe: StripeSettings | null) {
  const dir = mkdtempSync(join(tmpdir(), 'classwise-payments-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const product = await startServer({
    ...readConfig({}),
    port,
    databaseUrl: join(dir, 'classwise.db'),
    publicUrl: url,
    distDir: resolve('dist'),
    stripe,
  });
  const request: TestContext['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
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
  const org = await signUpOrganiser(ctx);
  return {
    url,
    db: product.handle.db,
    org,
    stop: async () => {
      await product.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function signIn(page: Page, url: string, email: string) {
  await page.goto(`${url}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The dashboard shell, not just the URL: the login's own redirect must be over before the
  // test navigates, or it would land after the test's navigation.
  await page.getByRole('link', { name: 'Payments' }).waitFor();
}

describe.skipIf(!chrome)('payments settings', () => {
  let browser: Browser;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let withStripe: Awaited<ReturnType<typeof startProduct>>;
  let demo: Awaited<ReturnType<typeof startProduct>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    withStripe = await startProduct({
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    });
    demo = await startProduct(null);
    browser = await launchChromium(chrome!);
  });

  afterAll(async () => {
    await browser?.close();
    await withStripe?.stop();
    await demo?.stop();
    await fake?.close();
  });

  it('without Stripe keys explains how to connect and offers no card payments', async () => {
    const page = await browser.newPage();
    await signIn(page, demo.url, demo.org.email);
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByText('Card payments are not set up on this server').waitFor();
    expect(await page.getByText('STRIPE_SECRET_KEY').count()).toBe(1);
    expect(await page.getByRole('button', { name: /Connect/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Payment methods' }).count()).toBe(0);
    await page.close();
  });

  it('connects through onboarding, toggles methods, and disconnects with the dialog', async () => {
    const page = await browser.newPage();
    await signIn(page, withStripe.url, withStripe.org.email);
    await page.goto(`${withStripe.url}/admin/settings/payments`);
    const card = page.locator('section.card', { hasText: 'Card payments' });
    await card.getByText('Disconnected').waitFor();
    await page.getByRole('button', { name: 'Connect with Stripe' }).click();
    await page.waitForURL(/\/connect\/onboarding\/acct_/);
    const account = await withStripe.db
      .selectFrom('connected_accounts')
      .selectAll()
      .where('client_id', '=', withStripe.org.clientId)
      .executeTakeFirstOrThrow();
    // Stripe's onboarding (the test server's one button) sends the organiser back here.
    await page.getByRole('button', { name: 'Complete onboarding' }).click();
    await page.waitForURL(/\/admin\/settings\/payments\?stripe=return$/);
    await card.locator('.badge', { hasText: 'Connected' }).waitFor();
    const cards = page.getByRole('checkbox', { name: /Cards/ });
    await cards.waitFor();
    expect(await cards.isChecked()).toBe(true);
    expect(await cards.isDisabled()).toBe(true);
    // GB: Revolut Pay and Klarna are offered.
    expect(await page.getByRole('checkbox', { name: 'Revolut Pay' }).count()).toBe(1);
    const klarna = page.getByRole('checkbox', { name: 'Klarna' });
    expect(await klarna.isChecked()).toBe(false);
    await klarna.click();
    await expect.poll(() => klarna.isChecked()).toBe(true);
    const config =
      [...fake.objects.values()].find(
        (o) =>
          o.object === 'payment_method_configuration' && o.id === account.payment_method_config_id,
      ) ?? [...fake.objects.values()].find((o) => o.object === 'payment_method_configuration');
    expect(config?.klarna.display_preference.value).toBe('on');

    // A subscription plan: a monthly price on the organiser's Stripe account.
    await page.getByRole('button', { name: 'Add subscription plan' }).click();
    const planDialog = page.getByRole('dialog', { name: 'Add subscription plan' });
    await planDialog.getByRole('button', { name: 'Save' }).click();
    await planDialog.getByText(messages.priceRequired).waitFor();
    await planDialog.getByLabel('Name').fill('Monthly club');
    await planDialog.getByLabel('Monthly amount').fill('30');
    await planDialog.getByRole('button', { name: 'Save' }).click();
    const plans = page.getByRole('table', { name: 'Subscription plans' });
    await plans.getByText('£30.00').waitFor();
    expect(
      [...fake.objects.values()].some((o) => o.object === 'price' && o.unit_amount === 3000),
    ).toBe(true);

    // Disconnect: a success message, then only Close.
    // No ticket uses the plan yet, so it can go (a plan blocks Disconnect,
    // docs/rules/forms-and-messages.md).
    await page.getByRole('button', { name: 'Delete Monthly club' }).click();
    await page
      .getByRole('dialog', { name: 'Delete subscription plan' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => plans.getByText('Monthly club').count()).toBe(0);
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Stripe account' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByText('Your Stripe account is disconnected').waitFor();
    // Every button of the dialog by its accessible name: the header's × and the footer's Close.
    expect(
      await dialog
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()),
        ),
    ).toEqual(['Close', 'Close']);
    expect(await dialog.locator('.modal-footer').getByRole('button').allTextContents()).toEqual([
      'Close',
    ]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await card.locator('.badge', { hasText: 'Disconnected' }).waitFor();

    // Connect again, then a subscription plan makes Disconnect refuse with the spec's alert.
    await card.getByRole('button', { name: 'Connect' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect Stripe account' });
    await connect.getByRole('button', { name: 'Connect' }).click();
    await connect.getByText('Your Stripe account is connected.').waitFor();
    await connect.getByRole('button', { name: 'Close' }).last().click();
    const now = new Date().toISOString();
    await withStripe.db
      .insertInto('subscription_plans')
      .values({
        id: newId(),
        client_id: withStripe.org.clientId,
        name: 'Monthly',
        amount: 3000,
        provider_product_id: null,
        provider_price_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(
        `Failed to update Stripe account status: ${messages.connectedAccountUsedBySubscriptions}`,
      );
    await page.close();
  });

  it('shows Stripe failures as red alerts with the spec’s texts', async () => {
    const page = await browser.newPage();
    await signIn(page, withStripe.url, withStripe.org.email);
    // The SDK tries three times per call and the dashboard reads four times (docs/api/calls.md):
    // twelve failures make the read fail for good.
    for (let i = 0; i < 12; i += 1) fake.failNext('/v1/payment_method_configurations', 500);
    await page.goto(`${withStripe.url}/admin/settings/payments`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error loading payment method configurations' })
      .waitFor();
    await page.reload();
    const link = page.getByRole('checkbox', { name: 'Link' });
    await link.waitFor();
    // A write is tried once by the dashboard, three times by the SDK.
    for (let i = 0; i < 3; i += 1) fake.failNext('/v1/payment_method_configurations', 500);
    await link.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to update Stripe payment method: ' })
      .waitFor();
    await page.close();
  });

  it('manages childcare voucher providers and provider accounts with the spec’s dialogs', async () => {
    const page = await browser.newPage();
    await signIn(page, withStripe.url, withStripe.org.email);
    await page.goto(`${withStripe.url}/admin/settings/payments`);

    await page.getByRole('button', { name: 'Add provider' }).click();
    const provider = page.getByRole('dialog', { name: 'Add Childcare Voucher Provider' });
    await provider.getByRole('button', { name: 'Save' }).click();
    await provider.getByText(messages.voucherProviderName).waitFor();
    await provider.getByLabel('Name').fill('Edenred');
    await provider
      .getByLabel('Payment instructions')
      .fill('Pay Classwise Ltd, reference: child name');
    await provider.getByRole('button', { name: 'Save' }).click();
    const vouchers = page.getByRole('table', { name: 'Childcare voucher providers' });
    await vouchers.getByText('Edenred').waitFor();
    // A payment used it: deleting is refused with the spec's message.
    const row = await withStripe.db
      .selectFrom('childcare_voucher_providers')
      .select('id')
      .where('client_id', '=', withStripe.org.clientId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await withStripe.db
      .insertInto('payments')
      .values({
        id: newId(),
        client_id: withStripe.org.clientId,
        booking_id: null,
        user_id: null,
        provider: 'childcareVoucher',
        provider_ref: null,
        childcare_voucher_provider_id: row.id,
        amount: 1000,
        currency: 'GBP',
        status: 'succeeded',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await page.getByRole('button', { name: 'Delete Edenred' }).click();
    const del = page.getByRole('dialog', { name: 'Delete Childcare Voucher Provider' });
    await del.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => del.getByRole('alert').textContent())
      .toBe(messages.voucherProviderUsed);
    await del.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Disable Edenred' }).click();
    await page.getByRole('button', { name: 'Enable Edenred' }).waitFor();

    await page.getByRole('button', { name: 'Add a Provider account' }).click();
    const add = page.getByRole('dialog', { name: 'Add a Provider account' });
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(messages.nameRequired).waitFor();
    await add.getByText(messages.regReferenceRequired).waitFor();
    await add.getByText(messages.postcodeRequired).waitFor();
    await add.getByLabel('Name').fill('x'.repeat(50));
    await add.getByLabel('Registration reference').fill('EY123');
    await add.getByLabel('Postcode').fill('BA1 1AA');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(messages.nameTooLong).waitFor();
    await add.getByLabel('Name').fill('Tax-Free Childcare');
    await add.getByRole('button', { name: 'Save' }).click();
    const accounts = page.getByRole('table', { name: 'Childcare provider accounts' });
    await accounts.getByText('Tax-Free Childcare').waitFor();

    await page.getByRole('button', { name: 'Edit Tax-Free Childcare' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Provider account' });
    await edit.getByLabel('Postcode').fill('BA2 2BB');
    await edit.getByRole('button', { name: 'Save' }).click();
    await accounts.getByText('BA2 2BB').waitFor();

    await page.getByRole('button', { name: 'Remove Tax-Free Childcare' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove Provider account' });
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => accounts.getByText('Tax-Free Childcare').count()).toBe(0);
    await page.close();
  });
});
