import { sql } from 'kysely';
import { sqlitePathOf, type Database } from './database.js';
import SQLite, { type SqliteDatabase } from './sqlite-driver.js';

/**
 * Resolves when the tables that votes, the lists and the histories read are all there; rejects otherwise (a
 * database recreated empty, or migrations never applied). Reads no row: the join is empty by its condition.
 */
export async function servedTablesPresent(database: Database): Promise<void> {
  await sql`select 1 from markets, votes, municipal_markets, municipal_candidates, municipal_votes where 1 = 0`.execute(
    database.db,
  );
}

/**
 * Takes and releases SQLite's write lock (BEGIN IMMEDIATE; ROLLBACK) on a connection of its own that never
 * waits (busy_timeout 0), so a check never blocks the event loop nor holds the lock across a turn of it.
 */
export class SqliteWriteProbe {
  private probe: SqliteDatabase | null = null;

  constructor(private readonly database: Database) {}

  /** True when the lock could be taken now (or, in memory, when the database answers a read). */
  tryWriteLock(): boolean {
    try {
      const probe = this.open();
      if (probe === null) {
        // An in-memory database has no other connection to contend with: a read is enough.
        this.database.sqlite?.prepare('select 1').get();
        return true;
      }
      probe.exec('BEGIN IMMEDIATE');
      probe.exec('ROLLBACK');
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.probe?.close();
    this.probe = null;
  }

  private open(): SqliteDatabase | null {
    const path = sqlitePathOf(this.database.url);
    if (path === ':memory:') return null;
    if (this.probe === null) {
      const probe = new SQLite(path, { fileMustExist: true });
      probe.pragma('busy_timeout = 0');
      this.probe = probe;
    }
    return this.probe;
  }
}
