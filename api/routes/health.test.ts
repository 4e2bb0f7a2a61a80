import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness.ts';

/* What a process manager and a balancer ask: is it alive, and can it take bookings now. */
describe('health routes', () => {
  it('live and ready answer 200 while the database answers', async () => {
    const ctx = await createTestContext();
    try {
      expect((await ctx.request('GET', '/api/health/live')).status).toBe(200);
      const ready = await ctx.request('GET', '/api/health/ready');
      expect(ready).toMatchObject({ status: 200, body: { data: { ok: true } } });
    } finally {
      await ctx.close();
    }
  });

  it('ready answers 503 once the database is gone; live still 200', async () => {
    const ctx = await createTestContext();
    await ctx.close();
    const ready = await ctx.request('GET', '/api/health/ready');
    expect(ready).toMatchObject({
      status: 503,
      body: { data: { ok: false }, message: 'The database does not answer.' },
    });
    expect((await ctx.request('GET', '/api/health/live')).status).toBe(200);
  });

  it('ready answers 503 while draining for a shutdown', async () => {
    const ctx = await createTestContext({ draining: () => true });
    try {
      const ready = await ctx.request('GET', '/api/health/ready');
      expect(ready).toMatchObject({ status: 503, body: { message: 'Shutting down.' } });
    } finally {
      await ctx.close();
    }
  });
});
