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

export async function seedScale(
  db: Db,
  file: string,
  clientId: string,
  { groups, bookings }: { groups: number; bookings: number },
): Promise<{ groupIds: string[]; sessionIds: string[]; ticketIds: string[] }> {
  const schema = createActivityGroupSchema({ planLevel: PLAN_LEVELS.Premium, fields: [] });
  const groupIds: string[] = [];
  for (let g = 0; g < groups; g++) {
    groupIds.push(
      await saveActivityGroup(
        db,
        clientId,
        null,
        v.parse(schema, {
          name: `Scale group ${g + 1}`,
          enabled: true,
          activities: Array.from({ length: SESSIONS_PER_GROUP }, (_, i) => ({
            _id: `temp_${i}`,
            date: `2031-${String((i % 12) + 1).padStart(2, '0')}-${String((g % 28) + 1).padStart(2, '0')}`,
            startTime: '09:00',
            endTime: '15:00',
            placeLimit: 100_000,
          })),
          tickets: [{ _id: 'temp_day', type: 'single', name: 'Day', price: '20' }],
          addOns: [],
        }),
      ),
    );
  }
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
