import { Hono } from 'hono';
import * as v from 'valibot';
import { queryLimit, queryPage } from '../../engine/index.ts';
import { bounceMessages } from '../../engine/mail-bounces.ts';
import type { AppEnv } from '../context.ts';
import { newId } from '../db/ids.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { loadMyNotifications, saveMyNotifications } from '../mail/admin-notifications.ts';
import { enqueueBookingConfirmation } from '../mail/booking-messages.ts';
import { clearBounce, listBounces } from '../mail/bounces.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { listMessages, loadMessage } from '../services/messages/list.ts';

const listQuery = v.object({
  page: queryPage,
  limit: queryLimit(100, 25),
  bookingId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  email: v.optional(v.pipe(v.string(), v.maxLength(320))),
});

/** Also the API description's schema for this body (api/openapi/). */
export const resendBody = v.strictObject({
  bookingId: v.pipe(
    v.string('Choose a booking.'),
    v.nonEmpty('Choose a booking.'),
    v.maxLength(64),
  ),
});

const bounceQuery = v.object({
  email: v.optional(v.pipe(v.string(), v.maxLength(320))),
});

/** Also the API description's schema for this body (api/openapi/). */
export const clearBounceBody = v.strictObject({
  email: v.pipe(
    v.string('Enter the e-mail address.'),
    v.trim(),
    v.nonEmpty('Enter the e-mail address.'),
    v.maxLength(320),
  ),
});

const choice = v.boolean('Choose on or off.');
/** Also the API description's schema for this body (api/openapi/). */
export const myNotificationsBody = v.strictObject({
  newBooking: choice,
  cancellation: choice,
  paymentFailed: choice,
  dailyDigest: choice,
});

/*
 * The organiser's Messages screen (issue 12): every message to a customer with its status and
 * content, and 'Resend confirmation'. Admins only, always within their own client.
 */
export const messagesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    const query = parse(listQuery, c.req.query());
    const { data, total } = await listMessages(c.get('db'), admin.clientId, query);
    return c.json({ data, meta: { page: query.page, limit: query.limit, total } });
  })
  .post('/resend-confirmation', async (c) => {
    const admin = requireAdmin(c);
    const { bookingId } = await readBody(c, resendBody);
    const db = c.get('db');
    const booking = await db
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('client_id', '=', admin.clientId)
      .where('id', '=', bookingId)
      .executeTakeFirst();
    if (!booking) throw notFound();
    if (booking.status !== 'confirmed' && booking.status !== 'awaiting_payment')
      throw new HttpError(
        409,
        'Only a confirmed booking, or one awaiting payment, has a confirmation to resend.',
      );
    // Each resend is its own event, so it is sent even though the first confirmation was.
    const id = await db.transaction().execute((trx) =>
      enqueueBookingConfirmation(trx, {
        clientId: admin.clientId,
        bookingId,
        eventKey: `booking-confirmation:${bookingId}:resend:${newId()}`,
      }),
    );
    return c.json({ data: await loadMessage(db, admin.clientId, id!) }, 201);
  })
  // The signed-in admin's own organiser notifications (Settings › My notifications).
  .get('/my-notifications', async (c) => {
    const admin = requireAdmin(c);
    return c.json({
      data: await loadMyNotifications(c.get('db'), admin.clientId, admin.userId),
    });
  })
  .put('/my-notifications', async (c) => {
    const admin = requireAdmin(c);
    const choices = await readBody(c, myNotificationsBody);
    return c.json({
      data: await saveMyNotifications(c.get('db'), admin.clientId, admin.userId, choices),
    });
  })
  // Addresses their mail server refused (docs/rules/messages.md), for the badge and the customer.
  .get('/bounces', async (c) => {
    const admin = requireAdmin(c);
    const { email } = parse(bounceQuery, c.req.query());
    return c.json({ data: await listBounces(c.get('db'), admin.clientId, email) });
  })
  // The organiser checked the address: messages to it are sent again.
  .post('/bounces/clear', async (c) => {
    const admin = requireAdmin(c);
    const { email } = await readBody(c, clearBounceBody);
    if (!(await clearBounce(c.get('db'), admin.clientId, email)))
      throw new HttpError(404, bounceMessages.noneToClear);
    return c.json({ data: { email: email.toLowerCase(), cleared: true } });
  })
  .get('/:id', async (c) => {
    const admin = requireAdmin(c);
    const message = await loadMessage(c.get('db'), admin.clientId, c.req.param('id'));
    if (!message) throw notFound();
    return c.json({ data: message });
  });
