import SQLite from 'better-sqlite3';
import * as v from 'valibot';
import type { Db } from '../api/db/connection.ts';
import { newId } from '../api/db/ids.ts';
import { saveActivityGroup } from '../api/services/activity-group-write.ts';
import { createActivityGroupSchema, PLAN_LEVELS } from '../engine/index.ts';

/*
 * A catalogue and a booking history of a chosen size, for the scale rows of `npm run bench`
 * (listing cost by number of groups, and by number of existing bookings). Groups go through the
 * product's own write service; the history is written straight into the SQLite file in one
 * transaction (100,000 bookings through HTTP would time the seeding, not the reads).
 */
export const SESSIONS_PER_GROUP = 10;

/** Session i of group g: ten months of 2031, each group on its own day of the month. */
const sessionDate = (g: number, i: number) =>
  `2031-${String((i % 12) + 1).padStart(2, '0')}-${String((g % 28) + 1).padStart(2, '0')}`;

type Row = Record<string, unknown>;

/**
 * `count` copies of a saved group (its row, sessions and tickets as the write service wrote
 * them), each with new ids, the next name and its own session days; one transaction.
 */
function copyGroup(file: string, clientId: string, templateId: string, count: number): string[] {
  const raw = new SQLite(file);
  raw.pragma('busy_timeout = 10000');
  const statements = new Map<string, SQLite.Statement>();
  const insert = (table: string, row: Row) => {
    const columns = Object.keys(row);
    let statement = statements.get(table);
    if (!statement) {
      statement = raw.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
      );
      statements.set(table, statement);
    }
    statement.run(row);
  };
  const of = (table: string, column: string) =>
    raw
      .prepare(`select * from ${table} where client_id = ? and ${column} = ? order by id`)
      .all(clientId, templateId) as Row[];
  const [group] = of('activity_groups', 'id');
  const sessions = of('activities', 'activity_group_id').sort((a, b) =>
    String(a.date).localeCompare(String(b.date)),
  );
  const tickets = of('tickets', 'activity_group_id');
  const ids: string[] = [];
  const start = Date.parse(String(group!.created_at));
  raw.transaction(() => {
    for (let g = 1; g <= count; g++) {
      const id = newId();
      const created = new Date(start + g).toISOString();
      insert('activity_groups', {
        ...group,
        id,
        name: `Scale group ${g + 1}`,
        created_at: created,
        updated_at: created,
      });
      const sessionIds = new Map<string, string>();
      sessions.forEach((session, i) => {
        const sessionId = newId();
        sessionIds.set(String(session.id), sessionId);
        insert('activities', {
          ...session,
          id: sessionId,
          activity_group_id: id,
          date: sessionDate(g, i),
        });
      });
      for (const ticket of tickets) {
        let uses = String(ticket.sessions_can_be_used_for ?? '[]');
        for (const [from, to] of sessionIds) uses = uses.replaceAll(from, to);
        insert('tickets', {
          ...ticket,
          id: newId(),
          activity_group_id: id,
          sessions_can_be_used_for: uses,
        });
      }
      ids.push(id);
    }
  })();
  raw.close();
  return ids;
}

export async function seedScale(
  db: Db,
  file: string,
  clientId: string,
  { groups, bookings }: { groups: number; bookings: number },
): Promise<{ groupIds: string[]; sessionIds: string[]; ticketIds: string[] }> {
  const schema = createActivityGroupSchema({ planLevel: PLAN_LEVELS.Premium, fields: [] });
  const groupIds: string[] = [];
  const input = (g: number) =>
    v.parse(schema, {
      name: `Scale group ${g + 1}`,
      enabled: true,
      activities: Array.from({ length: SESSIONS_PER_GROUP }, (_, i) => ({
        _id: `temp_${i}`,
        date: sessionDate(g, i),
        startTime: '09:00',
        endTime: '15:00',
        placeLimit: 100_000,
      })),
      tickets: [{ _id: 'temp_day', type: 'single', name: 'Day', price: '20' }],
      addOns: [],
    });
  // The first group goes through the write service; the others are its rows copied with their
  // own ids, names and dates in one transaction (a thousand durable saves one by one took more
  // than five minutes on the loaded 2-core machine, most of it fsync).
  if (groups > 0) groupIds.push(await saveActivityGroup(db, clientId, null, input(0)));
  if (groups > 1) groupIds.push(...copyGroup(file, clientId, groupIds[0]!, groups - 1));
  const sessions = await db
    .selectFrom('activities')
    .select(['id', 'activity_group_id'])
    .where('client_id', '=', clientId)
    .where('activity_group_id', 'in', groupIds.length ? groupIds : [''])
    .execute();
  const tickets = await db
    .selectFrom('tickets')
    .select(['id', 'activity_group_id'])
    .where('client_id', '=', clientId)
    .where('activity_group_id', 'in', groupIds.length ? groupIds : [''])
    .execute();
  if (bookings > 0 && sessions.length > 0) {
    const ticketOf = new Map(tickets.map((t) => [t.activity_group_id, t.id]));
    const raw = new SQLite(file);
    raw.pragma('busy_timeout = 10000');
    const now = new Date().toISOString();
    const user = raw.prepare(
      "insert into users (id, client_id, created_at, updated_at, role, email, full_name, password_hash) values (?, ?, ?, ?, 'customer', ?, 'Scale parent', 'x')",
    );
    const attendee = raw.prepare(
      'insert into attendees (id, client_id, created_at, updated_at, user_id) values (?, ?, ?, ?, ?)',
    );
    const booking = raw.prepare(
      "insert into bookings (id, client_id, created_at, updated_at, user_id, status, payment_method, currency, subtotal, total, amount_due_now) values (?, ?, ?, ?, ?, 'confirmed', 'payLater', 'GBP', 2000, 2000, 0)",
    );
    const item = raw.prepare(
      "insert into booking_items (id, client_id, created_at, updated_at, booking_id, activity_group_id, ticket_id, attendee_id, price, status) values (?, ?, ?, ?, ?, ?, ?, ?, 2000, 'confirmed')",
    );
    const place = raw.prepare(
      "insert into booking_places (id, client_id, created_at, updated_at, booking_id, booking_item_id, activity_id, ticket_id, attendee_id, status) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed')",
    );
    raw.transaction(() => {
      const families: { userId: string; attendeeId: string }[] = [];
      for (let f = 0; f < 200; f++) {
        const userId = newId();
        const attendeeId = newId();
        user.run(userId, clientId, now, now, `scale-${f}-${userId}@bench.test`);
        attendee.run(attendeeId, clientId, now, now, userId);
        families.push({ userId, attendeeId });
      }
      for (let b = 0; b < bookings; b++) {
        const family = families[b % families.length]!;
        const session = sessions[b % sessions.length]!;
        const ticketId = ticketOf.get(session.activity_group_id)!;
        const bookingId = newId();
        const itemId = newId();
        booking.run(bookingId, clientId, now, now, family.userId);
        item.run(
          itemId,
          clientId,
          now,
          now,
          bookingId,
          session.activity_group_id,
          ticketId,
          family.attendeeId,
        );
        place.run(
          newId(),
          clientId,
          now,
          now,
          bookingId,
          itemId,
          session.id,
          ticketId,
          family.attendeeId,
        );
      }
    })();
    raw.close();
  }
  return {
    groupIds,
    sessionIds: sessions.map((s) => s.id),
    ticketIds: tickets.map((t) => t.id),
  };
}
