import { Hono } from 'hono';
import type { PaymentScheduleData } from '../../engine/index.ts';
import type { AppEnv } from '../context.ts';
import { readJson } from '../db/json.ts';
import { fromFlag } from '../db/time.ts';
import { requireAdmin } from '../middleware/auth.ts';

/**
 * An activity group's payment schedule (docs/data-model.md), for the dashboard's payment schedule
 * dialog (docs/rules/screens.md: Date, Amount, Close) on the wizard's tickets step. `data` is null
 * when the group has none; another client's group id is simply not found (null), never someone
 * else's schedule.
 *
 * @example GET /api/payment-schedules?activityGroup={id} → { data: { type: 'fixed', schedule: [...] } | null }
 */
export const paymentSchedules = new Hono<AppEnv>().get('/', async (c) => {
  const admin = requireAdmin(c);
  const groupId = c.req.query('activityGroup') ?? '';
  const row = await c
    .get('db')
    .selectFrom('payment_schedules')
    .selectAll()
    .where('client_id', '=', admin.clientId)
    .where('activity_group_id', '=', groupId)
    .where('ticket_id', 'is', null)
    .executeTakeFirst();
  const data: PaymentScheduleData | null = row
    ? {
        _id: row.id,
        type: row.type,
        frequency: 'monthly',
        amount: row.amount,
        firstPaymentDate: row.first_payment_date,
        finalPaymentDate: row.final_payment_date,
        schedule: readJson<{ _id?: string; date: string; amount: number }[]>(row.schedule, []),
        disableAfterFirstPaymentDate: fromFlag(row.disable_after_first_payment_date),
        enabled: fromFlag(row.enabled),
      }
    : null;
  return c.json({ data });
});
