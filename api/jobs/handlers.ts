import { paymentJobHandlers } from '../payments/jobs.ts';
import type { StripeSettings } from '../payments/stripe.ts';
import { EXPIRE_HOLD_JOB } from '../services/bookings/jobs.ts';
import { releaseBooking } from '../services/bookings/lifecycle.ts';
import { EXPIRE_OFFER_JOB, expireOffer } from '../services/waitlists.ts';
import { housekeepingJobHandlers } from './housekeeping.ts';
import type { JobHandler } from './queue.ts';

/**
 * The bookings jobs. `expire-hold` is queued for each card hold at its expiry time (see
 * services/bookings/create.ts) and releases the places if the booking is still unpaid; it is
 * idempotent because releasing is a conditional update on status 'held'.
 *
 * @example runDueJobs(db, bookingJobHandlers());
 */
export function bookingJobHandlers(): Record<string, JobHandler> {
  return {
    [EXPIRE_HOLD_JOB]: async ({ clientId, bookingId }, { db, now }) => {
      const booking = await db
        .selectFrom('bookings')
        .select(['status', 'hold_expires_at'])
        .where('client_id', '=', clientId)
        .where('id', '=', bookingId)
        .executeTakeFirst();
      if (booking?.status !== 'held' || !booking.hold_expires_at) return;
      // A worker whose clock runs ahead must not cut a hold short: retry later instead.
      if (Date.parse(booking.hold_expires_at) > now.getTime())
        throw new Error(`Hold of booking ${bookingId} has not expired yet`);
      await releaseBooking(db, clientId, bookingId, 'expired');
    },
    // Queued when an admin offers a waitlist place; Ready → Expired frees the kept place.
    [EXPIRE_OFFER_JOB]: async ({ clientId, entryId }, { db, now }) => {
      await expireOffer(db, clientId, entryId, now.getTime());
    },
  };
}

/**
 * Every job the API runs: bookings, payments and housekeeping. Each API process may run a worker with these;
 * the queue's claim makes sure a job runs once.
 *
 * @example startWorker(db, jobHandlers({ stripe: config.stripe }));
 */
export function jobHandlers({ stripe }: { stripe?: StripeSettings | null }) {
  return { ...paymentJobHandlers(stripe), ...bookingJobHandlers(), ...housekeepingJobHandlers() };
}
