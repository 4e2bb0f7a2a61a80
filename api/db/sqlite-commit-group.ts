import type SQLite from 'better-sqlite3';

/**
 * Group commit on SQLite: one durable commit (one fsync) for the transactions that follow each
 * other while others wait for the connection, instead of one each. A commit was a sixth of a
 * booking's time (synchronous=FULL), and under load there is always a next booking waiting.
 *
 * - The first transaction opens the group with BEGIN IMMEDIATE; each later one runs inside it
 *   as a savepoint, so a booking that fails (a full session, a bad code) is rolled back alone
 *   and the others stay: each is still all-or-nothing.
 * - A transaction that commits while others wait is not answered yet: its commit resolves when
 *   the group's COMMIT has reached the disk, and fails with it. Nobody is told "booked" before
 *   their booking is durable.
 * - The group commits when a transaction commits with nobody waiting, when it is `MAX_MS` old or
 *   has `MAX_MEMBERS` transactions, when a write outside any transaction comes (its own commit
 *   must not wait for, or fail with, the group), and when the connection falls idle.
 * - A read outside any transaction runs inside the open group and may see its transactions a
 *   few milliseconds before they are durable (only a failed disk write would take them back).
 *
 * Places stay exact: the group has SQLite's one write lock from its BEGIN IMMEDIATE to its
 * COMMIT, and each transaction in it sees the ones before it, as one after another would.
 */
export class CommitGroup {
  /** Whether the group's transaction is open. */
  private open = false;
  private openedAt = 0;
  /** Transactions committed inside the group, waiting for its COMMIT. */
  private members: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];

  constructor(
    private readonly database: SQLite.Database,
    private readonly limits = { members: MAX_MEMBERS, ms: MAX_MS },
  ) {}

  /** Starts a transaction: the group's own, or a savepoint inside it (`nested`). */
  begin(): { nested: boolean } {
    if (this.open && this.full()) this.flush();
    if (this.open) {
      this.run('savepoint cw_member');
      return { nested: true };
    }
    this.run('begin immediate');
    this.open = true;
    this.openedAt = performance.now();
    return { nested: false };
  }

  /**
   * Commits a transaction. With others waiting (and room in the group) it joins the group and
   * the promise resolves once the group is durable; else the group commits now (null), and a
   * failed COMMIT throws here, after every member was told.
   */
  commit(nested: boolean, othersWaiting: boolean): Promise<void> | null {
    if (nested) this.run('release cw_member');
    if (othersWaiting && !this.full())
      return new Promise((resolve, reject) => this.members.push({ resolve, reject }));
    const failed = this.flush();
    if (failed) throw failed;
    return null;
  }

  /** Rolls a transaction back: its savepoint only, or the group's transaction when it is its own. */
  rollback(nested: boolean) {
    if (!nested) {
      // Only the group's first transaction is not nested, and nobody joins before it commits.
      this.open = false;
      if (this.database.inTransaction) this.run('rollback');
      return;
    }
    try {
      this.run('rollback to cw_member');
      this.run('release cw_member');
    } catch (error) {
      if (this.database.inTransaction) throw error;
    }
    // Some errors (a full disk, an I/O error) make SQLite roll the whole transaction back: the
    // members' bookings went with it, and they are told so.
    if (!this.database.inTransaction) this.fail(new Error('The database gave up the transaction'));
  }

  /**
   * Before a statement outside any transaction: a write commits the group first (its own
   * autocommit must not join it); a read runs inside the group unless the group is due.
   */
  beforeStatement(readonly: boolean) {
    if (this.open && (!readonly || this.full())) this.flush();
  }

  /** The connection is free and nobody waits: nothing else would commit the group. */
  idle() {
    this.flush();
  }

  private full() {
    return (
      this.members.length >= this.limits.members ||
      performance.now() - this.openedAt >= this.limits.ms
    );
  }

  /** Commits the group and answers its members; the error when the COMMIT failed. */
  private flush(): unknown {
    if (!this.open) return null;
    this.open = false;
    const members = this.members;
    this.members = [];
    try {
      this.run('commit');
    } catch (error) {
      if (this.database.inTransaction) {
        try {
          this.run('rollback');
        } catch {
          // Already rolled back by SQLite itself.
        }
      }
      for (const member of members) member.reject(error);
      return error;
    }
    for (const member of members) member.resolve();
    return null;
  }

  private fail(error: unknown) {
    this.open = false;
    const members = this.members;
    this.members = [];
    for (const member of members) member.reject(error);
  }

  private run(source: string) {
    this.database.prepare(source).run();
  }
}

/** Transactions in one group at most: its first member waits for all the others. */
export const MAX_MEMBERS = 32;
/** How long a group stays open at most, so its first member is not kept waiting for long. */
export const MAX_MS = 10;
