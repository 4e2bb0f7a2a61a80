import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  deleteFundingAccount,
  listFundingAccounts,
  saveFundingAccount,
} from '../services/childcare.ts';

async function jsonBody(c: { req: { json: () => Promise<unknown> } }) {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body must be JSON.');
  }
}

/**
 * Childcare funding provider accounts (spec §2: 'Add a Provider account', 'Edit Provider
 * account', 'Remove Provider account'; §5 rules). The engine's schema checks each body against
 * the client's other accounts, so the answers carry the dialog's own messages.
 */
export const childcareFundingAccounts = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await listFundingAccounts(c.get('db'), admin.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const body = await jsonBody(c);
    return c.json({ data: await saveFundingAccount(c.get('db'), admin.clientId, null, body) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const body = await jsonBody(c);
    return c.json({
      data: await saveFundingAccount(c.get('db'), admin.clientId, c.req.param('id'), body),
    });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteFundingAccount(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
