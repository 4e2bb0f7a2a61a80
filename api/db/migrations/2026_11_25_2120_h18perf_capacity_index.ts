import type { Kysely } from 'kysely';

/*
 * Places are counted by the database, grouped by session, ticket, status and hold expiry
 * (loadCapacityRows, docs/architecture.md, Performance). With every one of those columns in the
 * index the count reads the index alone, never the table rows, so a session with a thousand
 * places costs a short index range instead of a thousand row look-ups. It replaces the narrower
 * booking_places_activity index, which is its prefix and so finds nothing this one cannot.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('booking_places_capacity')
    .ifNotExists()
    .on('booking_places')
    .columns(['client_id', 'activity_id', 'status', 'ticket_id', 'hold_expires_at'])
    .execute();
  await db.schema.dropIndex('booking_places_activity').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('booking_places_activity')
    .ifNotExists()
    .on('booking_places')
    .columns(['client_id', 'activity_id', 'status'])
    .execute();
  await db.schema.dropIndex('booking_places_capacity').ifExists().execute();
}
