import type { Db } from '../db/connection.ts';

/*
 * Addresses a mail server refused for good (docs/rules/messages.md), per organiser: written when
 * a send is refused at RCPT TO with a 5xx, read before each send, cleared by the organiser.
 */

export interface BounceDto {
  email: string;
  /** The mail server's answer. */
  reason: string;
  bouncedAt: string;
}

const normal = (email: string) => email.trim().toLowerCase();

/** Records (or refreshes) a refusal, inside the transaction that marks the message failed. */
export async function recordBounce(
  db: Db,
  { clientId, email, reason, at }: { clientId: string; email: string; reason: string; at: string },
) {
  await db
    .insertInto('mail_bounces')
    .values({ client_id: clientId, email: normal(email), reason, bounced_at: at })
    .onConflict((oc) => oc.columns(['client_id', 'email']).doUpdateSet({ reason, bounced_at: at }))
    .execute();
}

/** The refusal on record for an address, or null. */
export async function findBounce(db: Db, clientId: string, email: string) {
  const row = await db
    .selectFrom('mail_bounces')
    .select(['email', 'reason', 'bounced_at'])
    .where('client_id', '=', clientId)
    .where('email', '=', normal(email))
    .executeTakeFirst();
  return row ? { email: row.email, reason: row.reason, bouncedAt: row.bounced_at } : null;
}

/** The organiser's refused addresses, newest first; `email` narrows to one. */
export async function listBounces(db: Db, clientId: string, email?: string): Promise<BounceDto[]> {
  let query = db
    .selectFrom('mail_bounces')
    .select(['email', 'reason', 'bounced_at'])
    .where('client_id', '=', clientId);
  if (email) query = query.where('email', '=', normal(email));
  const rows = await query.orderBy('bounced_at', 'desc').limit(500).execute();
  return rows.map((r) => ({ email: r.email, reason: r.reason, bouncedAt: r.bounced_at }));
}

/** Clears an address's refusal; whether there was one. */
export async function clearBounce(db: Db, clientId: string, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_bounces')
    .where('client_id', '=', clientId)
    .where('email', '=', normal(email))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
