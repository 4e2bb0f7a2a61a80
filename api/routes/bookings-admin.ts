import { Hono } from 'hono';
import * as v from 'valibot';
import { bookingReference, queryLimit, queryPage } from '../../engine/index.ts';
import { manualRefundSchema } from '../../engine/refunds/manual.ts';
import { newCustomerRequestSchema } from '../../engine/schemas/new-customer.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { sendRefund } from '../payments/refunds.ts';
import { stripeClient } from '../payments/stripe.ts';
import { createCustomer } from '../services/admin-customers.ts';
import { audited, recordNewRefunds, refundIds } from '../services/audit.ts';
import { attendeeSales, listClientBookings, markBookingPaid } from '../services/bookings/admin.ts';
import { loadVisibleBooking } from '../services/bookings/list.ts';
import { manualRefundOptions, recordManualRefund } from '../services/bookings/manual-refund.ts';
import { PAYMENT_STATES } from '../services/bookings/search.ts';

const STATUSES = ['held', 'awaiting_payment', 'confirmed', 'cancelled', 'expired'] as const;

const civilDate = v.pipe(v.string(), v.isoDate('Dates are written YYYY-MM-DD.'));

/** The list's filters; the bookings export reads the same ones (api/routes/exports.ts). */
export const bookingFiltersSchema = v.object({
  activityGroup: v.optional(v.pipe(v.string(), v.maxLength(64))),
  session: v.optional(v.pipe(v.string(), v.maxLength(64))),
  from: v.optional(civilDate),
  to: v.optional(civilDate),
  status: v.optional(v.union([v.picklist(STATUSES), v.array(v.picklist(STATUSES))])),
  paymentState: v.optional(v.picklist(PAYMENT_STATES)),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

const listQuery = v.object({
  page: queryPage,
  limit: queryLimit(1000, 25),
  filters: v.optional(
    v.pipe(v.string(), v.parseJson(undefined, 'filters must be JSON.'), bookingFiltersSchema),
  ),
});

const salesQuery = v.object({
  userId: v.pipe(v.string(), v.nonEmpty()),
  activityGroupIds: v.pipe(
    v.string(),
    v.parseJson(undefined, 'activityGroupIds must be a JSON list.'),
    v.array(v.string(), 'activityGroupIds must be a JSON list.'),
    v.maxLength(200),
  ),
});

/* The organiser's side of bookings: the paged list, offline payments, sales per attendee. */
export const bookingAdminRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    const query = parse(listQuery, c.req.query());
    const { data, total } = await listClientBookings(c.get('db'), admin.clientId, {
      ...(query.filters ?? {}),
      page: query.page,
      limit: query.limit,
    });
    return c.json({ data, meta: { page: query.page, limit: query.limit, total } });
  })
  // A new family's parent, added during a phone booking (docs/rules/phone-bookings.md).
  .post('/admin/customers', async (c) => {
    const admin = requireAdmin(c);
    const body = await readBody(c, newCustomerRequestSchema);
    return c.json({ data: await createCustomer(c.get('db'), admin.clientId, body) }, 201);
  })
  .get('/attendee-sales', async (c) => {
    const admin = requireAdmin(c);
    const query = parse(salesQuery, c.req.query());
    const user = await c
      .get('db')
      .selectFrom('users')
      .select('id')
      .where('client_id', '=', admin.clientId)
      .where('id', '=', query.userId)
      .executeTakeFirst();
    if (!user) throw notFound();
    return c.json({
      data: await attendeeSales(c.get('db'), admin.clientId, user.id, query.activityGroupIds),
    });
  })
  .post('/:id/mark-paid', async (c) => {
    const admin = requireAdmin(c);
    const db = c.get('db');
    const id = c.req.param('id');
    await audited(
      db,
      admin,
      (trx) => markBookingPaid(trx, admin.clientId, id, Boolean(c.get('config').stripe)),
      () => ({
        action: 'booking.markedPaid',
        subjectType: 'booking',
        subjectId: id,
        summary: `Marked booking #${bookingReference(id)} paid`,
      }),
    );
    const booking = await loadVisibleBooking(db, admin, c.req.param('id'));
    if (!booking) throw new HttpError(404, 'Not found');
    return c.json({ data: booking });
  })
  // A manual refund (docs/rules/refunds.md): the most that may go back, and by which methods.
  .get('/:id/refund-options', async (c) => {
    const admin = requireAdmin(c);
    const options = await manualRefundOptions(
      c.get('db'),
      admin.clientId,
      c.req.param('id'),
      Boolean(c.get('config').stripe),
    );
    return c.json({ data: options });
  })
  .post('/:id/refund', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, manualRefundSchema);
    const db = c.get('db');
    const stripe = c.get('config').stripe;
    const bookingId = c.req.param('id');
    // The refund and its audit entry commit together (docs/rules/data-rights.md).
    const { refundId, method } = await db.transaction().execute(async (trx) => {
      const before = await refundIds(trx, admin.clientId, bookingId);
      const refund = await recordManualRefund(
        { db: trx, dialect: c.get('dialect'), stripeConfigured: Boolean(stripe) },
        { clientId: admin.clientId, adminId: admin.userId, bookingId, input },
      );
      await recordNewRefunds(trx, admin, bookingId, before);
      return refund;
    });
    // Sent now so the organiser sees Stripe's answer; the queued job is the fallback when this
    // call never hears back (sending twice is safe: Stripe sees one idempotency key).
    if (method === 'stripe' && stripe)
      await sendRefund(db, stripeClient(stripe), admin.clientId, refundId);
    const booking = await loadVisibleBooking(db, admin, bookingId);
    if (!booking) throw notFound();
    return c.json({ data: booking }, 201);
  });
