import * as v from 'valibot';
import { basketSchema } from '../../engine/index.ts';
import { openDatabase } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { createBooking } from '../services/bookings/create.ts';

/*
 * One "server process" of the multi-process concurrency test: opens its own handle on the
 * shared database and books one place for each given customer, all at once. Prints how many
 * bookings it made, how many it was refused with 409 (session full) and with 503 (busy).
 * Run: node --import tsx api/routes/bookings-burst.child.ts '<json>'
 */
const job = JSON.parse(process.argv[2]!) as {
  url: string;
  clientId: string;
  groupId: string;
  ticketId: string;
  sessionId: string;
  customers: { userId: string; attendeeId: string }[];
};
const handle = await openDatabase(job.url);
const results = await Promise.all(
  job.customers.map(async ({ userId, attendeeId }) => {
    const basket = v.parse(basketSchema, {
      activityGroups: [
        {
          activityGroup: job.groupId,
          items: [{ ticket: job.ticketId, activities: [job.sessionId], attendees: [attendeeId] }],
        },
      ],
      paymentMethod: { type: 'payLater' },
    });
    try {
      await createBooking(handle, { clientId: job.clientId, userId, basket });
      return 201;
    } catch (error) {
      if (error instanceof HttpError) return error.status;
      console.error(error);
      return 500;
    }
  }),
);
await handle.close();
console.log(
  JSON.stringify({
    created: results.filter((s) => s === 201).length,
    full: results.filter((s) => s === 409).length,
    // Waited past the lock wait limit on a busy machine: refused, nothing written.
    busy: results.filter((s) => s === 503).length,
    other: results.filter((s) => s !== 201 && s !== 409 && s !== 503),
  }),
);
