import { groupMatchesTab, isOutsideAgeRange, type TabFilter } from '../../engine/index.ts';
import { suitsSchoolYear } from '../../engine/school-year.ts';
import type { Db } from '../db/connection.ts';
import { fieldDataValue } from '../db/field-values.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { type ActivityGroupDto, loadActivityGroups } from './activity-groups.ts';
import { listHomeTabs } from './home-tabs.ts';

/** Groups per page: the default, and the most one request may ask for. */
export const LISTING_PAGE = { default: 10, max: 50 } as const;
/** Upcoming sessions listed per group (the card shows three); the rest are counted. */
export const LISTING_SESSIONS = { default: 3, max: 20 } as const;

/** A group on the public listing: the next few upcoming sessions and how many there are. */
export type ListingGroupDto = ActivityGroupDto & {
  /** Every upcoming session the parent can book, of which `activities` lists the next ones. */
  sessionsTotal: number;
};

/** A page in the paged lists' envelope (`{ data, meta }`, docs/api/calls.md). */
export interface ListingPage {
  data: ListingGroupDto[];
  meta: {
    /** Pass as `cursor` for the next page; null on the last page. */
    next: string | null;
    /** Groups matching the filters, on every page together. */
    total: number;
    limit: number;
    /** Whether any published group is limited by school year: the widget offers the filter. */
    bySchoolYear: boolean;
  };
}

export interface ListingQuery {
  limit: number;
  cursor?: string;
  /** A home tab's path (the widget's /listing/{path}). */
  tab?: string;
  schoolYear?: number;
  ageMonths?: number;
  search?: string;
  sessions: number;
}

/** Where a group sits in the listing's order: weight, then creation, then id (a total order). */
type Key = { weight: number; created: string; id: string };

const compare = (a: Key, b: Key) =>
  a.weight - b.weight ||
  (a.created < b.created ? -1 : a.created > b.created ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The cursor names the last group of a page by its key, so a group unpublished meanwhile does not shift the next page. */
const encodeCursor = (key: Key) =>
  Buffer.from(JSON.stringify([key.weight, key.created, key.id])).toString('base64url');

function decodeCursor(cursor: string): Key {
  try {
    const [weight, created, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof weight === 'number' && typeof created === 'string' && typeof id === 'string') {
      return { weight, created, id };
    }
  } catch {
    // answered below
  }
  throw new HttpError(400, 'The cursor is not one this listing gave.', {
    cursor: 'The cursor is not one this listing gave.',
  });
}

/**
 * One page of a client's public listing (the widget). The filters (home tab, school year, age,
 * name) are decided on each published group's own columns and, for a tab, its answer to the tab's
 * field, by the engine's rules; only the page's groups are then loaded in full (sessions, tickets,
 * places left), so a page costs the same in a catalogue of ten groups or a thousand. Each group
 * lists its next `sessions` upcoming sessions, plus the first full session of any ticket that
 * needs every session (the card names it), and counts the rest in `sessionsTotal`; the group's
 * own page (`/public`) has them all.
 */
export async function loadListingPage(
  db: Db,
  clientId: string,
  query: ListingQuery,
  now = new Date(),
): Promise<ListingPage> {
  const filtered =
    query.tab !== undefined ||
    !!query.search?.trim() ||
    query.schoolYear !== undefined ||
    query.ageMonths !== undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const { page, next, total, bySchoolYear } = filtered
    ? await filteredPage(db, clientId, query, after)
    : await orderedPage(db, clientId, query.limit, after);
  const loaded = page.length
    ? await loadActivityGroups(db, clientId, { publicView: true, ids: page.map((k) => k.id), now })
    : [];
  const byId = new Map(loaded.map((g) => [g._id, g]));
  const data = page.flatMap((k) => {
    const group = byId.get(k.id);
    return group ? [windowed(group, query.sessions)] : [];
  });
  return { data, meta: { next, total, limit: query.limit, bySchoolYear } };
}

interface PageKeys {
  page: Key[];
  next: string | null;
  total: number;
  bySchoolYear: boolean;
}

const published = (db: Db, clientId: string) =>
  db
    .selectFrom('activity_groups')
    .where('client_id', '=', clientId)
    .where('enabled', '=', 1)
    .where('archived', '=', 0);

/**
 * No filter: the page straight from the index in listing order (activity_groups_listing), after
 * the cursor's key; the count and whether any group uses school years from the same index.
 */
async function orderedPage(
  db: Db,
  clientId: string,
  limit: number,
  after: Key | null,
): Promise<PageKeys> {
  let keys = published(db, clientId)
    .select(['id', 'weight', 'created_at'])
    .orderBy('weight')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1);
  if (after) {
    keys = keys.where((eb) =>
      eb(
        eb.refTuple('weight', 'created_at', 'id'),
        '>',
        eb.tuple(after.weight, after.created, after.id),
      ),
    );
  }
  const rows = await keys.execute();
  const count = await published(db, clientId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const years = await published(db, clientId)
    .select('id')
    .where((eb) =>
      eb.or([eb('school_year_min', 'is not', null), eb('school_year_max', 'is not', null)]),
    )
    .limit(1)
    .executeTakeFirst();
  const page = rows
    .slice(0, limit)
    .map((g) => ({ weight: Number(g.weight), created: String(g.created_at), id: g.id }));
  const last = page.at(-1);
  return {
    page,
    next: last && rows.length > limit ? encodeCursor(last) : null,
    total: Number(count?.n ?? 0),
    bySchoolYear: !!years,
  };
}

/**
 * Filters: the engine's rules over every published group's own columns (and, for a tab, its
 * answer to the tab's field), then the page after the cursor's key in the same order.
 */
async function filteredPage(
  db: Db,
  clientId: string,
  query: ListingQuery,
  after: Key | null,
): Promise<PageKeys> {
  let tab: TabFilter | undefined;
  if (query.tab) {
    const tabs = await listHomeTabs(db, clientId, { enabledOnly: true });
    tab = tabs.find((t) => t.path === query.tab);
    if (!tab) throw notFound();
  }
  const rows = await published(db, clientId)
    .select([
      'id',
      'name',
      'weight',
      'created_at',
      'venue_id',
      'min_age_months',
      'max_age_months',
      'school_year_min',
      'school_year_max',
    ])
    .execute();
  // A tab matches on every answer to its field (an admin-only field too), as the full list does.
  const answers = new Map<string, unknown>();
  if (tab?.field) {
    const data = await db
      .selectFrom('field_data')
      .selectAll()
      .where('client_id', '=', clientId)
      .where('field_id', '=', tab.field)
      .where('owner_type', '=', 'activityGroup')
      .execute();
    for (const d of data) answers.set(d.owner_id, fieldDataValue(d));
  }
  const search = query.search?.trim().toLowerCase();
  const matching = rows
    .filter((g) => {
      if (search && !g.name.toLowerCase().includes(search)) return false;
      const ageRange = { minMonths: g.min_age_months, maxMonths: g.max_age_months };
      if (
        query.schoolYear !== undefined &&
        !suitsSchoolYear(
          { schoolYears: { min: g.school_year_min, max: g.school_year_max }, ageRange },
          query.schoolYear,
        )
      ) {
        return false;
      }
      if (
        query.ageMonths !== undefined &&
        isOutsideAgeRange(query.ageMonths, g.min_age_months, g.max_age_months)
      ) {
        return false;
      }
      if (tab) {
        const fieldData = tab.field && answers.has(g.id) ? { [tab.field]: answers.get(g.id) } : {};
        const venue = g.venue_id ? { _id: g.venue_id } : null;
        if (!groupMatchesTab({ venue, fieldData }, tab)) return false;
      }
      return true;
    })
    .map((g) => ({ weight: Number(g.weight), created: String(g.created_at), id: g.id }))
    .sort(compare);
  const start = after ? matching.findIndex((k) => compare(k, after) > 0) : 0;
  const page = start < 0 ? [] : matching.slice(start, start + query.limit);
  const last = page.at(-1);
  const next = last && start + page.length < matching.length ? encodeCursor(last) : null;
  const bySchoolYear = rows.some((g) => g.school_year_min !== null || g.school_year_max !== null);
  return { page, next, total: matching.length, bySchoolYear };
}

/** The group with its next `count` upcoming sessions (and each all-sessions ticket's first full one). */
function windowed(group: ActivityGroupDto, count: number): ListingGroupDto {
  const upcoming = [...group.activities].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.startTime.localeCompare(b.startTime) ||
      a._id.localeCompare(b._id),
  );
  const keep = new Set(upcoming.slice(0, count).map((s) => s._id));
  for (const ticket of group.tickets) {
    if (ticket.type === 'single') continue;
    const full = new Set(ticket.fullSessions);
    const first = upcoming.find((s) => full.has(s._id));
    if (first) keep.add(first._id);
  }
  return {
    ...group,
    activities: upcoming.filter((s) => keep.has(s._id)),
    sessionsTotal: upcoming.length,
  };
}
