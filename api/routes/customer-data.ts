import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { audited } from '../services/audit.ts';
import { eraseCustomer } from '../services/customer-data/erase.ts';
import {
  type CustomerExport,
  exportCustomer,
  exportLineColumns,
  exportLines,
} from '../services/customer-data/export.ts';
import { csvLines, UTF8_BOM } from '../services/exports/csv.ts';

/** Erasing cannot be undone, so the request says so in words, not only by its path. */
/** Also the API description's schema for this body (api/openapi/). */
export const eraseBody = v.object({
  confirm: v.literal(true, 'Confirm that this customer is to be erased.'),
});

const day = (data: CustomerExport) => data.exportedAt.slice(0, 10);

/*
 * A customer's data rights (docs/rules/data-rights.md): the organiser's admins export everything
 * held about one customer, as JSON (with file contents) or CSV, and erase them. Coaches never
 * reach these (middleware/coach-scope.ts); every query is scoped to the admin's own client.
 * Each export and erasure is written to the audit log in its own transaction.
 */
export const customerData = new Hono<AppEnv>()
  .get('/:id/export.json', async (c) => {
    const admin = requireAdmin(c);
    const id = c.req.param('id');
    const data = await audited(
      c.get('db'),
      admin,
      (trx) => exportCustomer(trx, admin.clientId, id),
      () => ({
        action: 'customer.exported',
        subjectType: 'customer',
        subjectId: id,
        summary: 'Exported the customer’s data (JSON)',
        detail: { format: 'json' },
      }),
    );
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="customer-${id}-${day(data)}.json"`,
      'Cache-Control': 'no-store',
    });
  })
  .get('/:id/export.csv', async (c) => {
    const admin = requireAdmin(c);
    const id = c.req.param('id');
    const data = await audited(
      c.get('db'),
      admin,
      (trx) => exportCustomer(trx, admin.clientId, id),
      () => ({
        action: 'customer.exported',
        subjectType: 'customer',
        subjectId: id,
        summary: 'Exported the customer’s data (CSV)',
        detail: { format: 'csv' },
      }),
    );
    return c.body(UTF8_BOM + csvLines(exportLines(data), exportLineColumns, true), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="customer-${id}-${day(data)}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/:id/erase', async (c) => {
    const admin = requireAdmin(c);
    await readBody(c, eraseBody);
    const erased = await eraseCustomer(c.get('db'), admin, c.req.param('id'), Date.now());
    return c.json({ data: erased });
  });
