import { Hono } from 'hono';
import * as v from 'valibot';
import { AUDIT_SUBJECT_TYPES } from '../../engine/data-rights.ts';
import { queryLimit, queryPage } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { parse } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { listAudit } from '../services/audit.ts';

const MAX_PAGE_SIZE = 100;
const id = v.pipe(v.string(), v.maxLength(64));

const listQuery = v.object({
  page: queryPage,
  limit: queryLimit(MAX_PAGE_SIZE, 20),
  subjectType: v.optional(
    v.picklist(AUDIT_SUBJECT_TYPES, 'subjectType is booking, refund, customer or settings.'),
  ),
  subjectId: v.optional(id),
  /** A customer page: the customer's own entries and their bookings'. */
  customerId: v.optional(id),
});

/**
 * GET /api/audit-events: the organiser's audit log, newest first, paged (docs/rules/data-rights.md).
 * Admins only: it names staff and what they did.
 */
export const auditEvents = new Hono<AppEnv>().get('/', async (c) => {
  const admin = requireAdmin(c);
  const query = parse(listQuery, c.req.query());
  const { data, total } = await listAudit(c.get('db'), admin.clientId, query);
  return c.json({ data, meta: { page: query.page, limit: query.limit, total } });
});
