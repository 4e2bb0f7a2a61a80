import { Hono } from 'hono';
import { cancelPlacesSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requireUser } from '../middleware/auth.ts';
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
    await cancelBookingPlaces(
      { db, dialect: c.get('dialect'), stripeConfigured: Boolean(c.get('config').stripe) },
      caller,
      c.req.param('id'),
      body,
      Date.now(),
    );
    const booking = await loadVisibleBooking(db, caller, c.req.param('id'));
    if (!booking) throw notFound();
    return c.json({ data: booking });
  });
