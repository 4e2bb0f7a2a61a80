import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sharedDatabase } from '../test/shared-database.ts';

/*
 * The scale-out path (docs/operations.md): several API processes on one database each run a job
 * worker. Two real processes queue the same 60 jobs at once and work the queue together; every
 * job must run exactly once. On PostgreSQL with TEST_DATABASE_URL (npm run test:pg).
 */
const COUNT = 60;
const run = promisify(execFile);
const child = fileURLToPath(new URL('./worker.child.ts', import.meta.url));

describe('two processes on one database', () => {
  it('queue each job once and run it once', async () => {
    const shared = await sharedDatabase();
    const log = join(tmpdir(), `classwise-jobs-${process.pid}-${Date.now()}.log`);
    try {
      const outputs = await Promise.all(
        [0, 1].map(() =>
          run(process.execPath, [
            '--import',
            'tsx',
            child,
            JSON.stringify({ url: shared.url, log, count: COUNT }),
          ]),
        ),
      );
      const runs = readFileSync(log, 'utf8').trim().split('\n');
      const jobs = runs.map((line) => Number(line.split(' ')[0]));
      expect(jobs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, n) => n));
      const ran = outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').pop()!).ran);
      expect(ran[0] + ran[1]).toBe(COUNT);
      const rows = await shared.ctx.handle.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('name', '=', 'note-run')
        .execute();
      expect(rows).toHaveLength(COUNT);
      expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    } finally {
      rmSync(log, { force: true });
      await shared.cleanup();
    }
  }, 120_000);
});
