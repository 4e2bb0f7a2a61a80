import { Hono } from 'hono';
import * as v from 'valibot';
import {
  joinWaitlistSchema,
  queryLimit,
  queryPage,
  WAITLIST_STATUSES,
  waitlistStatusSchema,
} from '../../engine/index.ts';
import {
  joinFamilyWaitlistSchema,
  offerWaitlistPlacesSchema,
} from '../../engine/schemas/family-waitlist.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin, requireCustomer, requireUser } from '../middleware/auth.ts';
import { joinFamilyWaitlist, offerFreedPlaces } from '../services/family-waitlists.ts';
import {
  cancelOwnEntry,
  joinWaitlist,
  listWaitlistEntries,
  moveWaitlistEntry,
  waitlistJoinState,
} from '../services/waitlists.ts';

/** docs/rules/constants.md: waitlist pages hold up to 1000 entries. */
const MAX_PAGE_SIZE = 1000;

const listQuery = v.object({
  page: queryPage,
  limit: queryLimit(MAX_PAGE_SIZE, 50),
  filters: v.optional(v.string()),
});

const filtersSchema = v.object({
  user: v.optional(v.string()),
  activityGroup: v.optional(v.string()),
  status: v.optional(
    v.union([v.picklist(WAITLIST_STATUSES), v.array(v.picklist(WAITLIST_STATUSES))]),
  ),
});

async function entryResponse(
  db: Parameters<typeof listWaitlistEntries>[0],
  clientId: string,
  id: string,
) {
  const { data } = await listWaitlistEntries(db, clientId, { ids: [id], page: 1, limit: 1 });
  return data[0];
}

function readFilters(text: string | undefined) {
  if (!text) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'filters must be JSON.');
  }
  return parse(filtersSchema, json);
}

export const waitlists = new Hono<AppEnv>()
  // Admins page through every entry of their client; a customer only ever sees their own.
  .get('/', async (c) => {
    const caller = requireUser(c);
    const query = parse(listQuery, c.req.query());
    const filters = readFilters(query.filters);
    const statuses =
      filters.status === undefined
        ? undefined
        : Array.isArray(filters.status)
          ? filters.status
          : [filters.status];
    const { data, total } = await listWaitlistEntries(c.get('db'), caller.clientId, {
      userId: caller.role === 'admin' ? filters.user : caller.userId,
      activityGroupId: filters.activityGroup,
      statuses,
      page: query.page,
      limit: query.limit,
    });
    return c.json({ data, meta: { page: query.page, limit: query.limit, total } });
  })
  // The join form's state for one attendee (badges, notices), decided by the engine.
  .get('/join-view', async (c) => {
    const caller = requireCustomer(c);
    const query = parse(
      v.object({ activityGroup: v.string(), attendee: v.optional(v.string()) }),
      c.req.query(),
    );
    const { view, waitlistType } = await waitlistJoinState(c.get('db'), caller.clientId, {
      userId: caller.userId,
      activityGroupId: query.activityGroup,
      attendeeId: query.attendee,
    });
    return c.json({ data: { ...view, waitlistType } });
  })
  .post('/', async (c) => {
    const caller = requireCustomer(c);
    const body = await readBody(c, joinWaitlistSchema);
    const db = c.get('db');
    const ids = await joinWaitlist(db, caller.clientId, {
      userId: caller.userId,
      activityGroupId: body.activityGroup,
      attendeeId: body.attendee,
      activityIds: body.activities,
    });
    const { data } = await listWaitlistEntries(db, caller.clientId, {
      ids,
      page: 1,
      limit: MAX_PAGE_SIZE,
    });
    return c.json({ data }, 201);
  })
  // Brothers and sisters join together (docs/rules/family.md).
  .post('/family', async (c) => {
    const caller = requireCustomer(c);
    const body = await readBody(c, joinFamilyWaitlistSchema);
    const db = c.get('db');
    const ids = await joinFamilyWaitlist(db, caller.clientId, {
      userId: caller.userId,
      activityGroupId: body.activityGroup,
      attendeeIds: body.attendees,
      activityIds: body.activities,
    });
    const { data } = await listWaitlistEntries(db, caller.clientId, {
      ids,
      page: 1,
      limit: MAX_PAGE_SIZE,
    });
    return c.json({ data }, 201);
  })
  // The organiser offers the places free now, in queue order, families together.
  .post('/offer-places', async (c) => {
    const caller = requireAdmin(c);
    const body = await readBody(c, offerWaitlistPlacesSchema);
    const data = await offerFreedPlaces(c.get('db'), caller.clientId, {
      activityGroupId: body.activityGroup,
      activityId: body.activity ?? null,
      offerHours: body.offerHours,
    });
    return c.json({ data });
  })
  // An admin moves an entry along the engine's transitions; → Ready offers the place.
  .put('/:id/status', async (c) => {
    const caller = requireAdmin(c);
    const body = await readBody(c, waitlistStatusSchema);
    const db = c.get('db');
    await moveWaitlistEntry(db, caller.clientId, c.req.param('id'), body);
    return c.json({ data: await entryResponse(db, caller.clientId, c.req.param('id')) });
  })
  // A parent takes their child off the waitlist (their own active entries only).
  .post('/:id/cancel', async (c) => {
    const caller = requireCustomer(c);
    const db = c.get('db');
    await cancelOwnEntry(db, caller.clientId, caller.userId, c.req.param('id'));
    return c.json({ data: await entryResponse(db, caller.clientId, c.req.param('id')) });
  });
