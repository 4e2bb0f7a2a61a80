import { releaseDue } from '../../engine/holds.ts';
import { mailJobHandlers } from '../mail/jobs.ts';
import type { MailContext } from '../mail/send.ts';
import { paymentJobHandlers } from '../payments/jobs.ts';
import type { StripeSettings } from '../payments/stripe.ts';
import { EXPIRE_HOLD_JOB, EXPIRE_UNPAID_JOB } from '../services/bookings/jobs.ts';
import { releaseBooking } from '../services/bookings/lifecycle.ts';
import { CLOSE_RE_ENROLMENT_JOB, closeReEnrolment } from '../services/re-enrolment.ts';
import { trialJobHandlers } from '../services/trials.ts';
import { EXPIRE_OFFER_JOB, expireOffer } from '../services/waitlists.ts';
import { housekeepingJobHandlers } from './housekeeping.ts';
import type { JobHandler } from './queue.ts';

/**
 * The bookings jobs. `expire-hold` is queued for each hold at its expiry time (the payment step
 * of every basket, see services/bookings/create.ts) and releases the places if the booking is
 * still unpaid; `expire-unpaid` is queued for each booking awaiting an offline payment at the
 * organiser's deadline. Both ask the engine (`releaseDue`) and are idempotent because releasing
 * is a conditional update on the status.
 *
 * @example runDueJobs(db, bookingJobHandlers());
 */
export function bookingJobHandlers(): Record<string, JobHandler> {
  const release =
    (wanted: 'hold' | 'unpaid'): JobHandler =>
    async ({ clientId, bookingId }, { db, now }) => {
      const booking = await db
        .selectFrom('bookings')
        .select(['status', 'hold_expires_at', 'payment_due_at'])
        .where('client_id', '=', clientId)
        .where('id', '=', bookingId)
        .executeTakeFirst();
      const waiting = wanted === 'hold' ? 'held' : 'awaiting_payment';
      // Paid, cancelled or already released: nothing left to do.
      if (!booking || booking.status !== waiting) return;
      const due = releaseDue(
        {
          status: booking.status,
          holdExpiresAt: booking.hold_expires_at,
          paymentDueAt: booking.payment_due_at,
        },
        now.getTime(),
      );
      // A worker whose clock runs ahead must not cut a hold or a deadline short: retry later.
      if (due !== wanted) throw new Error(`Booking ${bookingId} is not due for release yet`);
      await releaseBooking(db, clientId, bookingId, wanted === 'hold' ? 'expired' : 'unpaid');
    };
  return {
    [EXPIRE_HOLD_JOB]: release('hold'),
    [EXPIRE_UNPAID_JOB]: release('unpaid'),
    // Queued when an admin offers a waitlist place; Ready → Expired frees the kept place.
    [EXPIRE_OFFER_JOB]: async ({ clientId, entryId }, { db, now }) => {
      await expireOffer(db, clientId, entryId, now.getTime());
    },
    // Queued when re-enrolment opens, for the end of its window (docs/rules/re-enrolment.md).
    [CLOSE_RE_ENROLMENT_JOB]: async ({ clientId, reEnrolmentId }, { db, now }) => {
      await closeReEnrolment(db, clientId, reEnrolmentId, now);
    },
  };
}

/**
 * Every job the API runs: bookings, payments and housekeeping. Each API process may run a worker with these;
 * the queue's claim makes sure a job runs once.
 *
 * @example startWorker(db, jobHandlers({ stripe: config.stripe }));
 */
export function jobHandlers({
  stripe,
  mail,
}: {
  stripe?: StripeSettings | null;
  /** SMTP settings and our origin; without them messages wait in the outbox. */
  mail?: MailContext | null;
}) {
  return {
    ...paymentJobHandlers(stripe),
    ...bookingJobHandlers(),
    ...housekeepingJobHandlers(),
    ...trialJobHandlers(),
    ...(mail ? mailJobHandlers(mail) : {}),
  };
}
