import { PostgresAdapter } from 'kysely';
import {
  type ActivityGroupData,
  BOOKED_LINE_STATUSES,
  canDeleteAddOn,
  canDeleteSession,
  canDeleteTicket,
  canSaveTicket,
  canSetPlaceLimit,
  type Guard,
  generateSessions,
  messages,
  placeCounts,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataColumns } from '../db/field-values.ts';
import { isTempId, newId } from '../db/ids.ts';
import { findClientById, markClientHasCreatedActivity } from '../db/repositories/clients.ts';
import { nowIso, toFlag } from '../db/time.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { sanitizeRichText } from './rich-text.ts';

type Trx = Db;
type Item = { _id?: string };

/**
 * Splits submitted items into new ones (no id or a `temp_` id) and updates of saved ones, and
 * names the saved ones the form dropped (to delete). An id that is neither temporary nor one of
 * this group's own is refused: it could only be a forged reference to another tenant's row.
 */
function plan<T extends Item>(submitted: readonly T[], savedIds: Set<string>, what: string) {
  const created: T[] = [];
  const updated: (T & { _id: string })[] = [];
  for (const item of submitted) {
    if (!item._id || isTempId(item._id)) created.push(item);
    else if (savedIds.has(item._id)) updated.push(item as T & { _id: string });
    else throw new HttpError(400, `Unknown ${what}: ${item._id}`);
  }
  const kept = new Set(updated.map((i) => i._id));
  const removed = [...savedIds].filter((id) => !kept.has(id));
  return { created, updated, removed };
}

async function ensureDeletable(
  ids: string[],
  count: (id: string) => Promise<number>,
  guard: (u: { bookings: number }) => Guard,
) {
  for (const id of ids) {
    const verdict = guard({ bookings: await count(id) });
    if (!verdict.ok) throw new HttpError(409, verdict.message);
  }
}

const countOf = async (query: Promise<{ n: number | string | bigint } | undefined>) =>
  Number((await query)?.n ?? 0);

/**
 * Saves a whole activity group in one transaction: creates it (groupId null) or updates it.
 * Sessions, tickets and add-ons with `temp_` ids are created; saved ones updated; saved ones
 * missing from the form deleted, unless bookings exist (docs/rules/forms-and-messages.md: disable
 * instead). Tickets and add-ons may restrict themselves to sessions that are still temporary, so
 * their ids are mapped.
 *
 * @example const id = await saveActivityGroup(db, clientId, null, v.parse(schema, form));
 */
export async function saveActivityGroup(
  db: Db,
  clientId: string,
  groupId: string | null,
  data: ActivityGroupData,
): Promise<string> {
  const now = nowIso();
  const stamp = { client_id: clientId, updated_at: now };
  return db.transaction().execute(async (trx: Trx) => {
    const id = groupId ?? newId();
    if (data.venue) await requireOwned(trx, 'venues', clientId, data.venue, 'venue');
    for (const ruleId of data.cancellationRules) {
      await requireOwned(trx, 'cancellation_rules', clientId, ruleId, 'cancellationRules');
    }
    for (const [index, ticket] of data.tickets.entries()) {
      await requireTicketPlan(trx, clientId, ticket, `tickets.${index}.subscriptionPlan`);
    }
    const group = {
      name: data.name,
      description: sanitizeRichText(data.description),
      venue_id: data.venue,
      min_age_months: data.ageRange.minMonths,
      max_age_months: data.ageRange.maxMonths,
      school_year_min: data.schoolYears.min,
      school_year_max: data.schoolYears.max,
      block_out_of_range: toFlag(data.blockOutOfRange),
      waitlist_type: data.waitlistType,
      enabled: toFlag(data.enabled),
    };
    if (groupId) {
      const result = await trx
        .updateTable('activity_groups')
        .set({ ...group, updated_at: now })
        .where('client_id', '=', clientId)
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound();
    } else {
      await trx
        .insertInto('activity_groups')
        .values({ ...stamp, ...group, id, created_at: now })
        .execute();
      await markClientHasCreatedActivity(trx, clientId, now);
    }

    const savedIds = async (table: 'activities' | 'tickets' | 'add_ons') =>
      new Set(
        groupId
          ? (
              await trx
                .selectFrom(table)
                .select('id')
                .where('client_id', '=', clientId)
                .where('activity_group_id', '=', id)
                .execute()
            ).map((r) => r.id)
          : [],
      );

    // Sessions first: tickets and add-ons refer to them.
    const sessions = plan(data.activities, await savedIds('activities'), 'session');
    const tickets = plan(data.tickets, await savedIds('tickets'), 'ticket');
    const addOns = plan(data.addOns, await savedIds('add_ons'), 'add-on');
    // Held, confirmed and cancelled lines block a delete; expired holds do not (engine
    // BOOKED_LINE_STATUSES) and are removed with the item below, as foreign keys require.
    const booked = BOOKED_LINE_STATUSES as unknown as (
      | 'held'
      | 'confirmed'
      | 'cancelled'
      | 'absent'
    )[];
    await ensureDeletable(
      sessions.removed,
      async (sid) =>
        (await countOf(
          trx
            .selectFrom('booking_places')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .where('activity_id', '=', sid)
            .where('status', 'in', booked)
            .executeTakeFirst(),
        )) +
        // An add-on line always comes with a place; counted too so a stray one is a 409, not a
        // foreign-key failure.
        (await countOf(
          trx
            .selectFrom('booking_add_ons')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .where('activity_id', '=', sid)
            .where('status', 'in', booked)
            .executeTakeFirst(),
        )),
      canDeleteSession,
    );
    await ensureDeletable(
      tickets.removed,
      async (tid) =>
        (await countOf(
          trx
            .selectFrom('booking_items')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .where('ticket_id', '=', tid)
            .where('status', 'in', booked)
            .executeTakeFirst(),
        )) +
        // A subscription is a booking of the ticket even once its first booking has gone.
        (await countOf(
          trx
            .selectFrom('subscriptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .where('ticket_id', '=', tid)
            .executeTakeFirst(),
        )),
      canDeleteTicket,
    );
    await ensureDeletable(
      addOns.removed,
      (aid) =>
        countOf(
          trx
            .selectFrom('booking_add_ons')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('client_id', '=', clientId)
            .where('add_on_id', '=', aid)
            .where('status', 'in', booked)
            .executeTakeFirst(),
        ),
      canDeleteAddOn,
    );

    // A new session may still carry its repeat options (a direct API call; the wizard expands
    // them itself): it becomes every session they generate, in the client's time zone, and a
    // ticket restricted to its temp id is restricted to all of them.
    const timeZone = (await findClientById(trx, clientId))?.time_zone ?? 'Europe/London';
    const sessionIds = new Map<string, string[]>();
    for (const s of sessions.created) {
      const generated = s.repeat ? generateSessions(s, timeZone) : [s];
      const ids: string[] = [];
      for (const g of generated) {
        const sid = newId();
        ids.push(sid);
        await trx
          .insertInto('activities')
          .values({
            ...stamp,
            id: sid,
            created_at: now,
            activity_group_id: id,
            date: g.date,
            start_time: g.startTime,
            end_time: g.endTime,
            place_limit: g.placeLimit,
            enabled: toFlag(g.enabled),
          })
          .execute();
      }
      if (s._id) sessionIds.set(s._id, ids);
    }
    await ensurePlaceLimitsCoverSales(trx, clientId, data.activities, sessions.updated);
    for (const s of sessions.updated) {
      await trx
        .updateTable('activities')
        .set({
          date: s.date,
          start_time: s.startTime,
          end_time: s.endTime,
          place_limit: s.placeLimit,
          enabled: toFlag(s.enabled),
          updated_at: now,
        })
        .where('client_id', '=', clientId)
        .where('id', '=', s._id)
        .execute();
    }
    const mapSessions = (ids: readonly string[]) =>
      JSON.stringify(ids.flatMap((sid) => sessionIds.get(sid) ?? [sid]));

    for (const [weight, t] of data.tickets.entries()) {
      const row = {
        type: t.type,
        name: t.name,
        price: t.price,
        should_pro_rata: toFlag(t.shouldProRata),
        place_limit: t.placeLimit,
        restrict_sessions: toFlag(t.restrictSessions),
        sessions_can_be_used_for: mapSessions(t.sessionsCanBeUsedFor),
        subscription_plan_id: t.subscriptionPlan,
        allow_mid_month_bookings: toFlag(t.allowMidMonthBookings),
        cover_fee_per_session: t.coverFeePerSession,
        time_display_start: t.timeDisplay?.start ?? null,
        time_display_end: t.timeDisplay?.end ?? null,
        enabled: toFlag(t.enabled),
        trial: toFlag(t.trial === true),
        weight,
        updated_at: now,
      };
      if (t._id && !isTempId(t._id)) {
        await trx
          .updateTable('tickets')
          .set(row)
          .where('client_id', '=', clientId)
          .where('id', '=', t._id)
          .execute();
      } else {
        await trx
          .insertInto('tickets')
          .values({
            ...row,
            id: newId(),
            client_id: clientId,
            activity_group_id: id,
            created_at: now,
          })
          .execute();
      }
    }
    for (const [weight, a] of data.addOns.entries()) {
      const row = {
        name: a.name,
        price: a.price,
        restrict_sessions: toFlag(a.restrictSessions),
        sessions_can_be_used_for: mapSessions(a.sessionsCanBeUsedFor),
        enabled: toFlag(a.enabled),
        weight,
        updated_at: now,
      };
      if (a._id && !isTempId(a._id)) {
        await trx
          .updateTable('add_ons')
          .set(row)
          .where('client_id', '=', clientId)
          .where('id', '=', a._id)
          .execute();
      } else {
        await trx
          .insertInto('add_ons')
          .values({
            ...row,
            id: newId(),
            client_id: clientId,
            activity_group_id: id,
            created_at: now,
          })
          .execute();
      }
    }
    await removeExpiredLines(trx, clientId, {
      sessions: sessions.removed,
      tickets: tickets.removed,
      addOns: addOns.removed,
    });
    if (tickets.removed.length)
      await trx
        .deleteFrom('tickets')
        .where('client_id', '=', clientId)
        .where('id', 'in', tickets.removed)
        .execute();
    if (addOns.removed.length)
      await trx
        .deleteFrom('add_ons')
        .where('client_id', '=', clientId)
        .where('id', 'in', addOns.removed)
        .execute();
    if (sessions.removed.length) {
      await trx
        .deleteFrom('waitlist_entries')
        .where('client_id', '=', clientId)
        .where('activity_id', 'in', sessions.removed)
        .execute();
      await trx
        .deleteFrom('activities')
        .where('client_id', '=', clientId)
        .where('id', 'in', sessions.removed)
        .execute();
    }

    await saveGroupFieldData(trx, clientId, id, data.fieldData, now);

    await trx
      .deleteFrom('activity_group_cancellation_rules')
      .where('client_id', '=', clientId)
      .where('activity_group_id', '=', id)
      .execute();
    if (data.cancellationRules.length) {
      await trx
        .insertInto('activity_group_cancellation_rules')
        .values(
          data.cancellationRules.map((ruleId) => ({
            client_id: clientId,
            activity_group_id: id,
            cancellation_rule_id: ruleId,
          })),
        )
        .execute();
    }
    return id;
  });
}

/**
 * A saved session's place limit may not be lowered below the places already sold (held or
 * confirmed), counted inside the save's transaction: '4 / 2' is refused on that session's
 * limit, naming the sold count. A limit left as it was passes, so a session an admin knowingly
 * overbooked can still be saved.
 */
async function ensurePlaceLimitsCoverSales(
  trx: Trx,
  clientId: string,
  submitted: ActivityGroupData['activities'],
  updated: readonly { _id: string; placeLimit: number | null }[],
) {
  const limited = updated.filter((s) => s.placeLimit !== null);
  if (limited.length === 0) return;
  const ids = limited.map((s) => s._id);
  // A booking locks its sessions' rows before counting (bookings/locks.ts, sessions by id): on
  // PostgreSQL take the same locks in the same order, so no place is sold between this count
  // and the new limit. SQLite's one writer already serialises the two.
  let savedRows = trx
    .selectFrom('activities')
    .select(['id', 'place_limit'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .orderBy('id');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) savedRows = savedRows.forUpdate();
  const saved = await savedRows.execute();
  const places = await trx
    .selectFrom('booking_places')
    .select(['activity_id', 'ticket_id', 'status', 'hold_expires_at'])
    .where('client_id', '=', clientId)
    .where('activity_id', 'in', ids)
    .where('status', 'in', ['held', 'confirmed'])
    .execute();
  // Sold is what takes a place by the engine's own rule (a lapsed hold does not).
  const now = Date.now();
  const soldOn = (id: string) =>
    places.filter(
      (p) =>
        p.activity_id === id &&
        placeCounts(
          {
            activityId: p.activity_id,
            ticketId: p.ticket_id,
            status: p.status,
            holdExpiresAt: p.hold_expires_at,
          },
          now,
        ),
    ).length;
  for (const session of limited) {
    const verdict = canSetPlaceLimit({
      placeLimit: session.placeLimit,
      savedPlaceLimit: saved.find((r) => r.id === session._id)?.place_limit ?? null,
      sold: soldOn(session._id),
    });
    if (!verdict.ok) {
      const index = submitted.findIndex((s) => s._id === session._id);
      throw new HttpError(409, verdict.message, {
        [`activities.${index}.placeLimit`]: verdict.message,
      });
    }
  }
}

/**
 * Deletes the expired (never paid) booking lines that still point at items being deleted: the
 * guards let them through, and the foreign keys would refuse the delete otherwise. The booking
 * rows stay, with their priced breakdown (`bookings.pricing`) as the record of what was held.
 * An expired item of a deleted ticket takes its places and add-on lines with it.
 */
async function removeExpiredLines(
  trx: Trx,
  clientId: string,
  removed: { sessions: string[]; tickets: string[]; addOns: string[] },
) {
  if (removed.tickets.length) {
    const items = (
      await trx
        .selectFrom('booking_items')
        .select('id')
        .where('client_id', '=', clientId)
        .where('ticket_id', 'in', removed.tickets)
        .where('status', '=', 'expired')
        .execute()
    ).map((r) => r.id);
    if (items.length) {
      for (const table of ['booking_places', 'booking_add_ons'] as const) {
        await trx
          .deleteFrom(table)
          .where('client_id', '=', clientId)
          .where('booking_item_id', 'in', items)
          .where('status', '=', 'expired')
          .execute();
      }
      await trx
        .deleteFrom('booking_items')
        .where('client_id', '=', clientId)
        .where('id', 'in', items)
        .execute();
    }
  }
  if (removed.sessions.length) {
    await trx
      .deleteFrom('booking_places')
      .where('client_id', '=', clientId)
      .where('activity_id', 'in', removed.sessions)
      .where('status', '=', 'expired')
      .execute();
    await trx
      .deleteFrom('booking_add_ons')
      .where('client_id', '=', clientId)
      .where('activity_id', 'in', removed.sessions)
      .where('status', '=', 'expired')
      .execute();
  }
  if (removed.addOns.length) {
    await trx
      .deleteFrom('booking_add_ons')
      .where('client_id', '=', clientId)
      .where('add_on_id', 'in', removed.addOns)
      .where('status', '=', 'expired')
      .execute();
  }
}

/**
 * A subscription ticket needs a plan of this client (docs/rules/forms-and-messages.md 'Select
 * subscription plan for ticket'). The form already refuses a blank plan with its own message; this
 * catches a plan id that names no plan of ours: deleted since the form loaded, or another
 * organiser's.
 */
async function requireTicketPlan(
  trx: Trx,
  clientId: string,
  ticket: ActivityGroupData['tickets'][number],
  path: string,
) {
  const plan = ticket.subscriptionPlan
    ? await trx
        .selectFrom('subscription_plans')
        .select('id')
        .where('client_id', '=', clientId)
        .where('id', '=', ticket.subscriptionPlan)
        .executeTakeFirst()
    : undefined;
  if (ticket.type !== 'subscription') {
    // Only a subscription ticket carries a plan (the schema drops it from the others).
    if (ticket.subscriptionPlan && !plan)
      throw new HttpError(400, messages.unknownOption, { [path]: messages.unknownOption });
    return;
  }
  const verdict = canSaveTicket({ type: ticket.type, subscriptionPlan: plan?.id ?? null });
  if (!verdict.ok) throw new HttpError(400, verdict.message, { [path]: verdict.message });
}

/** Replaces the group's answers to the client's activity fields (validated by the schema). */
async function saveGroupFieldData(
  trx: Trx,
  clientId: string,
  groupId: string,
  answers: Record<string, unknown>,
  now: string,
) {
  await trx
    .deleteFrom('field_data')
    .where('client_id', '=', clientId)
    .where('owner_type', '=', 'activityGroup')
    .where('owner_id', '=', groupId)
    .execute();
  const ids = Object.keys(answers);
  if (ids.length === 0) return;
  const fields = await trx
    .selectFrom('custom_fields')
    .select(['id', 'type', 'textarea_formatting'])
    .where('client_id', '=', clientId)
    .where('usage', '=', 'activity')
    .where('id', 'in', ids)
    .execute();
  const rows = fields
    .filter((f) => answers[f.id] !== null && answers[f.id] !== '')
    .map((f) => ({
      id: newId(),
      client_id: clientId,
      owner_type: 'activityGroup' as const,
      owner_id: groupId,
      field_id: f.id,
      // Rich text is stored as HTML, so it is cleaned like the description.
      ...fieldDataColumns(
        f.type,
        f.type === 'textarea' && f.textarea_formatting && typeof answers[f.id] === 'string'
          ? sanitizeRichText(answers[f.id] as string)
          : answers[f.id],
      ),
      created_at: now,
      updated_at: now,
    }));
  if (rows.length) await trx.insertInto('field_data').values(rows).execute();
}

/** Refuses a reference to a row of another client (or none), on the form field that holds it. */
async function requireOwned(
  trx: Trx,
  table: 'venues' | 'cancellation_rules',
  clientId: string,
  id: string,
  path: string,
) {
  const row = await trx
    .selectFrom(table)
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new HttpError(400, messages.unknownOption, { [path]: messages.unknownOption });
}
