import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Selectable } from 'kysely';
import {
  type ActivityGroupRow,
  type PlaceRow,
  type SessionRow,
  sessionAvailability,
  type TicketTiming,
  ticketFullSessions,
  ticketTiming,
  type WaitlistRow,
  zonedParts,
} from '../../engine/index.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataValue } from '../db/field-values.ts';
import { readJson } from '../db/json.ts';
import {
  findActivityGroup,
  listActivityGroups,
  listVenues,
  loadGroupChildren,
} from '../db/repositories/activity-groups.ts';
import { findClientById } from '../db/repositories/clients.ts';
import type {
  ActivitiesTable,
  ActivityGroupsTable,
  AddOnsTable,
  TicketsTable,
  VenuesTable,
} from '../db/schema.ts';
import { fromFlag } from '../db/time.ts';
import { notFound } from '../http/errors.ts';
import { engineTicket, loadCapacityRows } from './bookings/load.ts';
import { listFields } from './fields.ts';

type HoursMinutes = { hours: number; minutes: number };

const toHoursMinutes = (text: string): HoursMinutes => {
  const [hours, minutes] = text.split(':').map(Number);
  return { hours: hours ?? 0, minutes: minutes ?? 0 };
};

export const sessionDto = (row: Selectable<ActivitiesTable>) => ({
  _id: row.id,
  date: row.date,
  startTime: row.start_time,
  endTime: row.end_time,
  placeLimit: row.place_limit,
  enabled: fromFlag(row.enabled),
});

/**
 * A ticket on the wire. `timing` is the engine's `ticketTiming` against the group's sessions at
 * the request's time (the pro_rata_price column is never written: the price depends on today).
 * `fullSessions` are the sessions it needs that have no place left for it (engine
 * `ticketFullSessions`): for an all-sessions or subscription ticket one is enough to make it
 * unavailable, so parents learn it before they pick the ticket.
 */
export const ticketDto = (
  row: Selectable<TicketsTable>,
  timing: TicketTiming,
  fullSessions: string[],
) => ({
  _id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  proRataPrice: timing.proRataPrice,
  haveSessionsPast: timing.haveSessionsPast,
  remainingSessionsCount: timing.remainingSessionsCount,
  shouldProRata: fromFlag(row.should_pro_rata),
  placeLimit: row.place_limit,
  restrictSessions: fromFlag(row.restrict_sessions),
  sessionsCanBeUsedFor: readJson<string[]>(row.sessions_can_be_used_for, []),
  subscriptionPlan: row.subscription_plan_id,
  allowMidMonthBookings: fromFlag(row.allow_mid_month_bookings),
  coverFeePerSession: row.cover_fee_per_session,
  timeDisplay:
    row.time_display_start && row.time_display_end
      ? { start: toHoursMinutes(row.time_display_start), end: toHoursMinutes(row.time_display_end) }
      : null,
  enabled: fromFlag(row.enabled),
  // Only a trial carries the mark (docs/rules/trials.md): other tickets read as before.
  ...(row.trial ? { trial: true } : {}),
  fullSessions,
});

export const addOnDto = (row: Selectable<AddOnsTable>) => ({
  _id: row.id,
  name: row.name,
  price: row.price,
  restrictSessions: fromFlag(row.restrict_sessions),
  sessionsCanBeUsedFor: readJson<string[]>(row.sessions_can_be_used_for, []),
  enabled: fromFlag(row.enabled),
});

export const venueDto = (row: Selectable<VenuesTable>) => ({
  _id: row.id,
  name: row.name,
  address: {
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
  },
  enabled: fromFlag(row.enabled),
});

type GroupRow = Selectable<ActivityGroupsTable>;

/**
 * Places as booking counts them (confirmed places, live holds, waitlist offers), from
 * `loadCapacityRows`, by session so a long listing does not rescan every place per session.
 * Only the sessions counted have an entry: the upcoming ones a session or ticket limit applies to.
 */
interface Capacity {
  bySession: Map<string, { places: PlaceRow[]; waitlist: WaitlistRow[] }>;
  now: number;
}

function capacityBySession(
  counted: readonly string[],
  rows: { places: PlaceRow[]; waitlist: WaitlistRow[] },
) {
  const bySession = new Map(
    counted.map((id) => [id, { places: [] as PlaceRow[], waitlist: [] as WaitlistRow[] }]),
  );
  for (const p of rows.places) bySession.get(p.activityId)?.places.push(p);
  for (const w of rows.waitlist) if (w.activityId) bySession.get(w.activityId)?.waitlist.push(w);
  return bySession;
}

/** The rows of some sessions together (a group's, for its tickets). */
const rowsOf = (capacity: Capacity, sessionIds: readonly string[]) => {
  const rows = sessionIds.map((id) => capacity.bySession.get(id));
  return {
    places: rows.flatMap((r) => r?.places ?? []),
    waitlist: rows.flatMap((r) => r?.waitlist ?? []),
  };
};

/** A session's places left, by the engine's rule; null when nothing limits it. */
function placesLeftOf(session: Selectable<ActivitiesTable>, capacity: Capacity) {
  const rows = capacity.bySession.get(session.id);
  return session.place_limit === null || !rows
    ? null
    : sessionAvailability({
        sessionId: session.id,
        placeLimit: session.place_limit,
        ...rows,
        now: capacity.now,
      }).placesLeft;
}

function groupDto(
  group: GroupRow,
  children: Awaited<ReturnType<typeof loadGroupChildren>>,
  venues: Map<string, ReturnType<typeof venueDto>>,
  {
    publicView,
    now,
    capacity,
  }: { publicView: boolean; now: { date: string; time: string }; capacity: Capacity },
) {
  const today = now.date;
  const visible = <T extends { enabled: 0 | 1 }>(row: T) => !publicView || row.enabled === 1;
  const mine = <T extends { activity_group_id: string }>(row: T) =>
    row.activity_group_id === group.id;
  const sessions = children.activities
    .filter(mine)
    .filter(visible)
    // A parent has no use for past sessions; the admin keeps the whole history.
    .filter((s) => !publicView || s.date >= today)
    .map((s) => ({ ...sessionDto(s), placesLeft: placesLeftOf(s, capacity) }));
  // Timing counts every session of the group, past and disabled ones included (the engine
  // keeps the enabled ones), even where the public view shows only what is still to come.
  const allSessions: SessionRow[] = children.activities.filter(mine).map((s) => ({
    _id: s.id,
    date: s.date,
    startTime: s.start_time,
    endTime: s.end_time,
    enabled: fromFlag(s.enabled),
  }));
  const groupRow: ActivityGroupRow = {
    _id: group.id,
    name: group.name,
    sessions: children.activities
      .filter(mine)
      .map((s) => ({ ...sessionDto(s), placeLimit: s.place_limit })),
    tickets: children.tickets.filter(mine).map(engineTicket),
    addOns: [],
  };
  const groupRows = rowsOf(
    capacity,
    groupRow.sessions.map((s) => s._id),
  );
  const ticket = (row: Selectable<TicketsTable>) =>
    ticketDto(
      row,
      ticketTiming(
        {
          type: row.type,
          price: row.price,
          shouldProRata: fromFlag(row.should_pro_rata),
          restrictSessions: fromFlag(row.restrict_sessions),
          sessionsCanBeUsedFor: readJson<string[]>(row.sessions_can_be_used_for, []),
        },
        allSessions,
        now,
      ),
      ticketFullSessions({
        group: groupRow,
        ticketId: row.id,
        ...groupRows,
        now: capacity.now,
        localNow: now,
      }),
    );
  return {
    _id: group.id,
    name: group.name,
    description: group.description,
    venue: group.venue_id ? (venues.get(group.venue_id) ?? null) : null,
    ageRange: { minMonths: group.min_age_months, maxMonths: group.max_age_months },
    schoolYears: { min: group.school_year_min, max: group.school_year_max },
    blockOutOfRange: fromFlag(group.block_out_of_range),
    waitlistType: group.waitlist_type,
    enabled: fromFlag(group.enabled),
    archived: fromFlag(group.archived),
    activities: sessions,
    tickets: children.tickets.filter(mine).filter(visible).map(ticket),
    addOns: children.addOns.filter(mine).filter(visible).map(addOnDto),
    cancellationRules: children.cancellationRules.filter(mine).map((r) => r.cancellation_rule_id),
    fieldData: Object.fromEntries(
      children.fieldData
        .filter((d) => d.owner_id === group.id)
        .map((d) => [d.field_id, fieldDataValue(d)]),
    ),
  };
}

export type ActivityGroupDto = ReturnType<typeof groupDto>;

/**
 * Activity groups of a client. The public view (widget) keeps only published groups, enabled
 * items and upcoming sessions; the admin view keeps everything. `now` is the request's clock
 * (routes pass it; places left and ticket timing are as of then, in the client's time zone).
 */
export async function loadActivityGroups(
  db: Db,
  clientId: string,
  { publicView, ids, now = new Date() }: { publicView: boolean; ids?: string[]; now?: Date },
): Promise<ActivityGroupDto[]> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const groups = await listActivityGroups(db, clientId, { enabledOnly: publicView, ids });
  const venues = new Map((await listVenues(db, clientId)).map((v) => [v.id, venueDto(v)]));
  // Parents see answers to enabled, public activity fields only.
  const shownFields = publicView
    ? new Set(
        (
          await listFields(db, clientId, {
            usage: 'activity',
            includeDisabled: false,
            includeAdminOnly: false,
          })
        ).map((f) => f._id),
      )
    : null;
  const built: ActivityGroupDto[] = [];
  for (let start = 0; start === 0 || start < groups.length; start += GROUPS_PER_STEP) {
    if (start > 0) await nextTurn();
    const step = groups.slice(start, start + GROUPS_PER_STEP);
    built.push(
      ...(await buildGroups(db, clientId, step, {
        publicView,
        now,
        timeZone: client.time_zone,
        venues,
        shownFields,
      })),
    );
  }
  return built;
}

/**
 * Groups built per step of a listing. A catalogue of a thousand groups is built fifty at a time
 * with the event loop free between steps, so one organiser's full list never holds up other
 * requests (a booking, /api/health) for more than a few milliseconds (issue 18): built whole,
 * it held the process for a third of a second.
 */
const GROUPS_PER_STEP = 50;

/** One step of `loadActivityGroups`: these groups' sessions, tickets, places left and answers. */
async function buildGroups(
  db: Db,
  clientId: string,
  groups: Awaited<ReturnType<typeof listActivityGroups>>,
  {
    publicView,
    now,
    timeZone,
    venues,
    shownFields,
  }: {
    publicView: boolean;
    now: Date;
    timeZone: string;
    venues: Map<string, ReturnType<typeof venueDto>>;
    shownFields: Set<string> | null;
  },
): Promise<ActivityGroupDto[]> {
  const children = await loadGroupChildren(
    db,
    clientId,
    groups.map((g) => g.id),
  );
  if (shownFields)
    children.fieldData = children.fieldData.filter((d) => shownFields.has(d.field_id));
  const local = zonedParts(now, timeZone);
  const today = local.date;
  // Only sessions still to come that a session or ticket limit applies to need counting; the
  // rest are unlimited (null).
  const ticketLimited = new Set(
    children.tickets.filter((t) => t.place_limit !== null).map((t) => t.activity_group_id),
  );
  const limited = children.activities.filter(
    (s) => s.date >= today && (s.place_limit !== null || ticketLimited.has(s.activity_group_id)),
  );
  const rows = await loadCapacityRows(
    db,
    clientId,
    limited.map((s) => s.id),
    groups.map((g) => g.id),
  );
  const capacity: Capacity = {
    bySession: capacityBySession(
      limited.map((s) => s.id),
      rows,
    ),
    now: now.getTime(),
  };
  const ofGroup = childrenByGroup(children);
  return groups.map((g) =>
    groupDto(g, ofGroup(g.id), venues, { publicView, now: local, capacity }),
  );
}

type GroupChildren = Awaited<ReturnType<typeof loadGroupChildren>>;

/**
 * The children of each group apart, split once: a catalogue of a thousand groups made each
 * group scan every group's sessions and tickets, a listing's cost growing with the square of its
 * size (docs/architecture.md, Performance).
 */
function childrenByGroup(children: GroupChildren): (groupId: string) => GroupChildren {
  const split = new Map<string, GroupChildren>();
  const of = (groupId: string) => {
    let found = split.get(groupId);
    if (!found) {
      found = { activities: [], tickets: [], addOns: [], cancellationRules: [], fieldData: [] };
      split.set(groupId, found);
    }
    return found;
  };
  for (const row of children.activities) of(row.activity_group_id).activities.push(row);
  for (const row of children.tickets) of(row.activity_group_id).tickets.push(row);
  for (const row of children.addOns) of(row.activity_group_id).addOns.push(row);
  for (const row of children.cancellationRules)
    of(row.activity_group_id).cancellationRules.push(row);
  for (const row of children.fieldData) of(row.owner_id).fieldData.push(row);
  return of;
}

export async function loadActivityGroup(
  db: Db,
  clientId: string,
  id: string,
  { publicView, now }: { publicView: boolean; now?: Date },
): Promise<ActivityGroupDto> {
  const group = await findActivityGroup(db, clientId, id);
  if (!group || (publicView && (group.enabled !== 1 || group.archived === 1))) throw notFound();
  const [dto] = await loadActivityGroups(db, clientId, { publicView, ids: [id], now });
  if (!dto) throw notFound();
  return dto;
}

/** A subscription plan's ticket, with its group: one ticket per plan across the client. */
export interface PlanUse {
  planId: string;
  ticket: { _id: string; name: string };
  activityGroup: { _id: string; name: string };
}

/**
 * Which ticket uses each of the client's subscription plans, for the rule 'This subscription
 * plan has already been used by another ticket' across groups (server schema and wizard alike).
 *
 * @example const used = (await subscriptionPlanUses(db, clientId)).filter((u) => u.activityGroup._id !== groupId);
 */
export async function subscriptionPlanUses(db: Db, clientId: string): Promise<PlanUse[]> {
  const rows = await db
    .selectFrom('tickets')
    .innerJoin('activity_groups', (join) =>
      join
        .onRef('activity_groups.id', '=', 'tickets.activity_group_id')
        .onRef('activity_groups.client_id', '=', 'tickets.client_id'),
    )
    .select([
      'tickets.subscription_plan_id as planId',
      'tickets.id as ticketId',
      'tickets.name as ticketName',
      'activity_groups.id as groupId',
      'activity_groups.name as groupName',
    ])
    .where('tickets.client_id', '=', clientId)
    .where('tickets.subscription_plan_id', 'is not', null)
    .orderBy('tickets.created_at')
    .execute();
  return rows.map((r) => ({
    planId: r.planId as string,
    ticket: { _id: r.ticketId, name: r.ticketName },
    activityGroup: { _id: r.groupId, name: r.groupName },
  }));
}
