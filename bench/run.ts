import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { widgetSizes } from '../test/widget-sizes.ts';
import { type BookingFigures, runBookingsBench } from './bookings.bench.ts';
import { freePort, spawnBenchServer } from './child-server.ts';
import { describeLoad, type Load, measure, settle } from './http-load.ts';
import { rawBookingCeiling } from './raw-ceiling.ts';
import { runWidgetPaintBench } from './widget-paint.bench.ts';
import { wireSize } from './wire-size.ts';

/*
 * npm run bench: figures, not pass/fail. Every figure of issue 18's table stands beside its
 * baseline measured in the same run, as a ratio, so it means something on any machine: the
 * product's health route against a bare Hono app, public reads against the product's health
 * (as deployed, kept in memory for a second, and built for every request),
 * bookings against raw better-sqlite3 doing one durable transaction per booking, and the scale
 * rows (groups, history) against their smallest size. Every server it starts runs in a process
 * of its own and is stopped before the next starts (bench/child-server.ts).
 * BENCH_QUICK=1 skips the 100,000-booking server (minutes of seeding);
 * BENCH_BROWSER=0 skips the widget's paint time in Chromium.
 */
const quick = process.env.BENCH_QUICK === '1';
const table: Array<[string, string, string, string]> = [];
const row = (what: string, measured: string, baseline = '', ratio = '') => {
  table.push([what, measured, baseline, ratio]);
  console.log(
    `${what.padEnd(58)} ${measured}${baseline ? `  | ${baseline}` : ''}${ratio ? `  | ${ratio}` : ''}`,
  );
};
const pct = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(0)} %` : 'n/a');
const times = (a: number, b: number) => (b > 0 && a > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
/** p99 and max of a run, or that nothing answered in it (a 0 would read as instant). */
const latency = (load: Load) =>
  load.total === 0
    ? 'no answer within the run'
    : `p99 ${load.p99.toFixed(0)} ms, max ${load.max.toFixed(0)} ms`;

async function startServer(script: string, env: Record<string, string> = {}) {
  const server = spawnBenchServer(script, { BENCH_PORT: String(await freePort()), ...env });
  const info = await new Promise<{ port: number; clientId?: string; groupId?: string }>(
    (done, fail) => {
      let buffer = '';
      server.child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const line = buffer.split('\n').find((l) => l.startsWith('{'));
        if (line) done(JSON.parse(line));
      });
      server.child.once('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
    },
  );
  const base = `http://127.0.0.1:${info.port}`;
  await settle(base);
  return { ...info, base, stop: server.stop };
}

if (existsSync('bench/engine.bench.ts')) {
  // Loaded by path so this runner keeps working whatever the engine bench exports next.
  const enginePath: string = './engine.bench.ts';
  const { runEngineBench } = await import(enginePath);
  for (const figure of (await runEngineBench()) as Array<{
    name: string;
    value: number;
    unit: string;
  }>) {
    row(figure.name, `${figure.value.toFixed(2)} ${figure.unit}`);
  }
}

// The browser figure comes before the load tests: it starts its own stack and frees it first.
// BENCH_BROWSER=0 leaves it out (it needs a current `npm run build` and Chromium).
if (process.env.BENCH_BROWSER !== '0')
  for (const figure of await runWidgetPaintBench()) {
    row(figure.name, `${figure.value.toFixed(1)} ${figure.unit}`);
  }

// The framework's ceiling: a bare Hono app, alone on the machine.
const hello = await startServer('bench/serve-hello.ts');
let bare: Load;
try {
  await measure(`${hello.base}/api/health`, { seconds: 1 });
  bare = await measure(`${hello.base}/api/health`, { seconds: 3 });
} finally {
  await hello.stop();
}

// The product on the demo organiser: sizes over the wire, then reads at c=100.
const seeded = await startServer('bench/serve-seeded.ts');
try {
  const { base } = seeded;
  const sized = async (name: string, path: string, headers: Record<string, string> = {}) => {
    const size = await wireSize(`${base}${path}`, headers);
    row(
      `${name} over the wire`,
      size.status === 200 ? `${size.bytes} B ${size.encoding}` : `HTTP ${size.status}`,
    );
  };
  // The widget's JavaScript as the budgets count it (gzip -9 of the built files; issue 18's goals:
  // initial ≤ 15 KB, the whole booking journey ≤ 35 KB); the wire sizes of each file follow.
  const widget = widgetSizes('dist/widget');
  row(
    'widget initial JS (gzip)',
    `${widget.initial.bytes} B in ${widget.initial.files.length} file(s)`,
    'goal 15360 B',
    pct(widget.initial.bytes, 15 * 1024),
  );
  row(
    'widget booking journey JS (gzip)',
    `${widget.journey.bytes} B in ${widget.journey.files.length} files`,
    'goal 35840 B',
    pct(widget.journey.bytes, 35 * 1024),
  );
  await sized('embed.js', '/embed.js');
  await sized('widget.js (initial)', '/widget.js');
  // The widget's later steps (booking form, checkout, my bookings, waitlist) load on demand.
  const chunkDir = 'dist/widget/widget';
  for (const file of existsSync(chunkDir) ? readdirSync(chunkDir).sort() : []) {
    if (file.endsWith('.js')) {
      await sized(`  lazy ${file.replace(/-[\w-]+\.js$/, '')}`, `/widget/${file}`);
    }
  }
  // As a browser asks: brotli accepted, so the compressed answers are what is measured.
  const client = { 'x-client-id': seeded.clientId ?? '', 'accept-encoding': 'br, gzip' };
  await sized('GET /api/activity-groups/full-list', '/api/activity-groups/full-list', client);
  await sized(
    'GET /api/activity-groups/{id}/public',
    `/api/activity-groups/${seeded.groupId}/public`,
    client,
  );
  await sized('GET /api/client', '/api/client', client);
  await sized(
    'GET /api/widget-start (settings + first listing page)',
    `/api/widget-start?clientId=${seeded.clientId ?? ''}`,
  );

  await measure(`${base}/api/health`, { seconds: 1 }); // warm-up
  await settle(base);
  const health = await measure(`${base}/api/health`);
  row(
    'GET /api/health (the product), c=100',
    describeLoad(health),
    `bare Hono ${bare.rps.toFixed(0)} req/s`,
    pct(health.rps, bare.rps),
  );
  for (const [name, path] of publicReads(seeded.groupId)) {
    await settle(base);
    const load = await measure(`${base}${path}`, { headers: client });
    row(
      `${name}, c=100`,
      describeLoad(load),
      `health ${health.rps.toFixed(0)} req/s`,
      pct(load.rps, health.rps),
    );
  }
} finally {
  await seeded.stop();
}

// The same reads built for every request (PUBLIC_READ_CACHE_MS=0): what one costs when no kept
// copy answers it, the first read after a write or once a second.
const unkept = await startServer('bench/serve-seeded.ts', { BENCH_READ_CACHE_MS: '0' });
try {
  const headers = { 'x-client-id': unkept.clientId ?? '', 'accept-encoding': 'br, gzip' };
  await measure(`${unkept.base}/api/health`, { seconds: 1 });
  for (const [name, path] of publicReads(unkept.groupId)) {
    await settle(unkept.base);
    const load = await measure(`${unkept.base}${path}`, { headers });
    row(`${name}, built every time, c=100`, describeLoad(load), 'the kept figure above');
  }
} finally {
  await unkept.stop();
}

// Bookings: the raw ceiling first, then the product on SQLite and on PostgreSQL.
const ceiling = rawBookingCeiling();
const bookingRows = (f: BookingFigures) => {
  const made = f.throughput.statuses[201] ?? 0;
  row(
    `POST /api/bookings, ${f.database}, c=50`,
    `${(made / f.seconds).toFixed(0)} bookings/s, ${describeLoad(f.throughput)}`,
    `raw better-sqlite3 ${ceiling.toFixed(0)}/s`,
    pct(made / f.seconds, ceiling),
  );
  row(
    `500 requests for the last 10 places, ${f.database}`,
    `${f.burst.statuses[201] ?? 0} × 201, ${f.burst.statuses[409] ?? 0} × 409, p99 ${f.burst.p99.toFixed(0)} ms${f.burst.errors ? `, ${f.burst.errors} errors` : ''}`,
    'goal: 10 × 201, p99 ≤ 500 ms',
    `overbooked ${f.overbooked}`,
  );
  row(
    `  /api/health during that burst, ${f.database}`,
    latency(f.healthDuringBurst),
    'goal: answers within 50 ms',
  );
};
bookingRows(await runBookingsBench());
const pgServer = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (await reachable(pgServer)) {
  const url = new URL(pgServer);
  url.pathname = `/classwise_bench_${process.pid}`;
  bookingRows(await runBookingsBench(url.toString()));
  // Two API processes on one database, each sent half of every load.
  url.pathname = `/classwise_bench_${process.pid}_two`;
  bookingRows(await runBookingsBench(url.toString(), { processes: 2 }));
} else row('POST /api/bookings, PostgreSQL', `skipped: no PostgreSQL at ${pgServer}`);

// Scale: the listing as the catalogue grows, and as the booking history grows.
const listing = async (groups: number, bookings: number) => {
  // Built for every request: these rows measure what a listing costs as the catalogue and the
  // history grow, not the kept copy that would answer most of them.
  const server = await startServer('bench/serve-seeded.ts', {
    BENCH_GROUPS: String(groups),
    BENCH_BOOKINGS: String(bookings),
    BENCH_READ_CACHE_MS: '0',
  });
  try {
    const headers = { 'x-client-id': server.clientId ?? '' };
    const url = `${server.base}/api/activity-groups/full-list`;
    const plain = await wireSize(url, { ...headers, 'accept-encoding': 'identity' });
    const wire = await wireSize(url, headers);
    await measure(url, { headers, connections: 4, seconds: 1 });
    await settle(server.base);
    const load = await measure(url, { headers, connections: 4, seconds: 3 });
    // A slow request must not stop the process answering: health while listings run.
    await settle(server.base);
    const during = await Promise.all([
      measure(url, { headers, connections: 4, seconds: 2 }),
      measure(`${server.base}/api/health`, { connections: 1, seconds: 2 }),
    ]);
    // The widget's listing, a page at a time: the first page of ten, as the widget asks for it.
    const pageUrl = `${server.base}/api/activity-groups/listing?limit=10`;
    const pagePlain = await wireSize(pageUrl, { ...headers, 'accept-encoding': 'identity' });
    const pageWire = await wireSize(pageUrl, headers);
    await settle(server.base);
    await measure(pageUrl, { headers, connections: 4, seconds: 1 });
    const pageLoad = await measure(pageUrl, { headers, connections: 4, seconds: 3 });
    const paged = { plain: pagePlain, wire: pageWire, load: pageLoad };
    return { groups, bookings, plain, wire, load, health: during[1], paged };
  } finally {
    await server.stop();
  }
};
// 1,000 groups are copied from one saved group in a transaction (bench/seed-scale.ts): seconds.
const sizes = [10, 100, 1000];
const scale: Awaited<ReturnType<typeof listing>>[] = [];
for (const groups of sizes) scale.push(await listing(groups, 0));
const [small] = scale;
for (const s of scale) {
  row(
    `listing, ${s.groups} groups (+ demo), 0 bookings`,
    `${s.plain.bytes} B (${s.wire.bytes} B ${s.wire.encoding}), ${s.load.total === 0 ? 'no listing answered within 3 s' : `${s.load.rps.toFixed(1)} req/s, p50 ${s.load.p50.toFixed(0)} ms`}`,
    `10 groups: ${small!.plain.bytes} B, ${small!.load.rps.toFixed(1)} req/s`,
    `size ${times(s.plain.bytes, small!.plain.bytes)}, time ${times(s.load.p50, small!.load.p50)}`,
  );
  row(`  /api/health while those listings run`, latency(s.health), 'goal: answers within 50 ms');
}
const firstPage = (s: Awaited<ReturnType<typeof listing>>) =>
  `${s.paged.plain.bytes} B (${s.paged.wire.bytes} B ${s.paged.wire.encoding}), ${s.paged.load.total === 0 ? 'no page answered within 3 s' : `${s.paged.load.rps.toFixed(1)} req/s, p50 ${s.paged.load.p50.toFixed(1)} ms`}`;
for (const s of scale) {
  row(
    `listing page (first 10), ${s.groups} groups (+ demo)`,
    firstPage(s),
    `10 groups: ${small!.paged.plain.bytes} B, p50 ${small!.paged.load.p50.toFixed(1)} ms`,
    `size ${times(s.paged.plain.bytes, small!.paged.plain.bytes)}, time ${times(s.paged.load.p50, small!.paged.load.p50)}`,
  );
}
const largest = scale.at(-1)!;
row(
  `listing page: ${largest.groups} groups against 10`,
  `size ${times(largest.paged.plain.bytes, small!.paged.plain.bytes)}, time ${times(largest.paged.load.p50, small!.paged.load.p50)}, req/s ${times(small!.paged.load.rps, largest.paged.load.rps)} fewer`,
  'goal: each under 2×',
);
if (!quick) {
  const history = await listing(10, 100_000);
  row(
    'listing, 10 groups, 100,000 bookings',
    `${history.load.rps.toFixed(1)} req/s, p50 ${history.load.p50.toFixed(0)} ms`,
    `0 bookings: p50 ${small!.load.p50.toFixed(0)} ms`,
    times(history.load.p50, small!.load.p50),
  );
  row(
    '  /api/health while those listings run',
    latency(history.health),
    'goal: answers within 50 ms',
  );
}

console.log('\n| what | measured | baseline in the same run | ratio |\n|---|---|---|---|');
for (const [what, measured, baseline, ratio] of table)
  console.log(`| ${what.trim()} | ${measured} | ${baseline} | ${ratio} |`);

/** The anonymous public reads the widget makes, by name and path. */
function publicReads(groupId = '') {
  return [
    ['GET /api/activity-groups/{id}/public', `/api/activity-groups/${groupId}/public`],
    ['GET /api/activity-groups/listing (first page)', '/api/activity-groups/listing?limit=10'],
    ['GET /api/activity-groups/full-list', '/api/activity-groups/full-list'],
    ['GET /api/client', '/api/client'],
  ] as const;
}

async function reachable(url: string) {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
}
