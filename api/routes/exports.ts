import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { todayIn, WAITLIST_STATUSES } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  ACCOUNTING_FORMATS,
  accountingColumns,
  movedMoney,
  withFeeLine,
} from '../services/exports/accounting.ts';
import { bookingColumns, exportBookings } from '../services/exports/bookings.ts';
import { customerColumns, exportCustomers } from '../services/exports/customers.ts';
import { moneyLines } from '../services/exports/money.ts';
import { paymentColumns } from '../services/exports/payments.ts';
import { registerColumns, registerRows } from '../services/exports/register.ts';
import { csvDownload } from '../services/exports/respond.ts';
import { exportWaitlists, waitlistColumns } from '../services/exports/waitlists.ts';
import { loadRegister } from '../services/registers.ts';
import { bookingFiltersSchema } from './bookings-admin.ts';

/** `filters` is JSON, as on the lists the exports mirror. */
const jsonFilters = <T extends v.GenericSchema>(schema: T) =>
  v.object({
    filters: v.optional(
      v.pipe(v.string(), v.parseJson(undefined, 'filters must be JSON.'), schema),
    ),
  });

const civilDate = v.pipe(v.string(), v.isoDate('Dates are written YYYY-MM-DD.'));
const rangeQuery = v.object({ from: v.optional(civilDate), to: v.optional(civilDate) });
const accountingQuery = v.object({
  format: v.picklist(ACCOUNTING_FORMATS, 'format is xero or quickbooks.'),
  from: v.optional(civilDate),
  to: v.optional(civilDate),
});
const customerFilters = jsonFilters(
  v.object({ search: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
);
const waitlistFilters = jsonFilters(
  v.object({
    activityGroup: v.optional(v.string()),
    status: v.optional(
      v.union([v.picklist(WAITLIST_STATUSES), v.array(v.picklist(WAITLIST_STATUSES))]),
    ),
  }),
);

/** The calling admin's client: its time zone dates the file and the accounting lines. */
async function clientOf(c: Context<AppEnv>) {
  const admin = requireAdmin(c);
  const client = await findClientById(c.get('db'), admin.clientId);
  if (!client) throw notFound();
  return { admin, client, day: todayIn(Date.now(), client.time_zone) };
}

/*
 * CSV downloads for the organiser (docs/rules/exports.md): admins only, their own client only,
 * each honouring the filters of the screen it exports.
 */
export const exportRoutes = new Hono<AppEnv>()
  .get('/bookings.csv', async (c) => {
    const { admin, day } = await clientOf(c);
    const query = parse(jsonFilters(bookingFiltersSchema), c.req.query());
    const rows = exportBookings(c.get('db'), admin.clientId, query.filters ?? {});
    return csvDownload(c, `bookings-${day}.csv`, bookingColumns, rows);
  })
  .get('/customers.csv', async (c) => {
    const { admin, day } = await clientOf(c);
    const query = parse(customerFilters, c.req.query());
    const rows = exportCustomers(c.get('db'), admin.clientId, query.filters ?? {});
    return csvDownload(c, `customers-${day}.csv`, customerColumns, rows);
  })
  .get('/payments.csv', async (c) => {
    const { admin, client, day } = await clientOf(c);
    const range = parse(rangeQuery, c.req.query());
    const rows = moneyLines(c.get('db'), admin.clientId, client.time_zone, range);
    return csvDownload(c, `payments-${day}.csv`, paymentColumns, rows);
  })
  .get('/waitlists.csv', async (c) => {
    const { admin, day } = await clientOf(c);
    const { filters = {} } = parse(waitlistFilters, c.req.query());
    const statuses = filters.status
      ? Array.isArray(filters.status)
        ? filters.status
        : [filters.status]
      : undefined;
    const rows = exportWaitlists(c.get('db'), admin.clientId, {
      activityGroup: filters.activityGroup,
      statuses,
    });
    return csvDownload(c, `waitlists-${day}.csv`, waitlistColumns, rows);
  })
  .get('/registers/:sessionId{[0-9a-z]+\\.csv}', async (c) => {
    const { admin } = await clientOf(c);
    const sessionId = c.req.param('sessionId').replace(/\.csv$/, '');
    const register = await loadRegister(c.get('db'), admin.clientId, sessionId, Date.now());
    const { session } = register;
    return csvDownload(
      c,
      `register-${session.date}-${session.startTime.replace(':', '')}.csv`,
      registerColumns(register),
      registerRows(register),
    );
  })
  .get('/accounting.csv', async (c) => {
    const { admin, client, day } = await clientOf(c);
    const query = parse(accountingQuery, c.req.query());
    const books = { timeZone: client.time_zone, dateFormat: client.date_format };
    const lines = moneyLines(c.get('db'), admin.clientId, client.time_zone, query);
    async function* moved() {
      for await (const batch of lines) yield batch.filter(movedMoney).flatMap(withFeeLine);
    }
    return csvDownload(
      c,
      `${query.format}-${day}.csv`,
      accountingColumns(query.format, books),
      moved(),
    );
  });
