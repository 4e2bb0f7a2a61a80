import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { enqueue, MAX_ATTEMPTS, runDueJobs } from './queue.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const at = (iso: string) => new Date(iso);

describe('jobs', () => {
  it('runs a job only once it is due, and only once', async () => {
    const seen: string[] = [];
    const handlers = { note: async (p: { text: string }) => void seen.push(p.text) };
    await enqueue(ctx.handle.db, 'note', { text: 'later' }, { runAt: at('2030-01-01T10:00:00Z') });
    expect(await runDueJobs(ctx.handle.db, handlers, at('2030-01-01T09:59:00Z'))).toBe(0);
    expect(await runDueJobs(ctx.handle.db, handlers, at('2030-01-01T10:00:00Z'))).toBe(1);
    expect(await runDueJobs(ctx.handle.db, handlers, at('2030-01-01T11:00:00Z'))).toBe(0);
    expect(seen).toEqual(['later']);
  });

  it('keeps one job per dedupe key', async () => {
    const seen: number[] = [];
    const handlers = { count: async (p: { n: number }) => void seen.push(p.n) };
    await enqueue(
      ctx.handle.db,
      'count',
      { n: 1 },
      { runAt: at('2031-01-01T00:00:00Z'), dedupeKey: 'k1' },
    );
    await enqueue(
      ctx.handle.db,
      'count',
      { n: 2 },
      { runAt: at('2031-01-01T00:00:00Z'), dedupeKey: 'k1' },
    );
    await runDueJobs(ctx.handle.db, handlers, at('2031-01-01T00:00:00Z'));
    expect(seen).toEqual([1]);
  });

  it('never runs a job twice when several workers poll at once', async () => {
    let runs = 0;
    const handlers = {
      slow: async () => {
        runs += 1;
        await new Promise((done) => setTimeout(done, 20));
      },
    };
    for (let i = 0; i < 10; i++) {
      await enqueue(ctx.handle.db, 'slow', { i }, { runAt: at('2032-01-01T00:00:00Z') });
    }
    const counts = await Promise.all(
      Array.from({ length: 4 }, () =>
        runDueJobs(ctx.handle.db, handlers, at('2032-01-01T00:00:00Z')),
      ),
    );
    expect(runs).toBe(10);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('retries a failing job with backoff and gives up after the last attempt', async () => {
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls += 1;
        throw new Error('provider down');
      },
    };
    await enqueue(ctx.handle.db, 'flaky', {}, { runAt: at('2033-01-01T00:00:00Z') });
    let now = at('2033-01-01T00:00:00Z');
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await runDueJobs(ctx.handle.db, handlers, now);
      now = new Date(now.getTime() + 24 * 3600 * 1000);
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    const job = await ctx.handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'flaky')
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect(job.last_error).toContain('provider down');
  });
});
