import {
  ADMIN_NOTICE_KIND,
  ADMIN_NOTIFICATION_KEYS,
  type AdminNotificationChoices,
  type AdminNotificationKey,
} from '../../engine/admin-notifications.ts';
import type { Db } from '../db/connection.ts';
import { nowIso } from '../db/time.ts';
import { enqueueMessage } from './outbox.ts';

/*
 * Organiser notifications (docs/rules/messages.md): each admin's own choices, and the notices
 * written to the admins who chose them, in the transaction of the change they announce.
 */

const COLUMN = {
  newBooking: 'new_booking',
  cancellation: 'cancellation',
  paymentFailed: 'payment_failed',
  dailyDigest: 'daily_digest',
} as const satisfies Record<AdminNotificationKey, string>;

const NONE: AdminNotificationChoices = {
  newBooking: false,
  cancellation: false,
  paymentFailed: false,
  dailyDigest: false,
};

/** The admin's choices; all off until they choose. */
export async function loadMyNotifications(
  db: Db,
  clientId: string,
  userId: string,
): Promise<AdminNotificationChoices> {
  const row = await db
    .selectFrom('mail_admin_notifications')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { ...NONE };
  return Object.fromEntries(
    ADMIN_NOTIFICATION_KEYS.map((k) => [k, row[COLUMN[k]] === 1]),
  ) as AdminNotificationChoices;
}

/**
 * Saves the admin's choices. Choosing the digest again undoes an earlier unsubscribe from it
 * (the link in a digest's footer), since this is the same person saying the opposite, later.
 */
export async function saveMyNotifications(
  db: Db,
  clientId: string,
  userId: string,
  choices: AdminNotificationChoices,
): Promise<AdminNotificationChoices> {
  const flags = {
    new_booking: choices.newBooking ? 1 : 0,
    cancellation: choices.cancellation ? 1 : 0,
    payment_failed: choices.paymentFailed ? 1 : 0,
    daily_digest: choices.dailyDigest ? 1 : 0,
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_admin_notifications')
      .values({ client_id: clientId, user_id: userId, ...flags })
      .onConflict((oc) => oc.columns(['client_id', 'user_id']).doUpdateSet(flags))
      .execute();
    if (choices.dailyDigest)
      await trx
        .deleteFrom('mail_unsubscribes')
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .where('category', '=', 'digests')
        .execute();
  });
  return loadMyNotifications(db, clientId, userId);
}

/** The organiser's admins who chose `key`, as recipients. */
export async function adminsWhoChose(db: Db, clientId: string, key: AdminNotificationKey) {
  const rows = await db
    .selectFrom('mail_admin_notifications as n')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'n.user_id').onRef('u.client_id', '=', 'n.client_id'),
    )
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('n.client_id', '=', clientId)
    .where('u.role', '=', 'admin')
    .where(`n.${COLUMN[key]}`, '=', 1)
    .execute();
  return rows.map((u) => ({ email: u.email, name: u.full_name, userId: u.id }));
}

/**
 * Writes a notice of `key` about a booking to each admin who chose it, inside the caller's
 * transaction; `event` identifies what happened (one notice per admin per event).
 *
 * @example await enqueueAdminNotices(trx, { clientId, key: 'newBooking', event: bookingId, bookingId });
 */
export async function enqueueAdminNotices(
  trx: Db,
  {
    clientId,
    key,
    event,
    bookingId,
    payload,
    now = new Date(),
  }: {
    clientId: string;
    key: Exclude<AdminNotificationKey, 'dailyDigest'>;
    event: string;
    bookingId: string | null;
    payload?: Record<string, unknown>;
    now?: Date;
  },
): Promise<number> {
  const kind = ADMIN_NOTICE_KIND[key];
  let written = 0;
  for (const to of await adminsWhoChose(trx, clientId, key)) {
    const id = await enqueueMessage(trx, {
      clientId,
      kind,
      eventKey: `${kind}:${event}`,
      to,
      bookingId,
      payload,
      now,
    });
    if (id) written += 1;
  }
  return written;
}
