import { Hono } from 'hono';
import { createHomeTabSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { deleteHomeTab, listHomeTabs, saveHomeTab } from '../services/home-tabs.ts';

/** Paths are unique per client, so the form's schema knows the other tabs' paths. */
async function tabSchema(db: Db, clientId: string) {
  const otherTabs = await listHomeTabs(db, clientId, { enabledOnly: false });
  return createHomeTabSchema({ otherTabs });
}

async function loadTab(db: Db, clientId: string, id: string) {
  const tab = (await listHomeTabs(db, clientId, { enabledOnly: false })).find((t) => t._id === id);
  if (!tab) throw notFound();
  return tab;
}

/*
 * Home-page tabs: organisers group their listing by venue or by an activity field's options; the
 * widget shows each at /listing/{path}. Anyone may read a client's enabled tabs; admins manage them.
 */
export const homeTabs = new Hono<AppEnv>()
  .get('/', async (c) => {
    const isAdmin = c.get('caller')?.role === 'admin';
    const clientId = await requestClientId(c);
    return c.json({ data: await listHomeTabs(c.get('db'), clientId, { enabledOnly: !isAdmin }) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const tab = await readBody(c, await tabSchema(c.get('db'), admin.clientId));
    const id = await saveHomeTab(c.get('db'), admin.clientId, null, tab);
    return c.json({ data: await loadTab(c.get('db'), admin.clientId, id) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const tab = await readBody(c, await tabSchema(c.get('db'), admin.clientId));
    await saveHomeTab(c.get('db'), admin.clientId, c.req.param('id'), tab);
    return c.json({ data: await loadTab(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteHomeTab(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
