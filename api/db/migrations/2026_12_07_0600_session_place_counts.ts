import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Confirmed places per session and ticket, kept by the database as places change (issue 18:
 * cost flat with history). Counting them from booking_places on every listing, group page and
 * booking walked one index entry per place ever confirmed: 100,000 bookings made the listing
 * several times slower. A held place still comes from booking_places itself: holds are few, and
 * they stop counting when their time runs out, which no counter could follow.
 *
 * Triggers keep the count, not the code that writes places: every path that books, confirms,
 * cancels, releases, moves or deletes a place (there are several, and tests and seeds write rows
 * directly) changes it, and a count that drifted from its rows would sell a place twice.
 * - SQLite: one trigger per row. One writer at a time, so no two transactions meet on a counter.
 * - PostgreSQL: one trigger per statement, over its transition tables: every statement changes
 *   its counters in one upsert, in session order, so two statements that each change several
 *   counters take their row locks in the same order. And each first takes a share lock on its
 *   sessions' rows: a booking holds those FOR UPDATE while it counts and writes
 *   (api/services/bookings/locks.ts), so whoever else changes a place (an absence, a
 *   cancellation) waits for the booking before it takes the counter, never the other way round.
 *   Without it, an absence holding the counter and waiting for the session row, and a booking
 *   holding the session row and waiting for the counter, deadlocked (the make-ups race test).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_place_counts')
    .addColumn('activity_id', 'text', (c) =>
      c.notNull().references('activities.id').onDelete('cascade'),
    )
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id'))
    .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('session_place_counts_pk', ['activity_id', 'ticket_id'])
    .execute();
  await sql`
    insert into session_place_counts (activity_id, ticket_id, client_id, confirmed)
    select activity_id, ticket_id, client_id, count(*) from booking_places
    where status = 'confirmed' group by activity_id, ticket_id, client_id
  `.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>) {
  const add = (place: 'new' | 'old') =>
    sql.raw(`
    insert into session_place_counts (activity_id, ticket_id, client_id, confirmed)
    values (${place}.activity_id, ${place}.ticket_id, ${place}.client_id, 1)
    on conflict (activity_id, ticket_id) do update set confirmed = confirmed + 1;`);
  const take = (place: 'new' | 'old') =>
    sql.raw(`
    update session_place_counts set confirmed = confirmed - 1
    where activity_id = ${place}.activity_id and ticket_id = ${place}.ticket_id;`);
  await sql`
    create trigger booking_places_count_insert after insert on booking_places
    when new.status = 'confirmed' begin ${add('new')} end
  `.execute(db);
  await sql`
    create trigger booking_places_count_delete after delete on booking_places
    when old.status = 'confirmed' begin ${take('old')} end
  `.execute(db);
  // A place that stops or starts taking a place, or moves to another session or ticket.
  const moved =
    'old.activity_id is not new.activity_id or old.ticket_id is not new.ticket_id' +
    " or (old.status = 'confirmed') is not (new.status = 'confirmed')";
  await sql`
    create trigger booking_places_count_leave after update on booking_places
    when old.status = 'confirmed' and (${sql.raw(moved)}) begin ${take('old')} end
  `.execute(db);
  await sql`
    create trigger booking_places_count_join after update on booking_places
    when new.status = 'confirmed' and (${sql.raw(moved)}) begin ${add('new')} end
  `.execute(db);
}

async function postgresTriggers(db: Kysely<any>) {
  // A statement's transition tables (its places before and after) exist only for the events
  // that have them, so each event has its own function over the ones it has.
  const joined =
    "select activity_id, ticket_id, client_id, 1 as delta from new_places where status = 'confirmed'";
  const left =
    "select activity_id, ticket_id, client_id, -1 as delta from old_places where status = 'confirmed'";
  const events = {
    insert: { changed: joined, tables: 'new table as new_places' },
    delete: { changed: left, tables: 'old table as old_places' },
    update: {
      changed: `${joined} union all ${left}`,
      tables: 'old table as old_places new table as new_places',
    },
  };
  for (const [event, { changed, tables }] of Object.entries(events)) {
    await sql
      .raw(`
        create function booking_places_count_on_${event}() returns trigger language plpgsql as $$
        begin
          perform 1 from activities a
          where a.id in (select activity_id from (${changed}) changed)
          order by a.id for key share of a;
          insert into session_place_counts as c (activity_id, ticket_id, client_id, confirmed)
          select activity_id, ticket_id, min(client_id), sum(delta) from (${changed}) changed
          group by activity_id, ticket_id
          having sum(delta) <> 0
          order by activity_id, ticket_id
          on conflict (activity_id, ticket_id)
            do update set confirmed = c.confirmed + excluded.confirmed;
          return null;
        end $$`)
      .execute(db);
    await sql
      .raw(`
        create trigger booking_places_count_${event} after ${event} on booking_places
        referencing ${tables}
        for each statement execute function booking_places_count_on_${event}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(`drop trigger if exists booking_places_count_${event} on booking_places`)
        .execute(db);
    await sql`drop function if exists booking_places_count_on_insert()`.execute(db);
    await sql`drop function if exists booking_places_count_on_update()`.execute(db);
    await sql`drop function if exists booking_places_count_on_delete()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'leave', 'join'])
      await sql.raw(`drop trigger if exists booking_places_count_${name}`).execute(db);
  }
  await db.schema.dropTable('session_place_counts').ifExists().execute();
}
