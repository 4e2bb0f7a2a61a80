import type { Db } from '../db/connection.ts';
import { newId } from '../db/ids.ts';
import { nowIso, toFlag } from '../db/time.ts';

export async function createChildcareVoucherProvider(
  db: Db,
  clientId: string,
  input: { name: string; paymentInstructions: string; enabled?: boolean },
): Promise<string> {
  const now = nowIso();
  const id = newId();
  await db
    .insertInto('childcare_voucher_providers')
    .values({
      id,
      client_id: clientId,
      name: input.name,
      payment_instructions: input.paymentInstructions,
      enabled: toFlag(input.enabled ?? true),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
