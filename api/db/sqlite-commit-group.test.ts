import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, type DbHandle, openSqlite } from './connection.ts';

/*
 * Transactions that wait for each other on SQLite share one durable commit
 * (sqlite-commit-group.ts). What a parent relies on: a booking answered is on disk, a booking
 * refused leaves nothing, and one parent's refusal never takes another's booking with it. Each
 * is checked from a second connection to the same file, which sees only what was committed.
 */
let dir: string;
let handle: DbHandle;
let db: Db;
let other: SQLite.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'classwise-group-'));
  const file = join(dir, 'group.db');
  handle = openSqlite(file);
  db = handle.db;
  await sql`create table places (id integer primary key, who text not null)`.execute(db);
  other = new SQLite(file, { readonly: true });
});
afterEach(async () => {
  other.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The rows another connection sees: committed ones only. */
const committed = () =>
  (other.prepare('select who from places order by who').all() as { who: string }[]).map(
    (r) => r.who,
  );

const book = (who: string, { fail = false } = {}) =>
  db.transaction().execute(async (trx) => {
    await sql`insert into places (who) values (${who})`.execute(trx);
    if (fail) throw new Error(`${who} refused`);
    return who;
  });

describe('SQLite group commit', () => {
  it('answers a transaction only once it is committed, when others commit with it', async () => {
    const seenAtAnswer = new Map<string, string[]>();
    const names = Array.from({ length: 12 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    await Promise.all(names.map((who) => book(who).then(() => seenAtAnswer.set(who, committed()))));
    for (const who of names) expect(seenAtAnswer.get(who)).toContain(who);
    expect(committed()).toEqual(names);
  });

  it('commits a transaction that waited together with the one before it', async () => {
    const events: string[] = [];
    const first = book('first').then(() => events.push('first answered'));
    const second = db.transaction().execute(async (trx) => {
      events.push('second running');
      await sql`insert into places (who) values ('second')`.execute(trx);
    });
    await Promise.all([first, second]);
    // One commit for both: the first is answered after the second has run, not before.
    expect(events).toEqual(['second running', 'first answered']);
    expect(committed()).toEqual(['first', 'second']);
  });

  it('rolls back a refused transaction alone, keeping the others of its group', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const results = await Promise.allSettled(
      names.map((who, i) => book(who, { fail: i % 3 === 1 })),
    );
    const refused = names.filter((_, i) => i % 3 === 1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(refused.length);
    expect(committed()).toEqual(names.filter((who) => !refused.includes(who)).sort());
  });

  it('commits a write made outside any transaction on its own, before it is answered', async () => {
    let seen: string[] = [];
    await Promise.all([
      book('in a transaction'),
      sql`insert into places (who) values ('on its own')`.execute(db).then(() => {
        seen = committed();
      }),
      book('after it'),
    ]);
    expect(seen).toContain('on its own');
    expect(committed()).toEqual(['after it', 'in a transaction', 'on its own']);
  });
});
