import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readJson } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  deleteFundingAccount,
  listFundingAccounts,
  saveFundingAccount,
} from '../services/childcare.ts';

/**
 * Childcare funding provider accounts (docs/rules/screens.md: 'Add a Provider account', 'Edit
 * Provider account', 'Remove Provider account'; docs/rules/forms-and-messages.md rules). The
 * engine's schema checks each body against the client's other accounts, so the answers carry the
 * dialog's own messages.
 */
export const childcareFundingAccounts = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listFundingAccounts(c.get('db'), admin.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const body = await readJson(c);
    return c.json({ data: await saveFundingAccount(c.get('db'), admin.clientId, null, body) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const body = await readJson(c);
    return c.json({
      data: await saveFundingAccount(c.get('db'), admin.clientId, c.req.param('id'), body),
    });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteFundingAccount(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
