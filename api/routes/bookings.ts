import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import {
  adminBasketSchema,
  basketSchema,
  bookingReference,
  messages,
  placeHeldBasketSchema,
} from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { claimIdempotencyKey } from '../db/repositories/idempotency-keys.ts';
import {
  hit,
  hitLater,
  pendingHits,
  readCounter,
  whileSettled,
} from '../db/repositories/rate-limits.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin, requireCustomer, requireUser } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';
import { audited } from '../services/audit.ts';
import { createAdminBooking, quoteAdminBooking } from '../services/bookings/admin-create.ts';
import { createBooking } from '../services/bookings/create.ts';
import { listMyBookings, loadVisibleBooking } from '../services/bookings/list.ts';
import { loadPaymentOptions } from '../services/bookings/options.ts';
import { placeHeldBooking, releaseUnplacedHold } from '../services/bookings/place.ts';
import { quoteBasket } from '../services/bookings/quote.ts';
import { personOf } from '../services/households.ts';
import { bookingAdminRoutes } from './bookings-admin.ts';
import { bookingCancelRoutes } from './bookings-cancel.ts';

/** Wrong discount codes a customer may try per window before being made to wait. */
const CODE_GUESSES = { limit: 10, windowSeconds: 15 * 60 };
/**
 * Bookings a customer may start per window that take a place before any money arrives: a card
 * hold (kept until paid or expired), and pay later or a childcare voucher (kept until the
 * organiser marks them paid, see MAX_OPEN_UNPAID_BOOKINGS in the engine). One counter for all
 * three, so switching method does not reset it.
 */
const UNPAID_BOOKINGS = { limit: 10, windowSeconds: 60 * 60 };

/** The unpaid-bookings window now: when it started, and the 429 for a customer past it. */
function unpaidWindow(now = Date.now()) {
  const windowMs = UNPAID_BOOKINGS.windowSeconds * 1000;
  const start = now - (now % windowMs);
  const tooMany = () =>
    new HttpError(429, messages.tooManyUnpaidBookings, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil((start + windowMs - now) / 1000))),
    });
  return { start, tooMany };
}

const unpaidKey = (userId: string) => `unpaid-booking:${userId}`;

/**
 * 429 with Retry-After once the customer has started too many unpaid bookings this window.
 * `db` is the booking's own transaction, begun with the key settled (see `countedWithBooking`).
 */
async function limitUnpaidBookings(db: Db, userId: string) {
  const window = unpaidWindow();
  const key = unpaidKey(userId);
  const count = (await hit(db, key, window.start)) + pendingHits(key, window.start);
  if (count > UNPAID_BOOKINGS.limit) throw window.tooMany();
}

/**
 * The same 429, read without counting: for a booking refused before its transaction (a sold-out
 * camp, api/services/bookings/sold-out.ts), whose attempt is then counted on its own.
 */
async function refuseOverUnpaidLimit(db: Db, userId: string) {
  const window = unpaidWindow();
  const counter = await readCounter(db, unpaidKey(userId));
  if (counter && counter.at === window.start && counter.count >= UNPAID_BOOKINGS.limit)
    throw window.tooMany();
}

/**
 * Books with the unpaid-bookings counter counted inside the booking's transaction, so a booking
 * costs one durable commit (the counter used to commit, and fsync, on its own first). A refused
 * attempt rolls its count back with everything else, so it is counted again on its own after:
 * every attempt counts once, booked or refused (docs/decisions.md).
 */
async function countedWithBooking<T>(
  c: Context<AppEnv>,
  userId: string,
  counts: boolean,
  book: (
    first: ((trx: Db) => Promise<void>) | null,
    limit: ((db: Db) => Promise<void>) | null,
  ) => Promise<T>,
): Promise<T> {
  if (!counts) return book(null, null);
  try {
    // Settled before the transaction begins: the count read inside it is then exact.
    return await whileSettled(unpaidKey(userId), () =>
      book(
        (trx) => limitUnpaidBookings(trx, userId),
        (db) => refuseOverUnpaidLimit(db, userId),
      ),
    );
  } catch (error) {
    // Rolled back with the booking, or never reached: count the refused attempt on its own,
    // written with the other refusals of the moment (hitLater), so a camp's last places going
    // do not cost every parent refused a disk flush of their own.
    hitLater(c.get('db'), unpaidKey(userId), unpaidWindow().start);
    throw error;
  }
}

/**
 * Wrong codes from one address, over all its customers: fresh accounts (each with its own 10)
 * must not make guessing unlimited. Registration is limited per address too (routes/auth.ts).
 */
const CODE_GUESSES_PER_ADDRESS = { limit: 30, windowSeconds: 15 * 60 };

/** The counters a wrong code counts against: the customer's and the address's. */
const guessCounters = (c: Context<AppEnv>, userId: string) => [
  { key: `code-guess:${userId}`, limits: CODE_GUESSES },
  { key: `code-guess-ip:${clientAddress(c)}`, limits: CODE_GUESSES_PER_ADDRESS },
];

/**
 * Counts one wrong discount code against each counter, once per window: the widget re-quotes
 * whenever the basket changes (ticking account credit…), and a wrong code left in the field must
 * not count again on each re-price. Codes are compared as the engine matches them, whatever
 * the case.
 */
async function countWrongCode(c: Context<AppEnv>, userId: string, code: string) {
  for (const { key, limits } of guessCounters(c, userId)) {
    const window = limits.windowSeconds * 1000;
    const now = Date.now();
    const seen = await hit(
      c.get('db'),
      `${key}:${code.trim().toLowerCase()}`,
      now - (now % window),
    );
    if (seen === 1) await rateLimit(c, key, limits);
  }
}

/**
 * Counts distinct wrong discount codes, so nobody can try codes until one works: once over the
 * limit, even a right code waits out the window.
 */
async function guardCodeGuess<T>(
  c: Context<AppEnv>,
  code: string | null,
  userId: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!code) return work();
  for (const { key, limits } of guessCounters(c, userId)) {
    const window = limits.windowSeconds * 1000;
    const now = Date.now();
    const row = await readCounter(c.get('db'), key);
    if (row && row.at === now - (now % window) && row.count >= limits.limit)
      await rateLimit(c, key, limits);
  }
  try {
    const result = await work();
    const quoted = result as { code?: { message: string | null } | null };
    if (quoted?.code?.message === messages.codeInvalid) await countWrongCode(c, userId, code);
    return result;
  } catch (error) {
    if (error instanceof HttpError && error.message === messages.codeInvalid)
      await countWrongCode(c, userId, code);
    throw error;
  }
}

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different booking. Send a new key for a new booking.';

/** The same basket, however its JSON was ordered, gives the same fingerprint. */
function fingerprintOf(basket: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(basket)))
    .digest('base64url');
}

/**
 * The request's Idempotency-Key, checked against what the key was first sent with: a different
 * request under a used key is a 422 (never the first booking); 'retry' tells the caller not to
 * count it again. `request` names the route too, so a hold's key cannot replay as a booking.
 */
async function claimKey(
  c: Context<AppEnv>,
  caller: { clientId: string; userId: string },
  request: Record<string, unknown>,
): Promise<{ idempotencyKey: string | null; sent: 'new' | 'retry' }> {
  const idempotencyKey = c.req.header('idempotency-key')?.trim() || null;
  if (!idempotencyKey) return { idempotencyKey, sent: 'new' };
  if (idempotencyKey.length > 200)
    throw new HttpError(400, 'Idempotency-Key must be at most 200 characters.');
  const sent = await claimIdempotencyKey(c.get('db'), {
    client_id: caller.clientId,
    user_id: caller.userId,
    key: idempotencyKey,
    fingerprint: fingerprintOf(request),
    created_at: new Date().toISOString(),
  });
  if (sent === 'mismatch') throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
  return { idempotencyKey, sent };
}

/*
 * The bookings API (docs/api/bookings.md). Customers quote and book their own baskets; the
 * server prices everything again and never trusts a total from the browser.
 */
export const bookings = new Hono<AppEnv>()
  .post('/quote', async (c) => {
    const caller = requireCustomer(c);
    const basket = await readBody(c, basketSchema);
    const quote = await guardCodeGuess(c, basket.discountCode, caller.userId, () =>
      quoteBasket(c.get('db'), caller.clientId, caller.userId, basket, Date.now(), {
        refuseInvalidCode: true,
        ownHoldsGiveWay: true,
      }),
    );
    return c.json({ data: quote });
  })
  .post('/', async (c) => {
    const caller = requireCustomer(c);
    const basket = await readBody(c, basketSchema);
    const { idempotencyKey, sent } = await claimKey(c, caller, { book: basket });
    const db = c.get('db');
    // Every method names a way to pay later than now; a booking with nothing due sends none. A
    // retry of a key was counted when the key was first sent.
    const counts = Boolean(basket.paymentMethod) && sent === 'new';
    const { bookingId } = await countedWithBooking(c, caller.userId, counts, (first, limit) =>
      guardCodeGuess(c, basket.discountCode, caller.userId, () =>
        createBooking(
          { db, dialect: c.get('dialect'), stripeConfigured: Boolean(c.get('config').stripe) },
          {
            clientId: caller.clientId,
            userId: caller.userId,
            basket,
            idempotencyKey,
            bookedBy: personOf(caller),
            first,
            limit,
          },
        ),
      ),
    );
    const booking = await loadVisibleBooking(db, caller, bookingId);
    if (!booking) throw notFound();
    return c.json({ data: booking }, 201);
  })
  // The payment step: the basket's places are held (any method) while the parent chooses how to
  // pay; POST /:id/place then books them with the chosen method.
  .post('/holds', async (c) => {
    const caller = requireCustomer(c);
    const { paymentMethod: _ignored, ...basket } = await readBody(c, basketSchema);
    const { idempotencyKey, sent } = await claimKey(c, caller, { hold: basket });
    // A hold keeps places from everyone else, like a card hold always did: same hourly limit,
    // counted once per key.
    const db = c.get('db');
    const { bookingId } = await countedWithBooking(
      c,
      caller.userId,
      sent === 'new',
      (first, limit) =>
        guardCodeGuess(c, basket.discountCode, caller.userId, () =>
          createBooking(
            { db, dialect: c.get('dialect'), stripeConfigured: Boolean(c.get('config').stripe) },
            {
              clientId: caller.clientId,
              userId: caller.userId,
              basket: { ...basket, paymentMethod: null },
              idempotencyKey,
              hold: true,
              bookedBy: personOf(caller),
              first,
              limit,
            },
          ),
        ),
    );
    const booking = await loadVisibleBooking(db, caller, bookingId);
    if (!booking) throw notFound();
    return c.json({ data: booking }, 201);
  })
  .post('/:id/place', async (c) => {
    const caller = requireCustomer(c);
    const { paymentMethod } = await readBody(c, placeHeldBasketSchema);
    const db = c.get('db');
    const bookingId = c.req.param('id');
    await placeHeldBooking(
      { db, stripeConfigured: Boolean(c.get('config').stripe) },
      { clientId: caller.clientId, userId: caller.userId, bookingId, paymentMethod },
    );
    const booking = await loadVisibleBooking(db, caller, bookingId);
    if (!booking) throw notFound();
    return c.json({ data: booking });
  })
  .delete('/:id/hold', async (c) => {
    const caller = requireCustomer(c);
    await releaseUnplacedHold(c.get('db'), {
      clientId: caller.clientId,
      userId: caller.userId,
      bookingId: c.req.param('id'),
    });
    return c.body(null, 204);
  })
  .get('/mine', async (c) => {
    const caller = requireCustomer(c);
    return c.json({ data: await listMyBookings(c.get('db'), caller.clientId, caller.userId) });
  })
  .get('/payment-options', async (c) => {
    const clientId = await requestClientId(c);
    const caller = c.get('caller');
    const customerId = caller?.role === 'customer' ? caller.userId : null;
    return c.json({
      data: await loadPaymentOptions(
        c.get('db'),
        clientId,
        customerId,
        Date.now(),
        Boolean(c.get('config').stripe),
      ),
    });
  })
  .post('/admin/quote', async (c) => {
    const admin = requireAdmin(c);
    const { user, allowOverCapacity: _, ...basket } = await readBody(c, adminBasketSchema);
    const quote = await quoteAdminBooking(c.get('db'), admin.clientId, user, basket, Date.now());
    return c.json({ data: quote });
  })
  .post('/admin', async (c) => {
    const admin = requireAdmin(c);
    const { user, allowOverCapacity, ...basket } = await readBody(c, adminBasketSchema);
    const db = c.get('db');
    const bookingId = await audited(
      db,
      admin,
      (trx) =>
        createAdminBooking(
          { db: trx, dialect: c.get('dialect'), stripeConfigured: Boolean(c.get('config').stripe) },
          {
            clientId: admin.clientId,
            adminId: admin.userId,
            userId: user,
            basket,
            allowOverCapacity,
          },
        ),
      (id) => ({
        action: 'booking.created',
        subjectType: 'booking',
        subjectId: id,
        summary: `Booked #${bookingReference(id)} for a customer${allowOverCapacity ? ' (past a place limit)' : ''}`,
        detail: { customerId: user, allowOverCapacity: allowOverCapacity === true },
      }),
    );
    const booking = await loadVisibleBooking(db, admin, bookingId);
    if (!booking) throw notFound();
    return c.json({ data: booking }, 201);
  })
  .route('/', bookingAdminRoutes)
  .route('/', bookingCancelRoutes)
  .get('/:id', async (c) => {
    const caller = requireUser(c);
    const booking = await loadVisibleBooking(c.get('db'), caller, c.req.param('id'));
    if (!booking) throw notFound();
    return c.json({ data: booking });
  });
