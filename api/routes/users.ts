import { Hono } from 'hono';
import * as v from 'valibot';
import { queryLimit, queryPage } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { loadCustomerAccount } from '../services/customer-account.ts';
import { listUsers, loadUser } from '../services/users.ts';

/** Pages of users are for a screen, not an export: 100 rows is plenty. */
const MAX_PAGE_SIZE = 100;

const listQuery = v.object({
  page: queryPage,
  limit: queryLimit(MAX_PAGE_SIZE, 20),
  filters: v.optional(v.string()),
});

const filtersSchema = v.object({
  search: v.optional(v.pipe(v.string(), v.maxLength(200))),
  role: v.optional(v.picklist(['admin', 'customer'])),
});

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

export const users = new Hono<AppEnv>()
  // The dashboard's Customers screen: the admin's own client only, paged and searchable.
  .get('/', async (c) => {
    const caller = requireAdmin(c);
    const query = parse(listQuery, c.req.query());
    const filters = readFilters(query.filters);
    const { data, total } = await listUsers(c.get('db'), caller.clientId, {
      ...filters,
      page: query.page,
      limit: query.limit,
    });
    return c.json({ data, meta: { page: query.page, limit: query.limit, total } });
  })
  .get('/me', async (c) => {
    const caller = requireUser(c);
    return c.json({ data: await loadUser(c.get('db'), caller.clientId, caller.userId) });
  })
  // The customer page's money: credit balance and latest payments and refunds (admins only).
  .get('/:id/account', async (c) => {
    const admin = requireAdmin(c);
    return c.json({
      data: await loadCustomerAccount(c.get('db'), admin.clientId, c.req.param('id')),
    });
  })
  // Admins read their client's users; a customer reads only themselves (others answer 404).
  .get('/:id', async (c) => {
    const caller = requireUser(c);
    const id = c.req.param('id');
    if (caller.role !== 'admin' && id !== caller.userId) throw notFound();
    return c.json({ data: await loadUser(c.get('db'), caller.clientId, id) });
  });
