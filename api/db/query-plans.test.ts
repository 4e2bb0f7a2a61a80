import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  sql,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Basket } from '../../engine/index.ts';
import { runDueJobs } from '../jobs/queue.ts';
import {
  basket,
  createCamp,
  parentWithChildren,
  premiumOrganiser,
} from '../routes/bookings.fixtures.ts';
import { loadListingPage } from '../services/activity-group-listing.ts';
import { loadActivityGroups } from '../services/activity-groups.ts';
import { listMyBookings } from '../services/bookings/list.ts';
import {
  loadBasketGroups,
  loadCapacityRows,
  loadHistory,
  loadPricingInput,
} from '../services/bookings/load.ts';
import { listDiscountRules } from '../services/discount-rules.ts';
import { listMessages } from '../services/messages/list.ts';
import { createTestContext, type TestContext, testDialect } from '../test/harness.ts';
import type { Db } from './connection.ts';

/*
 * The queries every listing, quote and booking runs must find their rows through an index, or
 * their cost grows with the organiser's history (issue 18). Each query is captured as the real
 * code compiles it (a plugin sees every query node; the executor compiles it as it would run),
 * then explained: SQLite's EXPLAIN QUERY PLAN must show no SCAN of a table, and PostgreSQL's
 * EXPLAIN, with sequential scans priced out of reach (enable_seqscan off, so an empty test table
 * does not make a scan look cheap), no Seq Scan, which it then only picks when no index fits.
 */
let ctx: TestContext;
let db: Db;
let clientId: string;
let userId: string;
let groupId: string;
let sessions: string[];
let order: Basket;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.handle.db;
  const org = await premiumOrganiser(ctx);
  const camp = await createCamp(ctx, org);
  const parent = await parentWithChildren(ctx, org);
  clientId = org.clientId;
  userId = parent.userId;
  groupId = camp._id;
  sessions = camp.sessions;
  order = basket(camp._id, { ticket: camp.week, attendees: parent.children }) as Basket;
});
afterAll(() => ctx.close());

/** Every query `run` sends to the database, compiled exactly as it is executed. */
async function capture(run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      queries.push(executor.compileQuery(node, queryId));
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };
  await run(db.withPlugin(plugin));
  return queries;
}

/**
 * Tables with rows for every booking, place or message (their size is the organiser's history),
 * and the sessions, which grow with the catalogue: a page of ten groups must not read a
 * thousand groups' sessions.
 */
const GROWS_WITH_USE = new Set([
  'activities',
  'bookings',
  'booking_items',
  'booking_places',
  'booking_add_ons',
  'payments',
  'refunds',
  'messages',
  'discount_redemptions',
  'waitlist_entries',
  'audit_events',
]);

/** The tables a query reads in full, from the database's own plan. */
async function fullScans(query: CompiledQuery): Promise<string[]> {
  if (testDialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    // "SCAN t" (also "SCAN t USING COVERING INDEX i", a walk over a whole index) reads every
    // row; "SEARCH t USING INDEX i (…)" reads only the matching ones, unless all it matches on
    // is the organiser: then a table that grows with bookings is read whole for that organiser.
    const tableOf = new Map(
      [...query.sql.matchAll(/"(\w+)" as "(\w+)"/g)].map(([, table, alias]) => [alias!, table!]),
    );
    return plan.rows
      .map((row) => {
        const scanned = /^SCAN (\w+)/.exec(row.detail)?.[1];
        if (scanned) return scanned;
        const byOrganiser = /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \(client_id=\?\)$/.exec(
          row.detail,
        )?.[1];
        return byOrganiser && GROWS_WITH_USE.has(tableOf.get(byOrganiser) ?? byOrganiser)
          ? byOrganiser
          : undefined;
      })
      .filter((table): table is string => Boolean(table));
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows
      .map((row) => /Seq Scan on (\w+)/.exec(row['QUERY PLAN'])?.[1])
      .filter((table): table is string => Boolean(table));
  });
}

async function expectNoFullScan(run: (db: Db) => Promise<unknown>) {
  const queries = await capture(run);
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) {
    expect(await fullScans(query), query.sql).toEqual([]);
  }
  return queries;
}

describe(`hot queries use an index (${testDialect})`, () => {
  it('capacity: the places, offers and sessions of the sessions being booked or listed', async () => {
    const queries = await expectNoFullScan((d) =>
      loadCapacityRows(d, clientId, sessions, [groupId]),
    );
    expect(queries.map((q) => q.sql).join('\n')).toMatch(/booking_places/);
  });

  it('the public listing of a client', async () => {
    await expectNoFullScan((d) =>
      loadActivityGroups(d, clientId, { publicView: true, now: new Date() }),
    );
  });

  it("a page of the widget's listing, filtered by school year", async () => {
    const queries = await expectNoFullScan((d) =>
      loadListingPage(d, clientId, { limit: 10, sessions: 3, schoolYear: 2 }),
    );
    expect(queries.map((q) => q.sql).join('\n')).toMatch(/activity_groups/);
  });

  it("the widget's listing after a cursor, in order from the index", async () => {
    const cursor = Buffer.from(JSON.stringify([0, '2026-01-01T00:00:00.000Z', '0'])).toString(
      'base64url',
    );
    const queries = await expectNoFullScan((d) =>
      loadListingPage(d, clientId, { limit: 10, sessions: 3, cursor }),
    );
    expect(queries.map((q) => q.sql).join('\n')).toMatch(/limit/i);
  });

  it("a customer's bookings and discount history", async () => {
    await expectNoFullScan((d) => listMyBookings(d, clientId, userId));
    await expectNoFullScan((d) => loadHistory(d, clientId, userId));
  });

  it('everything a quote or booking reads to price a basket, the family discount included', async () => {
    const queries = await expectNoFullScan((d) => loadPricingInput(d, clientId, userId, order));
    // The brothers' and sisters' bookings, read for the family discount on every quote and
    // booking, were every booked place of the organiser's.
    expect(queries.map((q) => q.sql).join('\n')).toMatch(/distinct .*booking_items/);
  });

  it("the basket's groups with their payment schedules", async () => {
    const queries = await expectNoFullScan((d) => loadBasketGroups(d, clientId, order));
    expect(queries.map((q) => q.sql).join('\n')).toMatch(/payment_schedules/);
  });

  it("a client's discount rules with their conditions and groups", async () => {
    const queries = await expectNoFullScan((d) => listDiscountRules(d, clientId));
    const text = queries.map((q) => q.sql).join('\n');
    expect(text).toMatch(/discount_conditions/);
    expect(text).toMatch(/discount_rule_activity_groups/);
  });

  it("the outbox: claiming due sends, and a booking's messages", async () => {
    await expectNoFullScan((d) => runDueJobs(d, {}, new Date()));
    await expectNoFullScan((d) =>
      listMessages(d, clientId, { page: 1, limit: 20, bookingId: 'b' }),
    );
  });
});
