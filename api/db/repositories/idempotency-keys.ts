import type { Db } from '../connection.ts';

/**
 * Records the fingerprint a key is first sent with, or compares with the one recorded: 'new' the
 * first time, 'retry' for the same request again, 'mismatch' for a different request under the
 * same key. One insert decides, so two first sends racing cannot both be 'new'.
 */
export async function claimIdempotencyKey(
  db: Db,
  row: { client_id: string; user_id: string; key: string; fingerprint: string; created_at: string },
): Promise<'new' | 'retry' | 'mismatch'> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['client_id', 'user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return 'new';
  const first = await db
    .selectFrom('idempotency_keys')
    .select('fingerprint')
    .where('client_id', '=', row.client_id)
    .where('user_id', '=', row.user_id)
    .where('key', '=', row.key)
    .executeTakeFirst();
  return first?.fingerprint === row.fingerprint ? 'retry' : 'mismatch';
}

/** Keys older than `before` that never made a booking: nothing is left to replay. */
export async function pruneUnusedIdempotencyKeys(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bookings')
            .select('bookings.id')
            .whereRef('bookings.client_id', '=', 'idempotency_keys.client_id')
            .whereRef('bookings.user_id', '=', 'idempotency_keys.user_id')
            .whereRef('bookings.idempotency_key', '=', 'idempotency_keys.key'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
