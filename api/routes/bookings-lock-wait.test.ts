import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE, LOCK_WAIT_MS } from '../db/connection.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import {
  basket,
  countTakenPlaces,
  createCamp,
  manyParents,
  type Organiser,
  type Parent,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * A booking that cannot get the database's lock within LOCK_WAIT_MS (another transaction holds
 * it: on SQLite the write lock and this process's one connection, on PostgreSQL the session's
 * row) is answered 503 with Retry-After and writes nothing, instead of hanging for as long as
 * the other transaction lasts. On both databases.
 */
let ctx: TestContext;
let org: Organiser;
let parent: Parent;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  [parent] = await manyParents(ctx, org.clientId, 1);
}, 60_000);
afterAll(() => ctx.close());

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('a lock held past the wait limit', () => {
  it('answers 503 with Retry-After, books nothing, and the same booking succeeds after', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 5, name: 'Locked camp' });
    const session = camp.sessions[0]!;
    const body = basket(
      camp._id,
      { ticket: camp.day, activities: [session], attendees: parent!.children },
      { paymentMethod: { type: 'payLater' } },
    );
    let locked!: () => void;
    const lockTaken = new Promise<void>((done) => {
      locked = done;
    });
    // Someone else's long transaction holds the session's row (and SQLite's write lock).
    const holder = ctx.handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`update activities set updated_at = updated_at where id = ${session}`.execute(trx);
        locked();
        await sleep(LOCK_WAIT_MS + 1500);
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await lockTaken;
    const started = Date.now();
    const res = await ctx.request('POST', '/api/bookings', { token: parent!.token, body });
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(BUSY_MESSAGE);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Answered after the wait limit, not once the other transaction ended.
    expect(waited).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 100);
    expect(waited).toBeLessThan(LOCK_WAIT_MS + 1400);
    await holder;
    expect(await countTakenPlaces(ctx, session)).toBe(0);
    const written = await ctx.handle.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', parent!.userId)
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(0);

    const again = await ctx.request('POST', '/api/bookings', { token: parent!.token, body });
    expect(again.status).toBe(201);
    expect(await countTakenPlaces(ctx, session)).toBe(1);
  }, 30_000);
});
