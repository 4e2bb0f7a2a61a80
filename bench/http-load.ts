import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/*
 * Load through autocannon, a real HTTP load generator (keep-alive connections, pipelining off,
 * latencies from its own histogram). The fetch loop this replaces topped out below the server
 * and so measured itself (docs/architecture.md, Performance). Loopback only; bounded in time.
 */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** Requests that got no answer (timeouts, resets). */
  errors: number;
  total: number;
}

export async function measure(
  url: string,
  {
    seconds = 3,
    connections = 100,
    headers = {} as Record<string, string>,
    amount,
    method = 'GET',
    request,
    timeoutSeconds = 30,
  }: {
    seconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** A fixed number of requests instead of a duration (a burst). */
    amount?: number;
    method?: 'GET' | 'POST';
    /** One body (and headers) per request, by its number: each booking its own parent. */
    request?: (n: number) => { body: string; headers?: Record<string, string> };
    timeoutSeconds?: number;
  } = {},
): Promise<Load> {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: timeoutSeconds,
    headers,
    method,
    requests: request
      ? [
          {
            method,
            setupRequest: (raw) => {
              const next = request(n++);
              return { ...raw, body: next.body, headers: { ...raw.headers, ...next.headers } };
            },
          },
        ]
      : undefined,
  });
  const statuses: Record<number, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    statuses[Number(status)] = (stats as { count: number }).count;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const elapsed = result.duration || seconds;
  return {
    rps: total / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses,
    errors: result.errors + result.timeouts,
    total,
  };
}

/** "1234 req/s, p99 12.3 ms" (and the non-2xx answers, when there are any). */
export function describeLoad(load: Load): string {
  const odd = Object.entries(load.statuses)
    .filter(([s]) => !s.startsWith('2'))
    .map(([s, count]) => `${count}×${s}`);
  if (load.errors) odd.push(`${load.errors} errors`);
  return `${load.rps.toFixed(0)} req/s, p99 ${load.p99.toFixed(1)} ms${odd.length ? `, ${odd.join(' ')}` : ''}`;
}

/**
 * Waits until a fresh server has finished its start-up work (migrations, the demo's seeding, the
 * first round of background jobs): ten health answers in a row within 50 ms each, or 60 s. A
 * load run started earlier measures that work, not the route, and requests it abandons at its
 * end still queue in front of the next run's.
 */
export async function settle(base: string) {
  const until = performance.now() + 60_000;
  let quick = 0;
  while (quick < 10 && performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`).catch(() => null);
    await res?.arrayBuffer();
    quick = res?.ok && performance.now() - started < 50 ? quick + 1 : 0;
    if (quick === 0) await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * `/api/health` latencies while something else runs, asked from a process of its own
 * (bench/health-probe.ts): the same figures as `measure`, one request every 10 ms. `ready`
 * resolves once the probe has loaded and asked once, so its start-up is not measured alongside.
 */
export function probeHealth(
  base: string,
  seconds = 2,
): { ready: Promise<void>; result: Promise<Load> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/health-probe.ts', `${base}/api/health`],
    {
      env: { ...process.env, BENCH_PROBE_SECONDS: String(seconds) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  let ready: () => void = () => undefined;
  const readyPromise = new Promise<void>((done) => (ready = done));
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes('ready')) ready();
  });
  const result = new Promise<Load>((done, fail) => {
    child.once('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        return fail(new Error(`health probe exited with ${code}`));
      const figures = JSON.parse(line);
      done({
        rps: figures.total / seconds,
        p50: figures.p50,
        p99: figures.p99,
        max: figures.max,
        statuses: { 200: figures.total },
        errors: 0,
        total: figures.total,
      });
    });
  });
  return { ready: readyPromise, result };
}
