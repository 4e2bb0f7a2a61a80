/*
 * Booking throughput under contention: CLIENTS parents book day places back to back for
 * SECONDS against a real server process on SQLite, all aiming at the same few sessions, so
 * most requests race for the last places. Figures: bookings made per second, p99 latency of
 * every POST /api/bookings (201 and 409 alike), and the overbooking count read back from the
 * database afterwards, which must be 0.
 * Run directly with `npx tsx bench/bookings.bench.ts`.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { openSqlite } from '../api/db/connection.ts';
import { freePort, spawnBenchServer } from './child-server.ts';

const CLIENTS = 50;
const SECONDS = 3;

interface Setup {
  port: number;
  databaseUrl: string;
  clientId: string;
  groupId: string;
  ticketId: string;
  sessionIds: string[];
  placeLimit: number;
  customers: { token: string; attendeeId: string }[];
}

export async function runBookingsBench() {
  const { child, stop } = spawnBenchServer('bench/serve-bookings.ts', {
    BENCH_PORT: String(await freePort()),
  });
  const setup = await new Promise<Setup>((done, fail) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('{') && l.endsWith('}'));
      if (line) done(JSON.parse(readFileSync(JSON.parse(line).setupFile, 'utf8')));
    });
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
  });
  try {
    const url = `http://127.0.0.1:${setup.port}/api/bookings`;
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const until = performance.now() + SECONDS * 1000;
    const loop = async () => {
      while (performance.now() < until) {
        const n = next++;
        // Consecutive requests go to different sessions, and each (parent, session) pair comes up
        // once in SESSIONS × CUSTOMERS requests: every answer is a booking or a full session,
        // never a parent booking the same child twice.
        const sessions = setup.sessionIds.length;
        const session = setup.sessionIds[n % sessions]!;
        const customer = setup.customers[Math.floor(n / sessions) % setup.customers.length]!;
        const start = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${customer.token}`,
          },
          body: JSON.stringify({
            activityGroups: [
              {
                activityGroup: setup.groupId,
                items: [
                  {
                    ticket: setup.ticketId,
                    activities: [session],
                    attendees: [customer.attendeeId],
                  },
                ],
              },
            ],
            paymentMethod: { type: 'payLater' },
          }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - start);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, loop));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? 0;

    const handle = openSqlite(setup.databaseUrl);
    const taken = await handle.db
      .selectFrom('booking_places')
      .select('activity_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', 'in', setup.sessionIds)
      .where('status', 'in', ['held', 'confirmed'])
      .groupBy('activity_id')
      .execute();
    await handle.close();
    const overbooked = taken.reduce(
      (sum, r) => sum + Math.max(0, Number(r.n) - setup.placeLimit),
      0,
    );
    const made = statuses.get(201) ?? 0;
    const booked = taken.reduce((sum, r) => sum + Number(r.n), 0);
    const other = [...statuses].filter(([s]) => s !== 201 && s !== 409);
    return [
      {
        name: `POST /api/bookings answered (${CLIENTS} clients, SQLite)`,
        value: latencies.length / elapsed,
        unit: 'requests/s',
      },
      {
        name: `bookings made (${setup.sessionIds.length} × ${setup.placeLimit} places)`,
        value: made,
        unit: 'bookings',
      },
      { name: 'bookings made per second', value: made / elapsed, unit: 'bookings/s' },
      { name: 'POST /api/bookings p99 (201 and 409)', value: p99, unit: 'ms' },
      {
        name: 'requests refused 409 (session full)',
        value: statuses.get(409) ?? 0,
        unit: 'requests',
      },
      {
        name: 'places booked vs 201 answers (must match)',
        value: booked - made,
        unit: 'difference',
      },
      { name: 'overbooked places (must be 0)', value: overbooked, unit: 'places' },
      {
        name: 'other answers (must be 0)',
        value: other.reduce((n, [, c]) => n + c, 0),
        unit: 'requests',
      },
    ];
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const figure of await runBookingsBench())
    console.log(`${figure.name.padEnd(52)} ${figure.value.toFixed(1)} ${figure.unit}`);
}
