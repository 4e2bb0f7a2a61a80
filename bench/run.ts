import { existsSync, readdirSync } from 'node:fs';
import { runBookingsBench } from './bookings.bench.ts';
import { freePort, spawnBenchServer } from './child-server.ts';
import { measure } from './http-load.ts';
import { runWidgetPaintBench } from './widget-paint.bench.ts';
import { wireSize } from './wire-size.ts';

/*
 * npm run bench: figures, not pass/fail. Sizes of what organisers' pages load, the rule engine's
 * speed, and API throughput as a ratio to a hello-world route measured in the same run (so the
 * figure means something on any machine).
 */
const rows: Array<[string, string]> = [];
const print = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name.padEnd(52)} ${value}`);
};

if (existsSync('bench/engine.bench.ts')) {
  // Loaded by path so this runner keeps working whatever the engine bench exports next.
  const enginePath: string = './engine.bench.ts';
  const { runEngineBench } = await import(enginePath);
  for (const figure of (await runEngineBench()) as Array<{
    name: string;
    value: number;
    unit: string;
  }>) {
    print(figure.name, `${figure.value.toFixed(2)} ${figure.unit}`);
  }
}

// The browser figure comes before the load test: it starts its own stack and frees it first.
for (const figure of await runWidgetPaintBench()) {
  print(figure.name, `${figure.value.toFixed(1)} ${figure.unit}`);
}

// Bookings under contention on SQLite: its own server process, stopped before the next figure.
for (const figure of await runBookingsBench()) {
  print(figure.name, `${figure.value.toFixed(1)} ${figure.unit}`);
}

// Sizes are measured over the wire from this server (below), as a browser receives them.
const { child, stop } = spawnBenchServer('bench/serve-seeded.ts', {
  BENCH_PORT: String(await freePort()),
});
try {
  const info = await new Promise<{ port: number; clientId: string; groupId: string }>(
    (done, fail) => {
      let buffer = '';
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const line = buffer.split('\n').find((l) => l.startsWith('{'));
        if (line) done(JSON.parse(line));
      });
      child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
    },
  );
  const base = `http://127.0.0.1:${info.port}`;

  // What organisers' pages load, as a browser receives it (compressed by the server).
  const sized = async (name: string, path: string, headers: Record<string, string> = {}) => {
    const size = await wireSize(`${base}${path}`, headers);
    print(
      `${name} over the wire`,
      size.status === 200 ? `${size.bytes} B ${size.encoding}` : `HTTP ${size.status}`,
    );
  };
  await sized('embed.js', '/embed.js');
  await sized('widget.js (initial)', '/widget.js');
  // The widget's later steps (booking form, checkout, my bookings, waitlist) load on demand.
  const chunkDir = 'dist/widget/widget';
  for (const file of existsSync(chunkDir) ? readdirSync(chunkDir).sort() : []) {
    if (file.endsWith('.js')) {
      await sized(`  lazy ${file.replace(/-[\w-]+\.js$/, '')}`, `/widget/${file}`);
    }
  }
  const client = { 'x-client-id': info.clientId };
  await sized('GET /api/activity-groups/full-list', '/api/activity-groups/full-list', client);
  await sized(
    'GET /api/activity-groups/{id}/public',
    `/api/activity-groups/${info.groupId}/public`,
    client,
  );
  await sized('GET /api/client', '/api/client', client);

  await measure(`${base}/api/health`, { seconds: 1 }); // warm-up
  const hello = await measure(`${base}/api/health`);
  const publicGroup = await measure(`${base}/api/activity-groups/${info.groupId}/public`, {
    headers: client,
  });
  print(
    'hello-world route (GET /api/health)',
    `${hello.rps.toFixed(0)} req/s, p99 ${hello.p99.toFixed(1)} ms`,
  );
  print(
    'GET /api/activity-groups/{id}/public',
    `${publicGroup.rps.toFixed(0)} req/s, p99 ${publicGroup.p99.toFixed(1)} ms, ${publicGroup.errors} errors`,
  );
  print('  ratio to hello-world', `${((publicGroup.rps / hello.rps) * 100).toFixed(0)} %`);
} finally {
  await stop();
}
