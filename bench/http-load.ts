/**
 * Requests per second and latency percentiles for one URL: `concurrency` loops issuing requests
 * back to back for `seconds`. Bounded in time and count; loopback only.
 */
export async function measure(
  url: string,
  { seconds = 3, concurrency = 20, headers = {} as Record<string, string> } = {},
) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until && latencies.length < 500_000) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) errors += 1;
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
