import { createHash } from 'node:crypto';
import { offerReminderAt, paymentChased, paymentReminderAt } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { enqueueAdminNotices } from './admin-notifications.ts';
import { enqueueMessage } from './outbox.ts';

/**
 * Queues a booking's confirmation to the parent who booked, inside the booking's transaction.
 * A booking has one confirmation however often this runs (retried request, payment webhook
 * replayed); an organiser's resend is a separate event (see routes/messages.ts).
 *
 * @example await enqueueBookingConfirmation(trx, { clientId, bookingId, now: new Date(now) });
 */
export async function enqueueBookingConfirmation(
  trx: Db,
  {
    clientId,
    bookingId,
    now = new Date(),
    eventKey,
  }: {
    clientId: string;
    bookingId: string;
    now?: Date;
    /** Defaults to the booking's one confirmation event. */
    eventKey?: string;
  },
): Promise<string | null> {
  const parent = await trx
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    // The guardian of the household who booked (docs/rules/households.md) gets a copy.
    .leftJoin('users as g', (j) =>
      j.onRef('g.id', '=', 'b.booked_by_user_id').on('g.client_id', '=', clientId),
    )
    .select(['u.id', 'u.email', 'u.full_name', 'b.status', 'b.payment_due_at', 'b.payment_method'])
    .select(['g.id as guardian_id', 'g.email as guardian_email', 'g.full_name as guardian_name'])
    .where('b.client_id', '=', clientId)
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  // Awaiting a voucher payment: the reminder before its deadline is written with it.
  if (
    parent.status === 'awaiting_payment' &&
    parent.payment_due_at &&
    paymentChased(parent.payment_method)
  )
    await enqueuePaymentDueReminder(trx, {
      clientId,
      bookingId,
      dueAt: parent.payment_due_at,
      now,
    });
  // The admins who asked to hear of new bookings; an organiser's resend is no new booking.
  if (!eventKey)
    await enqueueAdminNotices(trx, {
      clientId,
      key: 'newBooking',
      event: bookingId,
      bookingId,
      now,
    });
  if (!eventKey && parent.guardian_id && parent.guardian_id !== parent.id && parent.guardian_email)
    await enqueueMessage(trx, {
      clientId,
      kind: 'booking-confirmation',
      eventKey: `booking-confirmation:${bookingId}`,
      to: {
        email: parent.guardian_email,
        name: parent.guardian_name ?? '',
        userId: parent.guardian_id,
      },
      bookingId,
      now,
    });
  return enqueueMessage(trx, {
    clientId,
    kind: 'booking-confirmation',
    eventKey: eventKey ?? `booking-confirmation:${bookingId}`,
    to: { email: parent.email, name: parent.full_name, userId: parent.id },
    bookingId,
    now,
  });
}

/**
 * Queues the parent's notice of a cancellation, inside the cancellation's transaction. One per
 * set of places cancelled (the same places cannot be cancelled twice); `at` is the instant the
 * cancellation was recorded with, which is how the composer finds it.
 *
 * @example await enqueueCancellationNotice(trx, { clientId, bookingId, placeIds, at });
 */
export async function enqueueCancellationNotice(
  trx: Db,
  {
    clientId,
    bookingId,
    placeIds,
    at,
  }: {
    clientId: string;
    bookingId: string;
    placeIds: readonly string[];
    at: string;
  },
): Promise<string | null> {
  const parent = await parentOf(trx, clientId, bookingId);
  const places = createHash('sha256')
    .update([...placeIds].sort().join(','))
    .digest('hex');
  await enqueueAdminNotices(trx, {
    clientId,
    key: 'cancellation',
    event: `${bookingId}:${places.slice(0, 32)}`,
    bookingId,
    payload: { at },
    now: new Date(at),
  });
  return enqueueMessage(trx, {
    clientId,
    kind: 'booking-cancelled',
    eventKey: `booking-cancelled:${bookingId}:${places.slice(0, 32)}`,
    to: parent,
    bookingId,
    payload: { at },
    now: new Date(at),
  });
}

/**
 * Queues the offer of a waitlist place to the parent, inside the transaction that makes the
 * offer. One per offer (entry and its expiry): a new offer after one lapsed is a new message.
 *
 * @example await enqueueWaitlistOffer(trx, { clientId, entryId, expiresAt });
 */
export async function enqueueWaitlistOffer(
  trx: Db,
  {
    clientId,
    entryId,
    expiresAt,
    now = new Date(),
  }: { clientId: string; entryId: string; expiresAt: string; now?: Date },
): Promise<string | null> {
  const to = await waitlistParentOf(trx, clientId, entryId);
  const payload = { entryId, expiresAt };
  // The reminder is written now too, to go out before the offer lapses; if the place is booked
  // first, it is skipped when its time comes.
  const remindAt = offerReminderAt(now.getTime(), Date.parse(expiresAt));
  if (remindAt !== null)
    await enqueueMessage(trx, {
      clientId,
      kind: 'waitlist-offer-reminder',
      eventKey: `waitlist-offer-reminder:${entryId}:${expiresAt}`,
      to,
      payload,
      now,
      sendAt: new Date(remindAt),
    });
  return enqueueMessage(trx, {
    clientId,
    kind: 'waitlist-offer',
    eventKey: `waitlist-offer:${entryId}:${expiresAt}`,
    to,
    payload,
    now,
  });
}

/**
 * Queues the parent's confirmation that a child joined a waitlist, inside the transaction that
 * adds the entries: one message per join (its entries, one per session or one for the course).
 *
 * @example await enqueueWaitlistJoined(trx, { clientId, entryIds });
 */
export async function enqueueWaitlistJoined(
  trx: Db,
  { clientId, entryIds }: { clientId: string; entryIds: string[] },
): Promise<string | null> {
  const to = await waitlistParentOf(trx, clientId, entryIds[0]!);
  return enqueueMessage(trx, {
    clientId,
    kind: 'waitlist-joined',
    eventKey: `waitlist-joined:${entryIds[0]}`,
    to,
    payload: { entryIds },
  });
}

/**
 * Queues 'payment received' to the parent when a booking awaiting an offline payment is paid,
 * inside the transaction that records the payment. One per payment.
 *
 * @example await enqueuePaymentReceived(trx, { clientId, bookingId, paymentId, now });
 */
export async function enqueuePaymentReceived(
  trx: Db,
  {
    clientId,
    bookingId,
    paymentId,
    now = new Date(),
  }: { clientId: string; bookingId: string; paymentId: string; now?: Date },
): Promise<string | null> {
  const parent = await parentOf(trx, clientId, bookingId);
  return enqueueMessage(trx, {
    clientId,
    kind: 'payment-received',
    eventKey: `payment-received:${paymentId}`,
    to: parent,
    bookingId,
    payload: { paymentId },
    now,
  });
}

/**
 * Queues the notice that a waitlist offer lapsed unbooked, inside the transaction that expires
 * it. One per offer.
 *
 * @example await enqueueOfferLapsed(trx, { clientId, entryId, expiresAt });
 */
export async function enqueueOfferLapsed(
  trx: Db,
  { clientId, entryId, expiresAt }: { clientId: string; entryId: string; expiresAt: string },
): Promise<string | null> {
  const parent = await waitlistParentOf(trx, clientId, entryId);
  return enqueueMessage(trx, {
    clientId,
    kind: 'waitlist-offer-lapsed',
    eventKey: `waitlist-offer-lapsed:${entryId}:${expiresAt}`,
    to: parent,
    payload: { entryId, expiresAt },
  });
}

/**
 * Writes, inside the transaction that gives a booking its offline payment deadline, the reminder
 * sent 2 days before it (engine `paymentReminderAt`). One per booking and deadline; a booking
 * paid or released by then has it skipped.
 *
 * @example await enqueuePaymentDueReminder(trx, { clientId, bookingId, dueAt, now });
 */
export async function enqueuePaymentDueReminder(
  trx: Db,
  {
    clientId,
    bookingId,
    dueAt,
    now = new Date(),
  }: { clientId: string; bookingId: string; dueAt: string; now?: Date },
): Promise<string | null> {
  const remindAt = paymentReminderAt(now.getTime(), Date.parse(dueAt));
  if (remindAt === null) return null;
  const parent = await parentOf(trx, clientId, bookingId);
  return enqueueMessage(trx, {
    clientId,
    kind: 'payment-due-reminder',
    eventKey: `payment-due-reminder:${bookingId}:${dueAt}`,
    to: parent,
    bookingId,
    payload: { dueAt },
    now,
    sendAt: new Date(remindAt),
  });
}

/**
 * Writes 'not paid in time, places released' inside the transaction that releases the places of
 * a booking whose offline payment deadline passed. One per booking.
 *
 * @example await enqueueUnpaidReleased(trx, { clientId, bookingId, dueAt });
 */
export async function enqueueUnpaidReleased(
  trx: Db,
  { clientId, bookingId, dueAt }: { clientId: string; bookingId: string; dueAt: string | null },
): Promise<string | null> {
  const parent = await parentOf(trx, clientId, bookingId);
  return enqueueMessage(trx, {
    clientId,
    kind: 'payment-due-released',
    eventKey: `payment-due-released:${bookingId}`,
    to: parent,
    bookingId,
    payload: { dueAt },
  });
}

/** The parent who made a booking, as a message's recipient; scoped to the client. */
async function parentOf(trx: Db, clientId: string, bookingId: string) {
  const u = await trx
    .selectFrom('bookings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('b.client_id', '=', clientId)
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return { email: u.email, name: u.full_name, userId: u.id };
}

/** The parent of a waitlist entry, as a message's recipient; scoped to the client. */
async function waitlistParentOf(trx: Db, clientId: string, entryId: string) {
  const u = await trx
    .selectFrom('waitlist_entries as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('w.client_id', '=', clientId)
    .where('w.id', '=', entryId)
    .executeTakeFirstOrThrow();
  return { email: u.email, name: u.full_name, userId: u.id };
}
