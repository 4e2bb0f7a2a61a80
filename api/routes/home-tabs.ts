import { type Context, Hono } from 'hono';
import { createHomeTabSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import { parse, readJson } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requestClientId } from '../middleware/client-scope.ts';
import { deleteHomeTab, listHomeTabs, saveHomeTab } from '../services/home-tabs.ts';

/**
 * Paths are unique per client, so the form's schema knows the other tabs' paths. "Other" is
 * decided by the URL's id alone: the body's `_id` is dropped, so a body naming an existing tab
 * cannot skip the check and meet the unique index instead.
 */
async function readTab(c: Context<AppEnv>, clientId: string, tabId: string | null) {
  const otherTabs = (await listHomeTabs(c.get('db'), clientId, { enabledOnly: false }))
    .filter((t) => t._id !== tabId)
    .map(({ path }) => ({ path }));
  const body = await readJson(c);
  const withoutId = body && typeof body === 'object' ? { ...body, _id: undefined } : body;
  return parse(createHomeTabSchema({ otherTabs }), withoutId);
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
    const tab = await readTab(c, admin.clientId, null);
    const id = await saveHomeTab(c.get('db'), admin.clientId, null, tab);
    return c.json({ data: await loadTab(c.get('db'), admin.clientId, id) }, 201);
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const tab = await readTab(c, admin.clientId, c.req.param('id'));
    await saveHomeTab(c.get('db'), admin.clientId, c.req.param('id'), tab);
    return c.json({ data: await loadTab(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteHomeTab(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
