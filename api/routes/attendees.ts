import { Hono } from 'hono';
import * as v from 'valibot';
import { adminAttendeeAnswersSchema, messages } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { listAttendees, loadAttendee, saveAttendee } from '../services/attendees.ts';
import { audited } from '../services/audit.ts';

/**
 * The organiser's view of attendees (docs/api/calls.md `/api/attendees`), admin-only answers
 * included.
 */
export const attendees = new Hono<AppEnv>()
  .get('/', async (c) => {
    const caller = requireAdmin(c);
    const { userId } = parse(v.object({ userId: v.optional(v.string()) }), c.req.query());
    const data = await listAttendees(c.get('db'), caller.clientId, { userId, admin: true });
    return c.json({ data });
  })
  .get('/:id', async (c) => {
    const caller = requireAdmin(c);
    const data = await loadAttendee(c.get('db'), caller.clientId, c.req.param('id'), {
      admin: true,
    });
    return c.json({ data });
  })
  .post('/', async (c) => {
    const caller = requireAdmin(c);
    const { userId, fieldData } = await readBody(c, adminAttendeeAnswersSchema);
    if (!userId) throw new HttpError(400, messages.noUserSet, { userId: messages.noUserSet });
    const db = c.get('db');
    const id = await audited(
      db,
      caller,
      (trx) => saveAttendee(trx, caller.clientId, { userId, fieldData, admin: true }),
      () => ({
        action: 'customer.edited',
        subjectType: 'customer',
        subjectId: userId,
        summary: 'Added an attendee',
      }),
    );
    return c.json({ data: await loadAttendee(db, caller.clientId, id, { admin: true }) }, 201);
  })
  .put('/:id', async (c) => {
    const caller = requireAdmin(c);
    const { fieldData } = await readBody(c, adminAttendeeAnswersSchema);
    const db = c.get('db');
    const current = await loadAttendee(db, caller.clientId, c.req.param('id'), { admin: true });
    await audited(
      db,
      caller,
      (trx) =>
        saveAttendee(trx, caller.clientId, {
          userId: current.user,
          attendeeId: current._id,
          fieldData,
          admin: true,
        }),
      () => ({
        action: 'customer.edited',
        subjectType: 'customer',
        subjectId: current.user,
        summary: 'Edited an attendee’s details',
        detail: { attendeeId: current._id },
      }),
    );
    return c.json({ data: await loadAttendee(db, caller.clientId, current._id, { admin: true }) });
  });
