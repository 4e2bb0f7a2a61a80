import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  flushLaterHits,
  hit,
  hitLater,
  pendingHits,
  readCounter,
  whileSettled,
} from './rate-limits.ts';

/*
 * Refused attempts are counted in memory and written a moment later (`hitLater`). Whoever reads
 * the counter meanwhile must see each attempt exactly once: before it is written, while it is
 * being written, and after. On PostgreSQL a read on another connection can be answered after
 * the write has committed but before this process hears so: the race CI once lost (a parent
 * refused for "too many unpaid bookings" one attempt early).
 */
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
}, 60_000);
afterEach(() => ctx.close());

const window = 1_000_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('counts written later', () => {
  it('are read once whether waiting, being written or written', async () => {
    const { db } = ctx.handle;
    for (let i = 0; i < 3; i++) hitLater(db, 'unpaid-booking:u1', window);
    expect((await readCounter(db, 'unpaid-booking:u1'))?.count).toBe(3);
    const [, during] = await Promise.all([flushLaterHits(), readCounter(db, 'unpaid-booking:u1')]);
    expect(during?.count).toBe(3);
    expect((await readCounter(db, 'unpaid-booking:u1'))?.count).toBe(3);
  });

  it('are read once by readers that land at any moment of the write', async () => {
    const { db } = ctx.handle;
    const wrongCounts: number[] = [];
    for (let attempt = 1; attempt <= 40; attempt++) {
      hitLater(db, 'unpaid-booking:u2', window);
      const reads = Array.from({ length: 6 }, (_, i) =>
        pause(i % 3).then(() => readCounter(db, 'unpaid-booking:u2')),
      );
      const [, ...counts] = await Promise.all([flushLaterHits(), ...reads]);
      wrongCounts.push(
        ...counts.filter((count) => count?.count !== attempt).map((c) => c?.count ?? 0),
      );
    }
    expect(wrongCounts).toEqual([]);
  }, 60_000);

  it('are counted once by a hit counted inside a transaction while a write is under way', async () => {
    const { db } = ctx.handle;
    const key = 'unpaid-booking:u3';
    const wrong: number[] = [];
    for (let attempt = 1; attempt <= 30; attempt++) {
      hitLater(db, key, window);
      const flushing = flushLaterHits();
      // Counting the booked attempt as routes/bookings.ts does: settled, then in the booking's
      // transaction. A refusal and a booking each time: 2 × attempt hits with this one.
      const count = await whileSettled(key, () =>
        db
          .transaction()
          .execute(async (trx) => (await hit(trx, key, window)) + pendingHits(key, window)),
      );
      await flushing;
      if (count !== 2 * attempt) wrong.push(count - 2 * attempt);
    }
    await flushLaterHits();
    expect(wrong).toEqual([]);
    expect((await readCounter(db, key))?.count).toBe(60);
  }, 60_000);
});
