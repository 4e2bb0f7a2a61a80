import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { runBookingsBench } from './bookings.bench.ts';
import { measure } from './http-load.ts';
import { builtSize } from './sizes.ts';
import { runWidgetPaintBench } from './widget-paint.bench.ts';

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

for (const [name, path] of [
  ['embed.js', 'dist/embed/embed.js'],
  ['widget.js (initial)', 'dist/widget/widget.js'],
] as const) {
  const size = builtSize(path);
  print(`${name} size`, size ? `${size.gzip} B gzip (${size.raw} B raw)` : 'not built');
}

// The widget's later steps (booking form, checkout, my bookings, waitlist) load on demand.
const chunkDir = 'dist/widget/widget';
for (const file of existsSync(chunkDir) ? readdirSync(chunkDir).sort() : []) {
  const size = file.endsWith('.js') ? builtSize(`${chunkDir}/${file}`) : null;
  if (size) print(`  lazy ${file.replace(/-[\w-]+\.js$/, '')} size`, `${size.gzip} B gzip`);
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

const port = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
  });
});
const child = spawn('npx', ['tsx', 'bench/serve-seeded.ts'], {
  env: { ...process.env, BENCH_PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const info = await new Promise<{ port: number; clientId: string; groupId: string }>((done) => {
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    const line = buffer.split('\n').find((l) => l.startsWith('{'));
    if (line) done(JSON.parse(line));
  });
});
try {
  const base = `http://127.0.0.1:${info.port}`;
  await measure(`${base}/api/health`, { seconds: 1 }); // warm-up
  const hello = await measure(`${base}/api/health`);
  const publicGroup = await measure(`${base}/api/activity-groups/${info.groupId}/public`, {
    headers: { 'x-client-id': info.clientId },
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
  child.kill('SIGTERM');
}
