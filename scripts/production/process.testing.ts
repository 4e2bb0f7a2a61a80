import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BUILT_FILES } from './checks.ts';

/*
 * Runs the real production entry (or create-organiser) as a separate process, as an operator
 * would, for the tests in scripts/. Output is captured, never printed, so test runs stay quiet.
 */

const root = join(import.meta.dirname, '..', '..');

export interface Running {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Only what the test gives, so nothing from the developer's shell leaks into the checks. */
function baseEnv(env: Record<string, string>) {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env };
}

export function run(script: string, env: Record<string, string>, args: string[] = []): Running {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    env: baseEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  proc.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((done) => proc.on('exit', (code) => done(code)));
  return { proc, stdout: () => out, stderr: () => err, exited };
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A dist/ with every file the entry checks for: these tests are about the server, not the build. */
export function fakeDist(dir: string): string {
  for (const file of BUILT_FILES) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), '<!doctype html><title>built</title>');
  }
  return dir;
}

/** Polls readiness until it answers 200, or fails with what the process printed. */
export async function waitUntilReady(origin: string, running: Running, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void running.exited.then(() => {
    exited = true;
  });
  while (Date.now() < until && !exited) {
    const status = await fetch(`${origin}/api/health/ready`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`Not ready. stdout:\n${running.stdout()}\nstderr:\n${running.stderr()}`);
}
