import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, openSqlite, STATEMENT_CACHE_SIZE } from './connection.ts';

/*
 * The SQLite connection reuses prepared statements (docs/architecture.md, Performance). A reused
 * statement must answer exactly as a fresh one would: after a migration changes the table under
 * it, and however many other statements ran in between (the cache drops the oldest).
 */
let handle: DbHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

describe('SQLite statement cache', () => {
  it('a cached select sees a column a migration added after it was first run', async () => {
    handle = openSqlite(':memory:');
    const db = handle.db;
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await sql`insert into t (name) values ('a')`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table t add column age integer`.execute(db);
    await sql`update t set age = 7`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, name: 'a', age: 7 }]);
  });

  it('keeps answering right once more statements ran than it keeps', async () => {
    handle = openSqlite(':memory:');
    const db = handle.db;
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t (id) values (1), (2), (3)`.execute(db);
    const first = () => sql<{ n: number }>`select count(*) as n from t where id > ${1}`.execute(db);
    expect((await first()).rows).toEqual([{ n: 2 }]);
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 10; i++)
      await sql.raw(`select ${i} as v from t where id = 1`).execute(db);
    expect((await first()).rows).toEqual([{ n: 2 }]);
    const same = await sql<{ v: number }>`select 5 as v from t where id = 1`.execute(db);
    expect(same.rows).toEqual([{ v: 5 }]);
  });
});
