import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DbHandle, openSqlite } from '../connection.ts';
import { migrateToLatest } from '../migrate.ts';
import { flushLaterHits, hitLater, readCounter } from './rate-limits.ts';

/*
 * Refused attempts are counted in memory and written a moment later (`hitLater`). Whoever reads
 * the counter meanwhile must see each attempt exactly once: before it is written, while it is
 * being written, and after.
 */
let handle: DbHandle;
beforeEach(async () => {
  handle = openSqlite(':memory:');
  await migrateToLatest(handle.db);
});
afterEach(() => handle.close());

describe('counts written later', () => {
  it('are read once whether waiting, being written or written', async () => {
    const { db } = handle;
    const window = 1_000_000;
    for (let i = 0; i < 3; i++) hitLater(db, 'unpaid-booking:u1', window);
    expect((await readCounter(db, 'unpaid-booking:u1'))?.count).toBe(3);
    // Asked while the write is under way: on SQLite the read comes after the write's statements
    // (it waits for the connection), in the same commit group, before that group commits.
    const [, during] = await Promise.all([flushLaterHits(), readCounter(db, 'unpaid-booking:u1')]);
    expect(during?.count).toBe(3);
    expect((await readCounter(db, 'unpaid-booking:u1'))?.count).toBe(3);
  });
});
