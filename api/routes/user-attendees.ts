import { Hono } from 'hono';
import { attendeeAnswersSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { requireCustomer } from '../middleware/auth.ts';
import { listAttendees, loadAttendee, saveAttendee } from '../services/attendees.ts';

/**
 * A parent's own attendees (docs/api/calls.md `/api/user/attendees`). The user is always the
 * caller: an id in the path that is not theirs answers 404, never someone else's child.
 */
export const userAttendees = new Hono<AppEnv>()
  .get('/', async (c) => {
    const caller = requireCustomer(c);
    const data = await listAttendees(c.get('db'), caller.clientId, {
      userId: caller.userId,
      admin: false,
    });
    return c.json({ data });
  })
  .post('/', async (c) => {
    const caller = requireCustomer(c);
    const { fieldData } = await readBody(c, attendeeAnswersSchema);
    const db = c.get('db');
    const id = await saveAttendee(db, caller.clientId, {
      userId: caller.userId,
      fieldData,
      admin: false,
    });
    const data = await loadAttendee(db, caller.clientId, id, { admin: false });
    return c.json({ data }, 201);
  })
  .put('/:id', async (c) => {
    const caller = requireCustomer(c);
    const { fieldData } = await readBody(c, attendeeAnswersSchema);
    const db = c.get('db');
    const id = await saveAttendee(db, caller.clientId, {
      userId: caller.userId,
      attendeeId: c.req.param('id'),
      fieldData,
      admin: false,
    });
    return c.json({ data: await loadAttendee(db, caller.clientId, id, { admin: false }) });
  });
