import { Hono } from 'hono';
import { childcareVoucherProviderSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  createChildcareVoucherProvider,
  deleteVoucherProvider,
  listVoucherProviders,
  loadVoucherProvider,
  updateVoucherProvider,
} from '../services/childcare.ts';

/**
 * Childcare voucher providers (docs/rules/screens.md dialog, docs/rules/forms-and-messages.md):
 * admin-only CRUD. Enable and disable is a PUT with `enabled`; delete is refused once a payment
 * used the provider.
 */
export const childcareVoucherProviders = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listVoucherProviders(c.get('db'), admin.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, childcareVoucherProviderSchema);
    const id = await createChildcareVoucherProvider(c.get('db'), admin.clientId, input);
    return c.json({ data: await loadVoucherProvider(c.get('db'), admin.clientId, id) }, 201);
  })
  .get('/:id', async (c) => {
    const admin = requireAdmin(c);
    return c.json({
      data: await loadVoucherProvider(c.get('db'), admin.clientId, c.req.param('id')),
    });
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, childcareVoucherProviderSchema);
    await updateVoucherProvider(c.get('db'), admin.clientId, c.req.param('id'), input);
    return c.json({
      data: await loadVoucherProvider(c.get('db'), admin.clientId, c.req.param('id')),
    });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteVoucherProvider(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
