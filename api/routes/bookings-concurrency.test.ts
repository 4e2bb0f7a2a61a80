import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketSchema, messages } from '../../engine/index.ts';
import { BUSY_MESSAGE } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { createBooking } from '../services/bookings/create.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { sharedDatabase } from '../test/shared-database.ts';
import {
  basket,
  countTakenPlaces,
  createCamp,
  createCode,
  manyParents,
  type Organiser,
  type Parent,
  premiumOrganiser,
} from './bookings.fixtures.ts';

/*
 * Everyone after the winners is refused: 409 (full) or 422 (code used up) once the places or
 * uses are gone, or, for a request that waited past LOCK_WAIT_MS for the database's lock on a
 * busy machine, 503 with the busy message (docs/architecture.md, Performance). Either way
 * nothing of theirs is written: the counts below are read back from the database.
 *
 * The capacity guard under load: bursts of simultaneous bookings for the last places, on the
 * test database (SQLite or PostgreSQL), then from two separate processes sharing one database,
 * and a control run with the guard off that must oversell, so we know these tests can fail.
 */

const BURST = 200;
let ctx: TestContext;
let org: Organiser;
let parents: Parent[];
/** Other customers, who took places before the burst. */
let earlier: Parent[];

beforeAll(async () => {
  ctx = await createTestContext();
  org = await premiumOrganiser(ctx);
  await ctx.handle.db
    .updateTable('clients')
    .set({ allow_pay_later: 1 })
    .where('id', '=', org.clientId)
    .execute();
  parents = await manyParents(ctx, org.clientId, BURST);
  earlier = await manyParents(ctx, org.clientId, 5);
}, 60_000);
afterAll(() => ctx.close());

const payLater = { paymentMethod: { type: 'payLater' } };

/** A 503 is the busy answer: its message and a Retry-After. */
function expectBusyAnswers(responses: { status: number; body: any; headers: Headers }[]) {
  for (const busy of responses.filter((r) => r.status === 503)) {
    expect(busy.body.message).toBe(BUSY_MESSAGE);
    expect(busy.headers.get('retry-after')).toBe('2');
  }
}

describe('200 simultaneous bookings', () => {
  it('sell exactly the last 10 places: 10 × 201, 190 × 409 (or 503 busy)', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 15, name: 'Burst camp' });
    const session = camp.sessions[0]!;
    // Five places are already gone; ten are left.
    for (const p of earlier) {
      const res = await ctx.request('POST', '/api/bookings', {
        token: p.token,
        body: basket(
          camp._id,
          { ticket: camp.day, activities: [session], attendees: p.children },
          payLater,
        ),
      });
      expect(res.status).toBe(201);
    }
    const responses = await Promise.all(
      parents.map((p) =>
        ctx.request('POST', '/api/bookings', {
          token: p.token,
          body: basket(
            camp._id,
            { ticket: camp.day, activities: [session], attendees: p.children },
            payLater,
          ),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409 || s === 503)).toHaveLength(190);
    expect(
      responses
        .filter((r) => r.status === 409)
        .every((r) => r.body.message === messages.sessionFullNamed(['Tue 01/07/2031, 9am–3pm'])),
    ).toBe(true);
    expectBusyAnswers(responses);
    expect(await countTakenPlaces(ctx, session)).toBe(15);
    const bookings = await ctx.handle.db
      .selectFrom('booking_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('activity_group_id', '=', camp._id)
      .executeTakeFirstOrThrow();
    expect(Number(bookings.n)).toBe(15);
  }, 120_000);

  it('redeem a code with 5 uses left exactly 5 times', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: null, name: 'Code camp' });
    const rule = await createCode(ctx, org, 'BURST5', { maxRedemptions: 5 });
    const responses = await Promise.all(
      parents.map((p) =>
        ctx.request('POST', '/api/bookings', {
          token: p.token,
          body: basket(
            camp._id,
            { ticket: camp.day, activities: [camp.sessions[1]!], attendees: p.children },
            { ...payLater, discountCode: 'BURST5' },
          ),
        }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    expect(created).toHaveLength(5);
    expect(created.every((r) => r.body.data.discountTotal === 250)).toBe(true);
    const refused = responses.filter((r) => r.status === 422);
    expect(refused.length + responses.filter((r) => r.status === 503).length).toBe(195);
    expectBusyAnswers(responses);
    expect(refused.every((r) => r.body.message === messages.codeUsedUp)).toBe(true);
    const row = await ctx.handle.db
      .selectFrom('discount_rules')
      .select('times_used')
      .where('id', '=', rule)
      .executeTakeFirstOrThrow();
    expect(row.times_used).toBe(5);
    const redemptions = await ctx.handle.db
      .selectFrom('discount_redemptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('discount_rule_id', '=', rule)
      .executeTakeFirstOrThrow();
    expect(Number(redemptions.n)).toBe(5);
  }, 120_000);

  it('control: with the guard switched off the same burst oversells', async () => {
    const camp = await createCamp(ctx, org, { placeLimit: 10, name: 'Unguarded camp' });
    const session = camp.sessions[2]!;
    const results = await Promise.all(
      parents.map(async (p) => {
        const parsed = v.parse(
          basketSchema,
          basket(
            camp._id,
            { ticket: camp.day, activities: [session], attendees: p.children },
            payLater,
          ),
        );
        try {
          await createBooking(
            ctx.handle,
            { clientId: org.clientId, userId: p.userId, basket: parsed },
            { capacityGuard: 'off' },
          );
          return 201;
        } catch (error) {
          if (error instanceof HttpError) return error.status;
          throw error;
        }
      }),
    );
    const taken = await countTakenPlaces(ctx, session);
    expect(results.filter((s) => s === 201).length).toBe(taken);
    expect(taken).toBeGreaterThan(10);
  }, 120_000);
});

describe('two server processes on one database', () => {
  it('still sell exactly the places there are', async () => {
    const shared = await sharedDatabase();
    try {
      const sorg = await premiumOrganiser(shared.ctx);
      await shared.ctx.handle.db
        .updateTable('clients')
        .set({ allow_pay_later: 1 })
        .where('id', '=', sorg.clientId)
        .execute();
      const camp = await createCamp(shared.ctx, sorg, { placeLimit: 10, name: 'Shared camp' });
      const customers = (await manyParents(shared.ctx, sorg.clientId, BURST)).map((p) => ({
        userId: p.userId,
        attendeeId: p.children[0]!,
      }));
      const child = fileURLToPath(new URL('./bookings-burst.child.ts', import.meta.url));
      const run = promisify(execFile);
      const halves = [customers.slice(0, BURST / 2), customers.slice(BURST / 2)];
      const outputs = await Promise.all(
        halves.map((part) =>
          run(process.execPath, [
            '--import',
            'tsx',
            child,
            JSON.stringify({
              url: shared.url,
              clientId: sorg.clientId,
              groupId: camp._id,
              ticketId: camp.day,
              sessionId: camp.sessions[0]!,
              customers: part,
            }),
          ]),
        ),
      );
      const results = outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').pop()!));
      expect(results.flatMap((r) => r.other)).toEqual([]);
      expect(results.reduce((n, r) => n + r.created, 0)).toBe(10);
      expect(results.reduce((n, r) => n + r.full + r.busy, 0)).toBe(190);
      expect(await countTakenPlaces(shared.ctx, camp.sessions[0]!)).toBe(10);
    } finally {
      await shared.cleanup();
    }
  }, 180_000);
});
