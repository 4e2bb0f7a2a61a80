import type { Kysely } from 'kysely';

/*
 * Reads every quote, booking or booking page makes, which went through all of an organiser's
 * history because their index matched the organiser only (issue 18: cost flat with history):
 * - a family's booked children, for the family discount on every quote and booking: by attendee;
 * - a customer's code redemptions, for a code's per-customer limit: by user, counted per rule;
 * - a booking's messages, newest first: by booking in that order (the planner otherwise walks
 *   every message of the organiser newest first to honour ORDER BY … LIMIT).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const index = (name: string, table: string, columns: string[]) =>
    db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await index('booking_items_attendee', 'booking_items', ['client_id', 'attendee_id']);
  await index('discount_redemptions_user', 'discount_redemptions', [
    'client_id',
    'user_id',
    'discount_rule_id',
  ]);
  await index('messages_booking_created', 'messages', [
    'client_id',
    'booking_id',
    'created_at',
    'id',
  ]);
  await db.schema.dropIndex('messages_booking').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('messages_booking')
    .ifNotExists()
    .on('messages')
    .columns(['client_id', 'booking_id'])
    .execute();
  for (const name of [
    'booking_items_attendee',
    'discount_redemptions_user',
    'messages_booking_created',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
