import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { readJson } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { recordAudit, settingsEntries } from '../services/audit.ts';
import { loadClientSettings, saveClientSettings } from '../services/client-settings.ts';
import { clientLogo } from './client-logo.ts';

export const client = new Hono<AppEnv>()
  // PUT /api/client/logo: the organiser's logo (routes/client-logo.ts).
  .route('/logo', clientLogo)
  /** GET /api/client (docs/api/calls.md): the caller's client, or the one the widget names. */
  .get('/', async (c) => {
    const clientId = await requestClientId(c);
    return c.json({ data: await loadClientSettings(c.get('db'), clientId) });
  })
  /** The organisation settings form; the plan is not the organiser's to set here. */
  .put('/', async (c) => {
    const caller = requireAdmin(c);
    const body = await readJson(c);
    // The save and its audit entries (which settings changed) commit together.
    const data = await c
      .get('db')
      .transaction()
      .execute(async (trx) => {
        const before = await loadClientSettings(trx, caller.clientId);
        const after = await saveClientSettings(trx, caller.clientId, body);
        for (const entry of settingsEntries(caller.clientId, { ...before }, { ...after }))
          await recordAudit(trx, caller, entry);
        return after;
      });
    return c.json({ data });
  });
