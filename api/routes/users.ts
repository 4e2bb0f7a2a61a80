import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import {
  accountMessages,
  attendeeAnswersSchema,
  changePasswordSchema,
  queryLimit,
  queryPage,
  requiredString,
} from '../../engine/index.ts';
import { SESSION_COOKIE } from '../auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { requestToken, requireAdmin, requireCustomer, requireUser } from '../middleware/auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { changePassword, loadOwnDetails, saveOwnDetails } from '../services/account.ts';
import { loadCustomerAccount } from '../services/customer-account.ts';
import { loadPerson, personOf } from '../services/households.ts';
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

/** The account area's details form: the name and answers as the attendee form sends them. */
/** Also the API description's schema for this body (api/openapi/). */
export const ownDetailsBody = v.object({
  fullName: requiredString(),
  fieldData: attendeeAnswersSchema.entries.fieldData,
});

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
    // A guardian is themselves, with their household's children (docs/rules/households.md).
    return c.json({ data: await loadPerson(c.get('db'), caller.clientId, personOf(caller)) });
  })
  // The parent's account area (docs/rules/account.md): always the caller's own row.
  .get('/me/details', async (c) => {
    const caller = requireCustomer(c);
    return c.json({ data: await loadOwnDetails(c.get('db'), caller.clientId, personOf(caller)) });
  })
  .put('/me', async (c) => {
    const caller = requireCustomer(c);
    const input = await readBody(c, ownDetailsBody);
    return c.json({
      data: await saveOwnDetails(c.get('db'), caller.clientId, personOf(caller), input),
    });
  })
  .post('/me/password', async (c) => {
    const caller = requireUser(c);
    // Guessing the current password from a stolen session is slowed like a sign-in.
    const person = personOf(caller);
    await rateLimit(c, `change-password:${person}`, { limit: 10, windowSeconds: 3600 });
    const input = await readBody(c, changePasswordSchema);
    const token = requestToken(c.req.header('authorization'), getCookie(c, SESSION_COOKIE));
    await changePassword(c.get('db'), { ...caller, userId: person, token: token ?? '' }, input);
    return c.json({ data: { message: accountMessages.passwordChanged } });
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
    if (caller.role !== 'admin' && id !== personOf(caller)) throw notFound();
    return c.json({ data: await loadUser(c.get('db'), caller.clientId, id) });
  });
