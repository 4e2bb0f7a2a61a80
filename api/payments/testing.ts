import { type FakeStripe, startFakeStripe } from '../../test/stripe-server/index.ts';
import { createApp } from '../app.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';
import { createTestContext, registerCustomer, type TestContext } from '../test/harness.ts';
import type { StripeSettings } from './stripe.ts';

/*
 * Test helpers for the payment paths: the real app, on the harness's real database, configured
 * with Stripe keys that point the real SDK at the local test server (test/stripe-server).
 */

export interface StripeTestContext {
  ctx: TestContext;
  fake: FakeStripe;
  settings: StripeSettings;
  /** Same as ctx.request, but through an app that has Stripe configured. */
  request: TestContext['request'];
  /** POSTs a raw body with headers (webhook deliveries). */
  raw: (
    path: string,
    body: string,
    headers: Record<string, string>,
  ) => Promise<{ status: number; body: any }>;
  close: () => Promise<void>;
}

export async function startStripeTest(): Promise<StripeTestContext> {
  const ctx = await createTestContext();
  const fake = await startFakeStripe();
  const settings: StripeSettings = {
    secretKey: fake.secretKey,
    publishableKey: fake.publishableKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
  };
  const app = createApp(ctx.handle, {
    production: false,
    publicUrl: 'http://localhost:3000',
    stripe: settings,
  });
  const toResult = async (response: Response) => {
    const text = await response.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body, headers: response.headers };
  };
  const request: TestContext['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.clientId) headers['x-client-id'] = options.clientId;
    return toResult(
      await app.request(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
  };
  const raw: StripeTestContext['raw'] = async (path, body, headers) =>
    toResult(await app.request(path, { method: 'POST', headers, body }));
  return {
    ctx,
    fake,
    settings,
    request,
    raw,
    close: async () => {
      await fake.close();
      await ctx.close();
    },
  };
}

/** Connects the organiser's Stripe account through the API and finishes its onboarding. */
export async function connectStripe(t: StripeTestContext, token: string, clientId: string) {
  const onboard = await t.request('GET', '/api/payment-methods/stripe-onboard', { token });
  if (onboard.status !== 200) throw new Error(`onboarding failed: ${JSON.stringify(onboard.body)}`);
  const row = await t.ctx.handle.db
    .selectFrom('connected_accounts')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  t.fake.completeOnboarding(row.account_id);
  // Back from Stripe's onboarding, the settings screen re-reads the account's flags.
  await t.request('GET', '/api/stripe/connected-account', { token });
  return row;
}

/**
 * A customer's booking held for card payment (one session with a place limit, one ticket, one
 * attendee), built directly in the tables so the payment tests do not depend on the booking
 * API's shape, then its checkout started as the /pay page starts it.
 */
export async function heldCardBooking(
  t: StripeTestContext,
  org: { token: string; clientId: string },
  {
    amount = 2500,
    parent: customer,
  }: { amount?: number; parent?: Awaited<ReturnType<typeof registerCustomer>> } = {},
) {
  const { bookingId, placeId, parent } = await heldBookingRows(t, org, amount, customer);
  const db = t.ctx.handle.db;
  // The /pay page's call: the PaymentIntent and the pending payment row.
  const checkout = await t.request('POST', `/api/stripe/bookings/${bookingId}/payment-intent`, {
    token: parent.token,
  });
  if (checkout.status !== 200) throw new Error(`checkout: ${JSON.stringify(checkout.body)}`);
  const payment = await db
    .selectFrom('payments')
    .select(['id', 'provider_ref'])
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return {
    bookingId,
    placeId,
    paymentId: payment.id,
    intentId: payment.provider_ref!,
    accountId: checkout.body.data.stripeAccount as string,
    parentToken: parent.token,
    checkout: checkout.body.data,
  };
}

/** Booking, place and payment states, for assertions. */
export async function bookingState(
  t: StripeTestContext,
  booking: { bookingId: string; paymentId: string },
) {
  const db = t.ctx.handle.db;
  const [b, places, payment] = await Promise.all([
    db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', booking.bookingId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('booking_places')
      .select('status')
      .where('booking_id', '=', booking.bookingId)
      .execute(),
    db
      .selectFrom('payments')
      .select(['status', 'amount_refunded'])
      .where('id', '=', booking.paymentId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    booking: b.status,
    places: places.map((p) => p.status),
    payment: payment.status,
    refunded: payment.amount_refunded,
  };
}

/** The tables of a customer's card booking held for payment, before any checkout. */
export async function heldBookingRows(
  t: Pick<StripeTestContext, 'ctx' | 'request'>,
  org: { token: string; clientId: string },
  amount = 2500,
  /** An existing customer (registration is limited to 20 an hour per address). */
  customer?: Awaited<ReturnType<typeof registerCustomer>>,
) {
  const db = t.ctx.handle.db;
  const created = await t.request('POST', '/api/activity-groups', {
    token: org.token,
    body: {
      name: `Gymnastics ${newId().slice(-4)}`,
      activities: [
        { _id: 'temp_a', date: '2031-03-02', startTime: '09:00', endTime: '10:00', placeLimit: 1 },
      ],
      tickets: [{ _id: 'temp_t', type: 'single', name: 'Drop-in', price: String(amount / 100) }],
      addOns: [],
    },
  });
  if (created.status !== 201) throw new Error(`group: ${JSON.stringify(created.body)}`);
  const group = (
    await t.request('GET', `/api/activity-groups/${created.body.data._id}`, { token: org.token })
  ).body.data;
  const parent = customer ?? (await registerCustomer(t.ctx, org.clientId));
  const now = nowIso();
  const owned = { client_id: org.clientId, created_at: now, updated_at: now };
  const attendeeId = newId();
  await db
    .insertInto('attendees')
    .values({ id: attendeeId, user_id: parent.user._id, ...owned })
    .execute();
  const bookingId = newId();
  const itemId = newId();
  const placeId = newId();
  const hold = new Date(Date.now() + 15 * 60_000).toISOString();
  await db
    .insertInto('bookings')
    .values({
      id: bookingId,
      ...owned,
      user_id: parent.user._id,
      status: 'held',
      payment_method: 'card',
      childcare_voucher_provider_id: null,
      currency: 'GBP',
      subtotal: amount,
      total: amount,
      amount_due_now: amount,
      discount_code: null,
      hold_expires_at: hold,
      idempotency_key: null,
      created_by_admin_id: null,
      confirmed_at: null,
      cancelled_at: null,
    })
    .execute();
  await db
    .insertInto('booking_items')
    .values({
      id: itemId,
      ...owned,
      booking_id: bookingId,
      activity_group_id: group._id,
      ticket_id: group.tickets[0]._id,
      attendee_id: attendeeId,
      price: amount,
      status: 'held',
    })
    .execute();
  await db
    .insertInto('booking_places')
    .values({
      id: placeId,
      ...owned,
      booking_id: bookingId,
      booking_item_id: itemId,
      activity_id: group.activities[0]._id,
      ticket_id: group.tickets[0]._id,
      attendee_id: attendeeId,
      status: 'held',
      hold_expires_at: hold,
    })
    .execute();
  return { bookingId, placeId, parent };
}
