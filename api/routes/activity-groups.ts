import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  copyActivityGroupSchema,
  createActivityGroupSchema,
  type FieldDefinition,
  groupMatchesTab,
} from '../../engine/index.ts';
import { LAST_SCHOOL_YEAR, RECEPTION } from '../../engine/school-year.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { notFound } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { setActivityGroupArchived } from '../services/activity-group-archive.ts';
import { deleteActivityGroup } from '../services/activity-group-delete.ts';
import { duplicateActivityGroup } from '../services/activity-group-duplicate.ts';
import {
  LISTING_PAGE,
  LISTING_SESSIONS,
  loadListingPage,
} from '../services/activity-group-listing.ts';
import { saveActivityGroup } from '../services/activity-group-write.ts';
import {
  loadActivityGroup,
  loadActivityGroups,
  subscriptionPlanUses,
} from '../services/activity-groups.ts';
import { listFields } from '../services/fields.ts';
import { listHomeTabs } from '../services/home-tabs.ts';
import { loadSales, type SalesScope } from '../services/sales.ts';

/** `filters={json}` on the list (docs/api/calls.md): a search text, a venue, published or not. */
const filtersSchema = v.pipe(
  v.optional(v.string(), '{}'),
  v.parseJson(undefined, 'Filters must be JSON.'),
  v.strictObject({
    search: v.optional(v.string()),
    venue: v.optional(v.string()),
    enabled: v.optional(v.boolean()),
    /** true: the archived groups only; otherwise archived groups are left out. */
    archived: v.optional(v.boolean()),
    /** A home tab's path: the widget's /listing/{path} view. */
    tab: v.optional(v.string()),
    /** Activity field id → option (or venue) id: the admin list's field filters. */
    fields: v.optional(v.record(v.string(), v.string())),
  }),
);

/** A whole number from a query parameter, within bounds, with the message a developer reads. */
const queryInt = (name: string, min: number, max: number, fallback?: number) =>
  v.pipe(
    fallback === undefined ? v.string() : v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,6}$/, `${name} must be a whole number.`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}.`),
    v.maxValue(max, `${name} must be at most ${max}.`),
  );

/** GET /api/activity-groups/listing's query (docs/api/calls.md): a page of the public listing. */
const listingQuerySchema = v.strictObject({
  limit: queryInt('limit', 1, LISTING_PAGE.max, LISTING_PAGE.default),
  cursor: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(400, 'The cursor is not one this listing gave.'),
      v.regex(/^[\w-]+$/, 'The cursor is not one this listing gave.'),
    ),
  ),
  tab: v.optional(v.pipe(v.string(), v.maxLength(200))),
  schoolYear: v.optional(queryInt('schoolYear', RECEPTION, LAST_SCHOOL_YEAR)),
  /** The child's age in whole months. */
  age: v.optional(queryInt('age', 0, 1200)),
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  sessions: queryInt('sessions', 1, LISTING_SESSIONS.max, LISTING_SESSIONS.default),
  /** The client, for callers that cannot send X-Client-Id (requestClientId reads it). */
  clientId: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

/**
 * The wizard's schema for this client's plan and what is already saved: the saved tickets'
 * locked type and plan, the saved waitlist type and add-ons (a plan gate refuses only new or
 * changed values, so a downgraded organiser can still save), and the plans other groups' tickets
 * use. The wizard builds the same context from the same data.
 */
async function groupSchemaFor(db: Db, clientId: string, groupId?: string) {
  const client = await findClientById(db, clientId);
  if (!client) throw notFound();
  const saved = groupId
    ? await loadActivityGroup(db, clientId, groupId, { publicView: false })
    : null;
  const fields = await listFields(db, clientId, {
    usage: 'activity',
    includeDisabled: false,
    includeAdminOnly: true,
  });
  const planUses = await subscriptionPlanUses(db, clientId);
  return createActivityGroupSchema({
    planLevel: client.plan_level,
    fields: fields as FieldDefinition[],
    savedTickets: (saved?.tickets ?? []).map((t) => ({
      _id: t._id,
      type: t.type,
      subscriptionPlan: t.subscriptionPlan,
    })),
    savedWaitlistType: saved?.waitlistType ?? null,
    savedAddOnIds: (saved?.addOns ?? []).map((a) => a._id),
    usedSubscriptionPlanIds: planUses
      .filter((u) => u.activityGroup._id !== groupId)
      .map((u) => u.planId),
  });
}

const sales = (scope: SalesScope) => async (c: Context<AppEnv>) => {
  const admin = requireAdmin(c);
  return c.json({
    data: await loadSales(c.get('db'), admin.clientId, c.req.param('id') ?? '', scope),
  });
};

/** Archiving only hides the group: nothing else about it changes, so it needs no body. */
const archive = (archived: boolean) => async (c: Context<AppEnv>) => {
  const admin = requireAdmin(c);
  const id = c.req.param('id') ?? '';
  await setActivityGroupArchived(c.get('db'), admin.clientId, id, archived);
  return c.json({
    data: await loadActivityGroup(c.get('db'), admin.clientId, id, {
      publicView: false,
      now: new Date(),
    }),
  });
};

/*
 * GET /api/activity-groups/full-list serves both front ends: an admin gets every group of their
 * client; anyone else (the widget, signed in or not) gets the public view of the named client.
 * Writes take the wizard's form values (major units) and validate them with the wizard's schema.
 */
export const activityGroups = new Hono<AppEnv>()
  .get('/full-list', async (c) => {
    const caller = c.get('caller');
    const clientId = await requestClientId(c);
    const publicView = caller?.role !== 'admin';
    const filters = parse(filtersSchema, c.req.query('filters'));
    const now = new Date();
    let groups = await loadActivityGroups(c.get('db'), clientId, { publicView, now });
    const search = filters.search?.trim().toLowerCase();
    if (search) groups = groups.filter((g) => g.name.toLowerCase().includes(search));
    if (filters.venue) groups = groups.filter((g) => g.venue?._id === filters.venue);
    groups = groups.filter((g) => g.archived === (filters.archived ?? false));
    if (filters.enabled !== undefined) groups = groups.filter((g) => g.enabled === filters.enabled);
    // Matched on the caller's own view, so the public never filters by an admin-only answer.
    if (filters.fields) {
      for (const [field, value] of Object.entries(filters.fields)) {
        if (!value) continue;
        groups = groups.filter((g) =>
          groupMatchesTab(g, { type: 'fieldOption', field, value: [value] }),
        );
      }
    }
    if (filters.tab) {
      const tabs = await listHomeTabs(c.get('db'), clientId, { enabledOnly: publicView });
      const tab = tabs.find((t) => t.path === filters.tab);
      if (!tab) throw notFound();
      // Match on every answer (a tab may filter by an admin-only field), show the public view.
      const all = publicView
        ? await loadActivityGroups(c.get('db'), clientId, { publicView: false, now })
        : groups;
      const matching = new Set(all.filter((g) => groupMatchesTab(g, tab)).map((g) => g._id));
      groups = groups.filter((g) => matching.has(g._id));
    }
    return c.json({ data: groups });
  })
  /*
   * The public listing a page at a time (issue 18): filters applied before paging, so a filtered
   * page is full, and each group's next few sessions with a count of the rest. Always the public
   * view, whoever asks: it is what the widget shows.
   */
  .get('/listing', async (c) => {
    const clientId = await requestClientId(c);
    const query = parse(listingQuerySchema, c.req.query());
    return c.json(
      await loadListingPage(c.get('db'), clientId, {
        limit: query.limit,
        cursor: query.cursor,
        tab: query.tab,
        schoolYear: query.schoolYear,
        ageMonths: query.age,
        search: query.search,
        sessions: query.sessions,
      }),
    );
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const data = await readBody(c, await groupSchemaFor(c.get('db'), admin.clientId));
    const id = await saveActivityGroup(c.get('db'), admin.clientId, null, data);
    return c.json(
      {
        data: await loadActivityGroup(c.get('db'), admin.clientId, id, {
          publicView: false,
          now: new Date(),
        }),
      },
      201,
    );
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const id = c.req.param('id');
    const data = await readBody(c, await groupSchemaFor(c.get('db'), admin.clientId, id));
    await saveActivityGroup(c.get('db'), admin.clientId, id, data);
    return c.json({
      data: await loadActivityGroup(c.get('db'), admin.clientId, id, {
        publicView: false,
        now: new Date(),
      }),
    });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteActivityGroup(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { _id: c.req.param('id') } });
  })
  .post('/:id/duplicate', async (c) => {
    const admin = requireAdmin(c);
    const db = c.get('db');
    const choice = await readBody(c, copyActivityGroupSchema);
    // The Duplicate service re-enrolment uses too: the wizard's own schema and write service,
    // so a copy passes every rule a new group must and is written in one transaction.
    const id = await duplicateActivityGroup(db, admin.clientId, c.req.param('id'), choice);
    return c.json(
      {
        data: await loadActivityGroup(db, admin.clientId, id, {
          publicView: false,
          now: new Date(),
        }),
      },
      201,
    );
  })
  .post('/:id/archive', archive(true))
  .post('/:id/unarchive', archive(false))
  .get('/:id/sales', sales('active'))
  .get('/:id/sales-including-cancelled', sales('includingCancelled'))
  .get('/:id/sales-including-waitlist-entries', sales('includingWaitlist'))
  .get('/:id/public', async (c) => {
    const clientId = await requestClientId(c);
    const group = await loadActivityGroup(c.get('db'), clientId, c.req.param('id'), {
      publicView: true,
      now: new Date(),
    });
    return c.json({ data: group });
  })
  .get('/:id', async (c) => {
    const admin = requireAdmin(c);
    const group = await loadActivityGroup(c.get('db'), admin.clientId, c.req.param('id'), {
      publicView: false,
      now: new Date(),
    });
    return c.json({ data: group });
  });
