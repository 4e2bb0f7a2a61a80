import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/*
 * The disk's ceiling for bookings on this machine: raw better-sqlite3, no HTTP, no Kysely, one
 * durable transaction per booking (WAL, synchronous=FULL, as the product runs): take the write
 * lock, count the session's places, write a booking and its place, commit. The product's
 * bookings per second are printed against it.
 */
export function rawBookingCeiling(seconds = 2): number {
  const dir = mkdtempSync(join(tmpdir(), 'classwise-bench-raw-'));
  const db = new SQLite(join(dir, 'raw.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`create table bookings (id integer primary key, user_id text, total integer);
      create table places (id integer primary key, booking_id integer, session_id text, status text);
      create index places_session on places (session_id, status);`);
    const count = db.prepare(
      "select count(*) as n from places where session_id = ? and status = 'confirmed'",
    );
    const booking = db.prepare('insert into bookings (user_id, total) values (?, 2000)');
    const place = db.prepare(
      "insert into places (booking_id, session_id, status) values (?, ?, 'confirmed')",
    );
    const book = db.transaction((n: number) => {
      const session = `s${n % 10}`;
      if ((count.get(session) as { n: number }).n >= 1_000_000) return;
      const id = booking.run(`u${n}`).lastInsertRowid;
      place.run(id, session);
    });
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    let n = 0;
    while (performance.now() < until) book.immediate(n++);
    return n / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
