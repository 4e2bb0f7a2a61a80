import { Hono } from 'hono';
import { makeUpRuleSchema, reportAbsenceSchema, spendMakeUpSchema } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readBody } from '../http/validate.ts';
import { requireAdmin, requireCustomer } from '../middleware/auth.ts';
import { recordAudit } from '../services/audit.ts';
import {
  absenceQuote,
  bookMakeUp,
  listMyMakeUps,
  loadMakeUpRule,
  makeUpSessions,
  reportAbsence,
  saveMakeUpRule,
} from '../services/make-ups.ts';

/*
 * Absences and make-up credits (docs/rules/make-ups.md): the organiser's rule (admin), and a
 * parent's absences, credits and make-up bookings (customer, their own only).
 */
export const makeUps = new Hono<AppEnv>()
  .get('/rule', async (c) => {
    const caller = requireAdmin(c);
    return c.json({ data: await loadMakeUpRule(c.get('db'), caller.clientId) });
  })
  .put('/rule', async (c) => {
    const caller = requireAdmin(c);
    const body = await readBody(c, makeUpRuleSchema);
    const db = c.get('db');
    const rule = await db.transaction().execute(async (trx) => {
      const saved = await saveMakeUpRule(trx, caller.clientId, body, Date.now());
      await recordAudit(trx, caller, {
        action: 'settings.makeUps',
        subjectType: 'settings',
        subjectId: caller.clientId,
        summary: saved.enabled
          ? `Make-ups on: ${saved.perTerm} per term, ${saved.noticeHours} h notice, ${saved.expiryDays} days to use`
          : 'Make-ups off',
        detail: { ...saved },
      });
      return saved;
    });
    return c.json({ data: rule });
  })
  .get('/', async (c) => {
    const caller = requireCustomer(c);
    return c.json({ data: await listMyMakeUps(c.get('db'), caller, Date.now()) });
  })
  .post('/absence-quote', async (c) => {
    const caller = requireCustomer(c);
    const body = await readBody(c, reportAbsenceSchema);
    return c.json({ data: await absenceQuote(c.get('db'), caller, body.place, Date.now()) });
  })
  .post('/absences', async (c) => {
    const caller = requireCustomer(c);
    const body = await readBody(c, reportAbsenceSchema);
    const handle = { db: c.get('db'), dialect: c.get('dialect') };
    const absence = await reportAbsence(handle, caller, body.place, Date.now());
    return c.json({ data: absence }, 201);
  })
  .get('/credits/:id/sessions', async (c) => {
    const caller = requireCustomer(c);
    const data = await makeUpSessions(c.get('db'), caller, c.req.param('id'), Date.now());
    return c.json({ data });
  })
  .post('/bookings', async (c) => {
    const caller = requireCustomer(c);
    const body = await readBody(c, spendMakeUpSchema);
    const handle = { db: c.get('db'), dialect: c.get('dialect') };
    const booked = await bookMakeUp(handle, caller, body, Date.now());
    return c.json({ data: booked }, 201);
  });
