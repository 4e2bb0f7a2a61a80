import { Hono } from 'hono';
import { bookingReference, cancelPlacesSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import { recordAudit, recordNewRefunds, refundIds } from '../services/audit.ts';
import { cancelBookingPlaces, quoteBookingCancellation } from '../services/bookings/cancel.ts';
import { loadVisibleBooking } from '../services/bookings/list.ts';

/* Cancelling places, by the customer who booked them or an admin of the organiser. */
export const bookingCancelRoutes = new Hono<AppEnv>()
  .post('/:id/cancel-quote', async (c) => {
    const caller = requireUser(c);
    const body = await readBody(c, cancelPlacesSchema);
    const quote = await quoteBookingCancellation(
      c.get('db'),
      caller,
      c.req.param('id'),
      body.places,
      Date.now(),
      Boolean(c.get('config').stripe),
    );
    return c.json({ data: quote });
  })
  .post('/:id/cancel', async (c) => {
    const caller = requireUser(c);
    const body = await readBody(c, cancelPlacesSchema);
    const db = c.get('db');
    const id = c.req.param('id');
    // The cancellation, its refund and their audit entries commit together.
    await db.transaction().execute(async (trx) => {
      const before = await refundIds(trx, caller.clientId, id);
      await cancelBookingPlaces(
        { db: trx, dialect: c.get('dialect'), stripeConfigured: Boolean(c.get('config').stripe) },
        caller,
        id,
        body,
        Date.now(),
      );
      await recordAudit(trx, caller, {
        action: 'booking.cancelled',
        subjectType: 'booking',
        subjectId: id,
        summary: `Cancelled ${body.places.length} place(s) on booking #${bookingReference(id)}${caller.role === 'customer' ? ' (by the customer)' : ''}`,
        detail: { places: body.places.length, refundMethod: body.refundMethod ?? null },
      });
      await recordNewRefunds(trx, caller, id, before);
    });
    const booking = await loadVisibleBooking(db, caller, id);
    if (!booking) throw notFound();
    return c.json({ data: booking });
  });
