/*
 * /api/health asked every 10 ms from a process of its own for BENCH_PROBE_SECONDS, printing
 * one JSON line of latencies. The bench's load generator shares its own process with whatever
 * it measures alongside, so a probe there counts the generator's pauses (opening 500
 * connections at once) as the server's.
 */
export {};

const url = process.argv[2] ?? '';
const seconds = Number(process.env.BENCH_PROBE_SECONDS ?? 2);
const latencies: number[] = [];
// Loaded and connected: the caller starts what is measured alongside only now.
await (await fetch(url)).arrayBuffer();
console.log('ready');
const until = performance.now() + seconds * 1000;
// One request every 10 ms: often enough to see any stall past 50 ms, seldom enough not to
// take the CPU from what is measured.
while (performance.now() < until) {
  const started = performance.now();
  const res = await fetch(url).catch(() => null);
  await res?.arrayBuffer();
  latencies.push(performance.now() - started);
  await new Promise((done) => setTimeout(done, 10));
}
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    total: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
  }),
);
