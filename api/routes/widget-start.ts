import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { parse } from '../http/validate.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import {
  LISTING_PAGE,
  LISTING_SESSIONS,
  loadListingPage,
} from '../services/activity-group-listing.ts';
import { loadClientSettings } from '../services/client-settings.ts';

/** The query /embed.js sends: a plain GET (no custom header), so no CORS preflight goes first. */
const startQuerySchema = v.strictObject({
  clientId: v.pipe(v.string(), v.maxLength(100)),
  tab: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/**
 * GET /api/widget-start?clientId=…[&tab=…] (issue 18): everything the widget's listing needs for
 * its first paint in one answer, the organiser's settings (as GET /api/client) and the listing's
 * first page (as GET /api/activity-groups/listing with its defaults). /embed.js asks for it while
 * the widget's script is still on its way, so the listing paints after three requests (embed.js,
 * widget.js and this one) and none of them waits for another after the loader.
 */
export const widgetStart = new Hono<AppEnv>().get('/', async (c) => {
  const query = parse(startQuerySchema, c.req.query());
  const clientId = await requestClientId(c);
  const db = c.get('db');
  const [client, listing] = await Promise.all([
    loadClientSettings(db, clientId),
    loadListingPage(db, clientId, {
      limit: LISTING_PAGE.default,
      sessions: LISTING_SESSIONS.default,
      tab: query.tab,
    }),
  ]);
  return c.json({ data: { client, listing } });
});
