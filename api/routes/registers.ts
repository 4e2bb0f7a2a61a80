import { Hono } from 'hono';
import * as v from 'valibot';
import { isDate, markSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireRegisterStaff } from '../middleware/coach-scope.ts';
import { recordMark } from '../services/register-marks.ts';
import {
  coachView,
  listDayRegisters,
  loadMarkHistory,
  loadRegister,
} from '../services/registers.ts';

const dayQuery = v.object({
  date: v.optional(
    v.pipe(
      v.string(),
      v.check((d) => isDate(d), 'Not a valid date'), // (ours)
    ),
  ),
});

/*
 * Registers (issue 17, docs/api/registers.md): a day's sessions with their counts, one session's
 * register, its audit trail, and marking a child. Admins, and coaches for the activities assigned
 * to them (api/middleware/coach-scope.ts), always within their own client.
 */
export const registers = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { caller, coachId } = requireRegisterStaff(c);
    const { date } = parse(dayQuery, c.req.query());
    return c.json({
      data: await listDayRegisters(c.get('db'), caller.clientId, date ?? null, Date.now(), coachId),
    });
  })
  .get('/:sessionId', async (c) => {
    const { caller, coachId } = requireRegisterStaff(c);
    const register = await loadRegister(
      c.get('db'),
      caller.clientId,
      c.req.param('sessionId'),
      Date.now(),
      coachId,
    );
    // Coaches see no money.
    return c.json({ data: coachId ? coachView(register) : register });
  })
  .get('/:sessionId/marks', async (c) => {
    const { caller, coachId } = requireRegisterStaff(c);
    return c.json({
      data: await loadMarkHistory(c.get('db'), caller.clientId, c.req.param('sessionId'), coachId),
    });
  })
  .post('/:sessionId/marks', async (c) => {
    const { caller } = requireRegisterStaff(c);
    const input = await readBody(c, markSchema);
    const result = await recordMark(
      c.get('db'),
      caller,
      c.req.param('sessionId'),
      input,
      Date.now(),
    );
    // A replayed mark answers 200 with the row already recorded; a new one 201.
    return c.json({ data: result }, result.created ? 201 : 200);
  });
