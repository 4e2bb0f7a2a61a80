import { Hono } from 'hono';
import * as v from 'valibot';
import { customFieldSchema, FIELD_USAGES } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { deleteField, saveField } from '../services/field-write.ts';
import { listFields, loadFieldUsage, loadOptionUsage } from '../services/fields.ts';

const fieldsQuery = v.object({
  usage: v.picklist(FIELD_USAGES, 'Unknown field usage.'),
  includeDisabled: v.optional(v.picklist(['true', 'false'])),
  includeAdminOnly: v.optional(v.picklist(['true', 'false'])),
});

/** A saved field in the list's shape (admins see every field and option). */
async function loadField(
  db: AppEnv['Variables']['db'],
  clientId: string,
  id: string,
  usage: string,
) {
  const all = await listFields(db, clientId, {
    usage,
    includeDisabled: true,
    includeAdminOnly: true,
  });
  const field = all.find((f) => f._id === id);
  if (!field) throw notFound();
  return field;
}

export const fields = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parse(fieldsQuery, c.req.query());
    const isAdmin = c.get('caller')?.role === 'admin';
    const clientId = await requestClientId(c);
    // Admin-only fields never leave the server for a customer, whatever the query says.
    const data = await listFields(c.get('db'), clientId, {
      usage: query.usage,
      includeDisabled: isAdmin && query.includeDisabled === 'true',
      includeAdminOnly: isAdmin && query.includeAdminOnly === 'true',
    });
    return c.json({ data });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const field = await readBody(c, customFieldSchema);
    const id = await saveField(c.get('db'), admin.clientId, null, field);
    return c.json({ data: await loadField(c.get('db'), admin.clientId, id, field.usage) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const field = await readBody(c, customFieldSchema);
    const id = await saveField(c.get('db'), admin.clientId, c.req.param('id'), field);
    return c.json({ data: await loadField(c.get('db'), admin.clientId, id, field.usage) });
  })
  .get('/:id/usage', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await loadFieldUsage(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .get('/:id/option-usage', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await loadOptionUsage(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteField(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
