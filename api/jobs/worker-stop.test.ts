import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { enqueue, startWorker } from './queue.ts';

/* A graceful shutdown lets the running job finish and be recorded, and takes no next one. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('stopping the worker', () => {
  it('waits for the running job, marks it done, and leaves the rest queued', async () => {
    for (const n of [1, 2, 3]) await enqueue(ctx.handle.db, 'slow', { n });
    const started: number[] = [];
    let release = () => {};
    let firstStarted = () => {};
    const running = new Promise<void>((ready) => {
      firstStarted = ready;
    });
    const worker = startWorker(
      ctx.handle.db,
      {
        slow: async ({ n }: { n: number }) => {
          started.push(n);
          firstStarted();
          await new Promise<void>((done) => {
            release = done;
          });
        },
      },
      { intervalMs: 60_000 },
    );
    await running;
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((done) => setTimeout(done, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(started).toHaveLength(1);
    const rows = await ctx.handle.db
      .selectFrom('jobs')
      .select(['status'])
      .where('name', '=', 'slow')
      .execute();
    expect(rows.map((r) => r.status).toSorted()).toEqual(['done', 'queued', 'queued']);
  });
});
