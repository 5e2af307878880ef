import SQLite, { type SqliteDatabase } from './sqlite-driver.js';

/**
 * Opens a connection to the SQLite file with the settings every connection of the server uses: the server's
 * own (reads, admin writes) and the writer thread's (vote batches), so both commit with the same durability.
 */
export function openSqliteConnection(path: string): SqliteDatabase {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  // A vote is acknowledged only once it is on disk: COMMIT returns after the WAL's fsync.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}
