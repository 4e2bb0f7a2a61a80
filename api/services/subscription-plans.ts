import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { nowIso } from '../db/time.ts';

/** A monthly plan (spec: subscriptions are collected on the 1st of each month). */
export async function createSubscriptionPlan(
  db: Db,
  clientId: string,
  input: { name: string; amount: number },
): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db
    .insertInto('subscription_plans')
    .values({
      id,
      client_id: clientId,
      name: input.name,
      amount: input.amount,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
