import { Hono } from 'hono';
import * as v from 'valibot';
import { isDate, markSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { parse, readBody } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { recordMark } from '../services/register-marks.ts';
import { listDayRegisters, loadMarkHistory, loadRegister } from '../services/registers.ts';

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
 * register, its audit trail, and marking a child. Admins only, always within their own client.
 */
export const registers = new Hono<AppEnv>()
  .get('/', async (c) => {
    const admin = requireAdmin(c);
    const { date } = parse(dayQuery, c.req.query());
    return c.json({
      data: await listDayRegisters(c.get('db'), admin.clientId, date ?? null, Date.now()),
    });
  })
  .get('/:sessionId', async (c) => {
    const admin = requireAdmin(c);
    return c.json({
      data: await loadRegister(c.get('db'), admin.clientId, c.req.param('sessionId'), Date.now()),
    });
  })
  .get('/:sessionId/marks', async (c) => {
    const admin = requireAdmin(c);
    return c.json({
      data: await loadMarkHistory(c.get('db'), admin.clientId, c.req.param('sessionId')),
    });
  })
  .post('/:sessionId/marks', async (c) => {
    const admin = requireAdmin(c);
    const input = await readBody(c, markSchema);
    const result = await recordMark(
      c.get('db'),
      admin,
      c.req.param('sessionId'),
      input,
      Date.now(),
    );
    // A replayed mark answers 200 with the row already recorded; a new one 201.
    return c.json({ data: result }, result.created ? 201 : 200);
  });
