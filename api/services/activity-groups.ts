import type { Selectable } from 'kysely';
import {
  type PlaceRow,
  sessionAvailability,
  todayIn,
  type WaitlistRow,
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
import { loadCapacityRows } from './bookings/load.ts';
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

export const ticketDto = (row: Selectable<TicketsTable>) => ({
  _id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  proRataPrice: row.pro_rata_price,
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

/** Places left per session, by the engine's rule (confirmed places, live holds, waitlist). */
type PlacesLeft = (session: Selectable<ActivitiesTable>) => number | null;

function placesLeftFrom(
  counted: Set<string>,
  capacity: { places: PlaceRow[]; waitlist: WaitlistRow[] },
  now: number,
): PlacesLeft {
  return (session) =>
    session.place_limit === null || !counted.has(session.id)
      ? null
      : sessionAvailability({
          sessionId: session.id,
          placeLimit: session.place_limit,
          places: capacity.places,
          waitlist: capacity.waitlist,
          now,
        }).placesLeft;
}

function groupDto(
  group: GroupRow,
  children: Awaited<ReturnType<typeof loadGroupChildren>>,
  venues: Map<string, ReturnType<typeof venueDto>>,
  { publicView, today, placesLeft }: { publicView: boolean; today: string; placesLeft: PlacesLeft },
) {
  const visible = <T extends { enabled: 0 | 1 }>(row: T) => !publicView || row.enabled === 1;
  const mine = <T extends { activity_group_id: string }>(row: T) =>
    row.activity_group_id === group.id;
  const sessions = children.activities
    .filter(mine)
    .filter(visible)
    // A parent has no use for past sessions; the admin keeps the whole history.
    .filter((s) => !publicView || s.date >= today)
    .map((s) => ({ ...sessionDto(s), placesLeft: placesLeft(s) }));
  return {
    _id: group.id,
    name: group.name,
    description: group.description,
    venue: group.venue_id ? (venues.get(group.venue_id) ?? null) : null,
    ageRange: { minMonths: group.min_age_months, maxMonths: group.max_age_months },
    blockOutOfRange: fromFlag(group.block_out_of_range),
    waitlistType: group.waitlist_type,
    enabled: fromFlag(group.enabled),
    activities: sessions,
    tickets: children.tickets.filter(mine).filter(visible).map(ticketDto),
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
 * items and upcoming sessions; the admin view keeps everything.
 */
export async function loadActivityGroups(
  db: Db,
  clientId: string,
  { publicView, ids }: { publicView: boolean; ids?: string[] },
): Promise<ActivityGroupDto[]> {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const groups = await listActivityGroups(db, clientId, { enabledOnly: publicView, ids });
  const [children, venueRows] = await Promise.all([
    loadGroupChildren(
      db,
      clientId,
      groups.map((g) => g.id),
    ),
    listVenues(db, clientId),
  ]);
  const venues = new Map(venueRows.map((v) => [v.id, venueDto(v)]));
  if (publicView) {
    // Parents see answers to enabled, public activity fields only.
    const shown = new Set(
      (
        await listFields(db, clientId, {
          usage: 'activity',
          includeDisabled: false,
          includeAdminOnly: false,
        })
      ).map((f) => f._id),
    );
    children.fieldData = children.fieldData.filter((d) => shown.has(d.field_id));
  }
  const now = new Date();
  const today = todayIn(now, client.time_zone);
  // Only limited sessions still to come need counting; the rest have null (unlimited).
  const limited = children.activities.filter((s) => s.place_limit !== null && s.date >= today);
  const capacity = await loadCapacityRows(
    db,
    clientId,
    limited.map((s) => s.id),
    groups.map((g) => g.id),
  );
  const placesLeft = placesLeftFrom(new Set(limited.map((s) => s.id)), capacity, now.getTime());
  return groups.map((g) => groupDto(g, children, venues, { publicView, today, placesLeft }));
}

export async function loadActivityGroup(
  db: Db,
  clientId: string,
  id: string,
  { publicView }: { publicView: boolean },
): Promise<ActivityGroupDto> {
  const group = await findActivityGroup(db, clientId, id);
  if (!group || (publicView && group.enabled !== 1)) throw notFound();
  const [dto] = await loadActivityGroups(db, clientId, { publicView, ids: [id] });
  if (!dto) throw notFound();
  return dto;
}
