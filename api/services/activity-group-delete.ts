import { canDeleteActivityGroup } from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { HttpError, notFound } from '../http/errors.ts';

const countOf = async (query: Promise<{ n: number | string | bigint } | undefined>) =>
  Number((await query)?.n ?? 0);

/** Rows that hang off the group itself and mean nothing without it, children first. */
const GROUP_LINKS = [
  'activity_group_cancellation_rules',
  'discount_rule_activity_groups',
  'session_pass_activity_groups',
  'coach_activity_groups',
  'payment_schedules',
  'tickets',
  'add_ons',
] as const;

/**
 * Deletes an activity group of this client with its sessions, tickets, add-ons, answers and links,
 * in one transaction; refuses (409, nothing written) once anything was ever booked or waitlisted,
 * because bookings, payments and reports must keep pointing at it (archive instead).
 *
 * @example await deleteActivityGroup(db, clientId, groupId);
 */
export async function deleteActivityGroup(db: Db, clientId: string, groupId: string) {
  await db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('activity_groups')
      .select('id')
      .where('client_id', '=', clientId)
      .where('id', '=', groupId)
      .executeTakeFirst();
    if (!group) throw notFound();
    const usage = {
      bookings: await countOf(
        trx
          .selectFrom('booking_items')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('client_id', '=', clientId)
          .where('activity_group_id', '=', groupId)
          .executeTakeFirst(),
      ),
      waitlistEntries: await countOf(
        trx
          .selectFrom('waitlist_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('client_id', '=', clientId)
          .where('activity_group_id', '=', groupId)
          .executeTakeFirst(),
      ),
    };
    const verdict = canDeleteActivityGroup(usage);
    if (!verdict.ok) throw new HttpError(409, verdict.message);

    const sessionIds = trx
      .selectFrom('activities')
      .select('id')
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', groupId);
    await trx
      .deleteFrom('register_marks')
      .where('client_id', '=', clientId)
      .where('activity_id', 'in', sessionIds)
      .execute();
    for (const table of GROUP_LINKS) {
      await trx
        .deleteFrom(table)
        .where('client_id', '=', clientId)
        .where('activity_group_id', '=', groupId)
        .execute();
    }
    await trx
      .deleteFrom('activities')
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', groupId)
      .execute();
    await trx
      .deleteFrom('field_data')
      .where('client_id', '=', clientId)
      .where('owner_type', '=', 'activityGroup')
      .where('owner_id', '=', groupId)
      .execute();
    await trx
      .deleteFrom('activity_groups')
      .where('client_id', '=', clientId)
      .where('id', '=', groupId)
      .execute();
  });
}
