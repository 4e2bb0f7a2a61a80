/*
 * Bookings against a real server process, on SQLite or PostgreSQL (BENCH_DATABASE_URL), through
 * autocannon:
 * - throughput: CLIENTS connections (BENCH_C, 50 by default) book day places back to back for
 *   SECONDS, each request from another parent and spread over the camp's sessions so places
 *   rarely run out (the figure is bookings, not refusals);
 * - the burst: BURST requests at once, each from a different parent (none of whom booked in
 *   the throughput run, so no booking limit per parent answers first), for a session with 10
 *   places: exactly 10 must be 201 and the rest 409, with the p99 of all of them.
 * Overbooking is read back from the database afterwards and must be 0.
 * Run directly with `npx tsx bench/bookings.bench.ts` (add BENCH_DATABASE_URL for PostgreSQL;
 * BENCH_SECONDS=1 shortens the throughput run, to repeat the burst quickly).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { dropPostgresDatabase, openDatabase } from '../api/db/connection.ts';
import { freePort, spawnBenchServer } from './child-server.ts';
import { type Load, measure, probeHealth, settle } from './http-load.ts';

const CLIENTS = Number(process.env.BENCH_C ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const BURST = 500;

interface Setup {
  port: number;
  databaseUrl: string;
  clientId: string;
  groupId: string;
  ticketId: string;
  sessionIds: string[];
  placeLimit: number;
  burst: { groupId: string; ticketId: string; sessionId: string; placeLimit: number };
  customers: { token: string; attendeeId: string }[];
}

export interface BookingFigures {
  database: string;
  /** How long the throughput run lasted (BENCH_SECONDS, 3 by default). */
  seconds: number;
  throughput: Load;
  burst: Load;
  healthDuringBurst: Load;
  overbooked: number;
}

const bookingBody = (groupId: string, ticketId: string, sessionId: string, attendeeId: string) =>
  JSON.stringify({
    activityGroups: [
      {
        activityGroup: groupId,
        items: [{ ticket: ticketId, activities: [sessionId], attendees: [attendeeId] }],
      },
    ],
    paymentMethod: { type: 'payLater' },
  });

/** The first JSON line a bench server prints. */
const firstLine = (child: ReturnType<typeof spawnBenchServer>['child']) =>
  new Promise<Record<string, unknown>>((done, fail) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('{') && l.endsWith('}'));
      if (line) done(JSON.parse(line));
    });
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
  });

/**
 * `processes: 2` (PostgreSQL only) runs a second server process on the same database and sends
 * half of every load to each, as two processes behind a balancer would get it.
 */
export async function runBookingsBench(
  databaseUrl?: string,
  { processes = 1 }: { processes?: 1 | 2 } = {},
): Promise<BookingFigures> {
  const servers = [
    spawnBenchServer('bench/serve-bookings.ts', {
      BENCH_PORT: String(await freePort()),
      BENCH_DATABASE_URL: databaseUrl ?? '',
    }),
  ];
  const stop = () => Promise.all(servers.map((s) => s.stop()));
  try {
    const setup: Setup = JSON.parse(
      readFileSync(String((await firstLine(servers[0]!.child)).setupFile), 'utf8'),
    );
    const ports = [setup.port];
    if (processes === 2 && databaseUrl) {
      const second = spawnBenchServer('bench/serve-bookings.ts', {
        BENCH_PORT: String(await freePort()),
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_JOIN: '1',
      });
      servers.push(second);
      ports.push(Number((await firstLine(second.child)).port));
    }
    for (const port of ports) await settle(`http://127.0.0.1:${port}`);
    // The load split between the processes: the k-th of n takes request numbers k, k + n, …
    // Each request is one parent: their token and their child.
    const half = setup.customers.length / 2;
    const send = (n: number, session: string, group: string, ticket: string) => {
      const customer = setup.customers[n % setup.customers.length]!;
      return {
        body: bookingBody(group, ticket, session, customer.attendeeId),
        headers: { authorization: `Bearer ${customer.token}` },
      };
    };
    const sessions = setup.sessionIds.length;
    // Consecutive requests come from different parents (the 50 in flight are 50 families, as at
    // a term's opening, not one parent booking ten days at once) and go to different sessions;
    // each (parent, session) pair comes up once in SESSIONS × CUSTOMERS / 2 requests, so no
    // parent books the same child twice.
    const split = (
      connections: number,
      load: { seconds?: number; amount?: number },
      request: (n: number) => { body: string; headers: Record<string, string> },
    ) =>
      Promise.all(
        ports.map((port, k) =>
          measureBookings(`http://127.0.0.1:${port}/api/bookings`, {
            connections: connections / ports.length,
            ...(load.amount ? { amount: load.amount / ports.length } : { seconds: load.seconds }),
            request: (n) => request(n * ports.length + k),
          }),
        ),
      ).then(combine);
    const throughput = await split(CLIENTS, { seconds: SECONDS }, (n) =>
      send(
        n % half,
        setup.sessionIds[(n + Math.floor(n / half)) % sessions]!,
        setup.groupId,
        setup.ticketId,
      ),
    );
    for (const port of ports) await settle(`http://127.0.0.1:${port}`);
    // /api/health asked back to back by one client while the burst runs: what every other
    // request meets while the last places go.
    const probe = probeHealth(`http://127.0.0.1:${ports[0]}`, 3);
    await probe.ready;
    const [burst, healthDuringBurst] = await Promise.all([
      split(BURST, { amount: BURST }, (n) =>
        send(half + (n % half), setup.burst.sessionId, setup.burst.groupId, setup.burst.ticketId),
      ),
      probe.result,
    ]);
    const handle = await openDatabase(setup.databaseUrl);
    const taken = await handle.db
      .selectFrom('booking_places')
      .select('activity_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_id', 'in', [...setup.sessionIds, setup.burst.sessionId])
      .where('status', 'in', ['held', 'confirmed'])
      .groupBy('activity_id')
      .execute();
    await handle.close();
    const limitOf = (id: string) =>
      id === setup.burst.sessionId ? setup.burst.placeLimit : setup.placeLimit;
    const overbooked = taken.reduce(
      (sum, r) => sum + Math.max(0, Number(r.n) - limitOf(r.activity_id)),
      0,
    );
    return {
      database: databaseUrl ? `PostgreSQL${processes === 2 ? ', two processes' : ''}` : 'SQLite',
      seconds: SECONDS,
      throughput,
      burst,
      healthDuringBurst,
      overbooked,
    };
  } finally {
    await stop();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl).catch(() => undefined);
  }
}

/**
 * Two processes' loads as one: answers added up, rates added, and the slower process's
 * percentiles (a balancer's clients see the worse of the two).
 */
function combine(loads: Load[]): Load {
  if (loads.length === 1) return loads[0]!;
  const statuses: Record<number, number> = {};
  for (const load of loads)
    for (const [status, count] of Object.entries(load.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
  return {
    rps: loads.reduce((sum, l) => sum + l.rps, 0),
    p50: Math.max(...loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    max: Math.max(...loads.map((l) => l.max)),
    statuses,
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
    total: loads.reduce((sum, l) => sum + l.total, 0),
  };
}

const measureBookings = (
  url: string,
  options: Pick<Parameters<typeof measure>[1] & object, 'connections' | 'seconds' | 'amount'> & {
    request: (n: number) => { body: string; headers: Record<string, string> };
  },
): Promise<Load> =>
  measure(url, { ...options, method: 'POST', headers: { 'content-type': 'application/json' } });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await runBookingsBench(process.env.BENCH_DATABASE_URL || undefined);
  console.log(JSON.stringify(figures, null, 2));
}
