import type { UnsubscribeCategory } from '../../engine/index.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Db } from '../db/connection.ts';

/** Where an unsubscribe link leads: the hosted page on our origin (api/routes/account-pages). */
export const UNSUBSCRIBE_PATH = '/account/unsubscribe';

/**
 * Makes one recipient's unsubscribe link for a category of an organiser's messages: a random
 * token of which only the hash is stored, so the database alone unsubscribes nobody, and a link
 * never names the recipient. The same URL takes the one-click POST (RFC 8058).
 *
 * @example const url = await createUnsubscribeLink(db, { clientId, userId, category: 'reminders', publicUrl, now });
 */
export async function createUnsubscribeLink(
  db: Db,
  input: {
    clientId: string;
    userId: string;
    category: UnsubscribeCategory;
    publicUrl: string;
    now: Date;
  },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('mail_unsubscribe_links')
    .values({
      token_hash: hashToken(token),
      client_id: input.clientId,
      user_id: input.userId,
      category: input.category,
      created_at: input.now.toISOString(),
    })
    .execute();
  const url = new URL(UNSUBSCRIBE_PATH, input.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The organiser and category a token unsubscribes from, or null for a token we never sent. */
export async function readUnsubscribeLink(db: Db, token: string) {
  if (!token || token.length > 200) return null;
  const link = await db
    .selectFrom('mail_unsubscribe_links as l')
    .innerJoin('clients as c', 'c.id', 'l.client_id')
    .select(['l.client_id', 'l.user_id', 'l.category', 'c.name as organiser'])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return link ? { ...link, category: link.category as UnsubscribeCategory } : null;
}

/**
 * Records that the link's recipient wants no more of its category from its organiser. Using a
 * link again, or two links at once, leaves one record.
 *
 * @example await unsubscribe(db, token, new Date()) // { organiser: 'Little Kickers', category: 'reminders' }
 */
export async function unsubscribe(db: Db, token: string, now: Date) {
  const link = await readUnsubscribeLink(db, token);
  if (!link) return null;
  await db
    .insertInto('mail_unsubscribes')
    .values({
      client_id: link.client_id,
      user_id: link.user_id,
      category: link.category,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['client_id', 'user_id', 'category']).doNothing())
    .execute();
  return link;
}

/** Whether a recipient has unsubscribed from a category of an organiser's messages. */
export async function isUnsubscribed(
  db: Db,
  clientId: string,
  userId: string,
  category: UnsubscribeCategory,
): Promise<boolean> {
  const row = await db
    .selectFrom('mail_unsubscribes')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .executeTakeFirst();
  return Boolean(row);
}
