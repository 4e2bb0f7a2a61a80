import { Hono } from 'hono';
import { createVenueSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { findClientById } from '../db/repositories/clients.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import {
  createVenue,
  deleteVenue,
  listVenueDtos,
  loadVenue,
  updateVenue,
} from '../services/venues.ts';

/** The venue form's rules depend on the client's country (US ZIP, AU postcode, state lists). */
async function venueSchema(c: { get: (key: 'db') => AppEnv['Variables']['db'] }, clientId: string) {
  const client = await findClientById(c.get('db'), clientId);
  return createVenueSchema(client?.country ?? 'GB');
}

export const venues = new Hono<AppEnv>()
  .get('/', async (c) => {
    const caller = requireUser(c);
    return c.json({ data: await listVenueDtos(c.get('db'), caller.clientId) });
  })
  .post('/', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, await venueSchema(c, admin.clientId));
    const id = await createVenue(c.get('db'), admin.clientId, input);
    return c.json({ data: await loadVenue(c.get('db'), admin.clientId, id) }, 201);
  })
  .get('/:id', async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await loadVenue(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .put('/:id', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, await venueSchema(c, admin.clientId));
    await updateVenue(c.get('db'), admin.clientId, c.req.param('id'), input);
    return c.json({ data: await loadVenue(c.get('db'), admin.clientId, c.req.param('id')) });
  })
  .delete('/:id', async (c) => {
    const admin = requireAdmin(c);
    await deleteVenue(c.get('db'), admin.clientId, c.req.param('id'));
    return c.json({ data: { success: true } });
  });
