import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { hashToken, newToken } from '../api/auth/tokens.ts';
import { newId } from '../api/db/ids.ts';
import { addDays } from '../api/db/time.ts';
import { readConfig, startServer } from '../api/server.ts';
import { saveActivityGroup } from '../api/services/activity-group-write.ts';
import { createActivityGroupSchema, PLAN_LEVELS } from '../engine/index.ts';
import { seedDemo } from '../scripts/seed.ts';
import { endWithBench } from './child-server.ts';

/*
 * A product server on a fresh seeded database for the bookings benchmark, in its own process:
 * SQLite, or the PostgreSQL database BENCH_DATABASE_URL names (created here, dropped by the
 * bench): a camp of SESSIONS days with PLACES places each, a one-day "burst" session with
 * BURST_PLACES places for the race of many parents for its last places, and CUSTOMERS
 * signed-in parents with a child
 * (written in one transaction; registering them through scrypt would time the hash, not
 * booking). Writes everything the load generator needs to a JSON file beside the database (a
 * few hundred tokens are too much for one line on a pipe) and prints one line naming it.
 */
const SESSIONS = 10;
// 4,000 places: the throughput run must measure bookings, not run out (600 did, at 200/s).
const PLACES = 400;
const CUSTOMERS = 1000;
const BURST_PLACES = 10;

const dir = mkdtempSync(join(tmpdir(), 'classwise-bench-bookings-'));
const databaseUrl = process.env.BENCH_DATABASE_URL || join(dir, 'bench.db');
const config = { ...readConfig({}), databaseUrl };
const { server, handle, stop } = await startServer({
  ...config,
  port: Number(process.env.BENCH_PORT),
});
endWithBench(stop);
// BENCH_JOIN=1: a second process on the first one's database, which it has already seeded.
if (process.env.BENCH_JOIN === '1') {
  const joined = server.address();
  console.log(JSON.stringify({ port: typeof joined === 'object' && joined ? joined.port : 0 }));
  await new Promise(() => undefined);
}
const db = handle.db;
const { clientId } = await seedDemo(db);
await db.updateTable('clients').set({ allow_pay_later: 1 }).where('id', '=', clientId).execute();

const schema = createActivityGroupSchema({ planLevel: PLAN_LEVELS.Premium, fields: [] });
const groupId = await saveActivityGroup(
  db,
  clientId,
  null,
  v.parse(schema, {
    name: 'Bench camp',
    activities: Array.from({ length: SESSIONS }, (_, i) => ({
      _id: `temp_${i}`,
      date: `2031-08-${String(i + 1).padStart(2, '0')}`,
      startTime: '09:00',
      endTime: '15:00',
      placeLimit: PLACES,
    })),
    tickets: [{ _id: 'temp_day', type: 'single', name: 'Day', price: '20' }],
    addOns: [],
  }),
);
const burstGroupId = await saveActivityGroup(
  db,
  clientId,
  null,
  v.parse(schema, {
    name: 'Bench burst',
    activities: [
      {
        _id: 'temp_0',
        date: '2031-09-01',
        startTime: '09:00',
        endTime: '15:00',
        placeLimit: BURST_PLACES,
      },
    ],
    tickets: [{ _id: 'temp_day', type: 'single', name: 'Day', price: '20' }],
    addOns: [],
  }),
);
const burstSession = await db
  .selectFrom('activities')
  .select('id')
  .where('activity_group_id', '=', burstGroupId)
  .executeTakeFirstOrThrow();
const burstTicket = await db
  .selectFrom('tickets')
  .select('id')
  .where('activity_group_id', '=', burstGroupId)
  .executeTakeFirstOrThrow();
const sessions = await db
  .selectFrom('activities')
  .select('id')
  .where('activity_group_id', '=', groupId)
  .orderBy('date')
  .execute();
const ticket = await db
  .selectFrom('tickets')
  .select('id')
  .where('activity_group_id', '=', groupId)
  .executeTakeFirstOrThrow();

const now = new Date().toISOString();
const stamp = { client_id: clientId, created_at: now, updated_at: now };
const customers = await db.transaction().execute(async (trx) => {
  const out: { token: string; attendeeId: string }[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const userId = newId();
    const attendeeId = newId();
    const token = newToken();
    await trx
      .insertInto('users')
      .values({
        id: userId,
        ...stamp,
        role: 'customer',
        email: `bench-${i}@bench.test`,
        full_name: `Bench Parent ${i}`,
        password_hash: 'bench',
      })
      .execute();
    await trx
      .insertInto('attendees')
      .values({ id: attendeeId, ...stamp, user_id: userId })
      .execute();
    await trx
      .insertInto('auth_tokens')
      .values({
        token_hash: hashToken(token),
        client_id: clientId,
        user_id: userId,
        expires_at: addDays(now, 1),
        created_at: now,
      })
      .execute();
    out.push({ token, attendeeId });
  }
  return out;
});

const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const setupFile = join(dir, 'setup.json');
writeFileSync(
  setupFile,
  JSON.stringify({
    port,
    databaseUrl,
    clientId,
    groupId,
    ticketId: ticket.id,
    sessionIds: sessions.map((s) => s.id),
    placeLimit: PLACES,
    burst: {
      groupId: burstGroupId,
      ticketId: burstTicket.id,
      sessionId: burstSession.id,
      placeLimit: BURST_PLACES,
    },
    customers,
  }),
);
console.log(JSON.stringify({ setupFile }));
