import {
  ERASED_NAME,
  type EraseBookingView,
  eraseBlocker,
  erasedEmail,
} from '../../../engine/data-rights.ts';
import { todayIn } from '../../../engine/index.ts';
import type { Caller } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import { findClientById } from '../../db/repositories/clients.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { listAttendees } from '../attendees.ts';
import { recordAudit } from '../audit.ts';
import { answerFileIds } from './answers.ts';

/*
 * Erasing a customer (docs/rules/data-rights.md "Erase"): their personal data is removed or
 * anonymised, while bookings, payments, refunds and credit stay with their amounts, dates and
 * booking numbers (the organiser must keep accounting records), pointing at a user row that now
 * names nobody. One transaction: all of it happens, with its audit entry, or none of it.
 */

const ERASED_ATTENDEE = 'Erased attendee';

/** Every string inside a JSON value with each name replaced; other values untouched. */
function scrub(value: unknown, names: string[]): unknown {
  if (typeof value === 'string')
    return names.reduce((s, name) => s.split(name).join(ERASED_ATTENDEE), value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, names));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, names)]));
  return value;
}

const scrubJson = (text: string | null, names: string[]) => {
  if (text === null || names.length === 0) return text;
  try {
    return JSON.stringify(scrub(JSON.parse(text), names));
  } catch {
    return text;
  }
};

/** The customer's bookings as the engine's erase check reads them. */
async function bookingViews(trx: Db, clientId: string, userId: string) {
  const bookings = await trx
    .selectFrom('bookings')
    .select(['id', 'status'])
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .execute();
  if (bookings.length === 0) return [];
  const ids = bookings.map((b) => b.id);
  const [lastDates, instalments] = await Promise.all([
    trx
      .selectFrom('booking_places as p')
      .innerJoin('activities as s', 's.id', 'p.activity_id')
      .select(['p.booking_id', (eb) => eb.fn.max('s.date').as('last')])
      .where('p.client_id', '=', clientId)
      .where('p.booking_id', 'in', ids)
      .where('p.status', 'in', ['held', 'confirmed'])
      .groupBy('p.booking_id')
      .execute(),
    trx
      .selectFrom('scheduled_payments')
      .select(['booking_id', 'amount'])
      .where('client_id', '=', clientId)
      .where('booking_id', 'in', ids)
      .where('status', 'in', ['scheduled', 'processing', 'failed'])
      .execute(),
  ]);
  return bookings.map(
    (b): EraseBookingView => ({
      status: b.status,
      owed: instalments.filter((i) => i.booking_id === b.id).reduce((n, i) => n + i.amount, 0),
      lastSessionDate: (lastDates.find((d) => d.booking_id === b.id)?.last as string) ?? null,
    }),
  );
}

/**
 * Erases one customer of the admin's client, or refuses (409) while the engine's erase check
 * finds open business. Answers what was removed, for the audit entry and the dashboard.
 *
 * @example await eraseCustomer(db, admin, userId, Date.now());
 */
export async function eraseCustomer(
  db: Db,
  admin: Caller,
  userId: string,
  now: number,
): Promise<{ attendees: number; files: number; messages: number }> {
  const { clientId } = admin;
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'erased_at'])
      .where('client_id', '=', clientId)
      .where('id', '=', userId)
      .where('role', '=', 'customer')
      .executeTakeFirst();
    if (!user) throw notFound();
    if (user.erased_at) throw new HttpError(409, 'This customer has already been erased.');
    const client = await findClientById(trx, clientId);
    const blocker = eraseBlocker(
      await bookingViews(trx, clientId, userId),
      todayIn(now, client?.time_zone ?? 'Europe/London'),
    );
    if (blocker) throw new HttpError(409, blocker);

    const at = new Date(now).toISOString();
    const attendees = await listAttendees(trx, clientId, { userId, admin: true });
    const attendeeIds = attendees.map((a) => a._id);
    const owners = [userId, ...attendeeIds];
    // Names as they appear inside stored JSON (price lines 'Football for Mia Lee', cancellations).
    const names = attendees
      .map((a) => a.name)
      .filter((n) => n && n !== 'Unnamed attendee')
      .sort((a, b) => b.length - a.length);

    // Files: the customer's uploads and any file an answer about them points at.
    const answerFiles = await answerFileIds(trx, clientId, owners);
    const files = await trx
      .selectFrom('files')
      .select('id')
      .where('client_id', '=', clientId)
      .where((eb) =>
        eb.or([
          eb('user_id', '=', userId),
          eb('id', 'in', answerFiles.length ? answerFiles : ['-']),
        ]),
      )
      .execute();
    const fileIds = files.map((f) => f.id);
    if (fileIds.length) {
      await trx
        .deleteFrom('file_contents')
        .where('client_id', '=', clientId)
        .where('file_id', 'in', fileIds)
        .execute();
      await trx
        .deleteFrom('files')
        .where('client_id', '=', clientId)
        .where('id', 'in', fileIds)
        .execute();
    }
    // Every answer about the parent (phone, address) and the children (names, dates of birth,
    // medical notes); the attendee rows stay so bookings still count their places.
    await trx
      .deleteFrom('field_data')
      .where('client_id', '=', clientId)
      .where('owner_type', 'in', ['user', 'attendee'])
      .where('owner_id', 'in', owners)
      .execute();
    if (attendeeIds.length)
      await trx
        .updateTable('register_marks')
        .set({ collected_by: null })
        .where('client_id', '=', clientId)
        .where('attendee_id', 'in', attendeeIds)
        .execute();

    // Money records stay; names inside their stored breakdowns go.
    const bookings = await trx
      .selectFrom('bookings')
      .select(['id', 'pricing'])
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .execute();
    for (const b of bookings) {
      const pricing = scrubJson(b.pricing, names) ?? b.pricing;
      if (pricing !== b.pricing)
        await trx.updateTable('bookings').set({ pricing }).where('id', '=', b.id).execute();
    }
    const bookingIds = bookings.map((b) => b.id);
    if (bookingIds.length) {
      const cancellations = await trx
        .selectFrom('booking_cancellations')
        .select(['id', 'places', 'refund'])
        .where('client_id', '=', clientId)
        .where('booking_id', 'in', bookingIds)
        .execute();
      for (const c of cancellations)
        await trx
          .updateTable('booking_cancellations')
          .set({
            places: scrubJson(c.places, names) ?? c.places,
            refund: scrubJson(c.refund, names),
          })
          .where('id', '=', c.id)
          .execute();
      await trx
        .deleteFrom('calendar_links')
        .where('client_id', '=', clientId)
        .where('booking_id', 'in', bookingIds)
        .execute();
    }

    // Messages: kept as a record that something was sent, without the text or the address;
    // anything not yet sent never will be.
    const messages = await trx
      .updateTable('messages')
      .set({
        recipient_email: erasedEmail(userId),
        recipient_name: ERASED_NAME,
        payload: '{}',
        subject: null,
        html: null,
        text_body: null,
        updated_at: at,
      })
      .where('client_id', '=', clientId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('recipient_email', '=', user.email)]))
      .executeTakeFirst();
    await trx
      .updateTable('messages')
      .set({ status: 'skipped', last_error: 'The customer was erased.', next_attempt_at: null })
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'failed'])
      .execute();
    await trx
      .deleteFrom('mail_bounces')
      .where('client_id', '=', clientId)
      .where('email', '=', user.email)
      .execute();

    // Waiting lists: an erased child can no longer be offered a place.
    await trx
      .updateTable('waitlist_entries')
      .set({ status: 'Cancelled', offer_expires_at: null, updated_at: at })
      .where('client_id', '=', clientId)
      .where('user_id', '=', userId)
      .where('status', 'in', ['Waiting', 'Pending', 'Ready'])
      .execute();

    // Out of any household (docs/rules/households.md): a guardian leaves it; an erased main
    // account's guardians no longer share its (erased) children. Invitations naming them go.
    await trx
      .deleteFrom('household_guardians')
      .where('client_id', '=', clientId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('household_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('household_invites')
      .where('client_id', '=', clientId)
      .where((eb) =>
        eb.or([
          eb('household_id', '=', userId),
          eb('invited_by', '=', userId),
          eb('email', '=', user.email),
        ]),
      )
      .execute();

    // Signed out everywhere, unable to sign in or reset a password again.
    for (const table of [
      'auth_tokens',
      'password_resets',
      'login_links',
      'mail_unsubscribe_links',
      'mail_unsubscribes',
    ] as const)
      await trx
        .deleteFrom(table)
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .execute();
    await trx
      .updateTable('users')
      .set({
        full_name: ERASED_NAME,
        email: erasedEmail(userId),
        password_hash: 'erased',
        erased_at: at,
        updated_at: at,
      })
      .where('client_id', '=', clientId)
      .where('id', '=', userId)
      .execute();
    // The log keeps what the customer did (cancellations), not who they were.
    await trx
      .updateTable('audit_events')
      .set({ actor_name: ERASED_NAME })
      .where('client_id', '=', clientId)
      .where('actor_user_id', '=', userId)
      .execute();

    const result = {
      attendees: attendeeIds.length,
      files: fileIds.length,
      messages: Number(messages.numUpdatedRows),
    };
    await recordAudit(trx, admin, {
      action: 'customer.erased',
      subjectType: 'customer',
      subjectId: userId,
      summary: `Erased a customer: ${result.attendees} attendee(s), ${result.files} file(s) and ${result.messages} message(s) anonymised; bookings and payments kept`,
      detail: { ...result, bookings: bookingIds.length },
    });
    return result;
  });
}
