import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { Readable, Writable } from 'node:stream';

/*
 * The bench's servers run in processes of their own (the load generator must not share their
 * event loop) and must all be gone when the bench ends, however it ends. Each is node itself
 * with tsx as a loader, not `npx tsx` (npx and tsx each add a process, and a signal to the first
 * did not reach the server), in a process group of its own that stop() signals as a whole. The
 * server also ends when its stdin closes, so a bench killed outright takes its servers with it.
 */
export type BenchChild = ChildProcessByStdio<Writable, Readable, null>;

export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

export function spawnBenchServer(script: string, env: Record<string, string> = {}) {
  // BENCH_CPU_PROF=<dir> writes each server's CPU profile there (Node's own --cpu-prof), to see
  // where a figure's time goes.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child: BenchChild = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    // The libraries choose their build as deployed (React renders every e-mail), as the
    // production entry sets it (scripts/production/node-env.ts).
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
  /** SIGTERM to the whole group, SIGKILL after five seconds; resolves once the server is gone. */
  const stop = async () => {
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, name);
      } catch {
        // Already gone.
      }
    };
    child.stdin.end();
    signal('SIGTERM');
    const late = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(late);
  };
  return { child, stop };
}

/**
 * For the server side: ends the process (after `close`) on SIGTERM, SIGINT or when the bench's
 * end of stdin closes.
 */
export function endWithBench(close: () => Promise<unknown>) {
  let closing = false;
  const end = () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', end);
  process.once('SIGINT', end);
  process.stdin.on('end', end);
  process.stdin.on('error', end);
  process.stdin.resume();
}
