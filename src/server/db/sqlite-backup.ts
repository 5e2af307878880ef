import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { DB_FILE_CLI_MESSAGES, dbFileCliText } from '../../shared/messages.js';
import { findCounterMismatches } from './counter-check.js';
import { knownMigrationNames } from './migrator.js';
import type { DB } from './schema.js';
import SQLite, { type SqliteDatabase } from './sqlite-driver.js';

/**
 * Backups and restores of an SQLite database (`npm run db:backup` / `db:restore`, docs/administration.md,
 * docs/decisions/033-sqlite-backup-and-restore.md).
 *
 * A backup is SQLite's online backup API, never a file copy: the pages are read inside one read transaction
 * of the live database, so the copy is the database as it was at one instant, whatever the server writes
 * meanwhile (WAL: readers do not block the writer). A restore checks the backup first, then refuses to touch
 * a database another process has open, and replaces it whole.
 */

/** A refusal or failure with the exit code its command line ends with, and a French message. */
export class SqliteFileError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Exit codes of `db:backup` and `db:restore` (documented in docs/administration.md). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  inUse: 3,
  notAPredi974Database: 4,
} as const;

/** Returned to the backup API's progress callback: every remaining page in the next step. */
const ALL_REMAINING_PAGES = 0x7fffffff;

/** The tables a Prédi974 database has since its first migration. */
const CORE_TABLES = ['markets', 'votes', 'municipal_markets', 'municipal_candidates', 'municipal_votes'];

export interface DatabaseSummary {
  migrations: number;
  votes: number;
  municipalVotes: number;
  /** Counters that differ from the vote rows they count (0 in a sound database). */
  counterMismatches: number;
}

/** One French line for the command lines. */
export function describeSummary(summary: DatabaseSummary): string {
  const counters =
    summary.counterMismatches === 0
      ? DB_FILE_CLI_MESSAGES.countersEqual
      : dbFileCliText.countersDiffer(summary.counterMismatches);
  return dbFileCliText.summary(summary, counters);
}

const codeOf = (error: unknown): string | undefined =>
  error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;

/** Removes the files SQLite keeps beside a database (journal, WAL and its index). */
function removeSideFiles(path: string): void {
  for (const suffix of ['-journal', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

/**
 * What a file holds, checked before it is trusted: an SQLite database whose pages pass
 * `PRAGMA integrity_check`, with Prédi974's tables and only migrations this version knows.
 * Throws a SqliteFileError (exit code 4) otherwise.
 */
export async function inspectPredi974Database(path: string): Promise<DatabaseSummary> {
  let sqlite: SqliteDatabase;
  try {
    sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new SqliteFileError(dbFileCliText.cannotOpen(path, (error as Error).message), EXIT.usage);
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  const refuse = (why: string) => new SqliteFileError(dbFileCliText.notAPredi974Database(path, why), EXIT.notAPredi974Database);
  try {
    let integrity: string[];
    try {
      integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      throw refuse(
        codeOf(error) === 'SQLITE_NOTADB'
          ? DB_FILE_CLI_MESSAGES.notSqlite
          : dbFileCliText.integrityCheckFailed((error as Error).message),
      );
    }
    if (integrity.length !== 1 || integrity[0] !== 'ok') {
      throw refuse(dbFileCliText.integrityProblems(integrity.length, integrity[0] ?? '?'));
    }
    const tables = new Set(sqlite.prepare(`select name from sqlite_master where type = 'table'`).pluck().all() as string[]);
    if (!tables.has('kysely_migration')) throw refuse(DB_FILE_CLI_MESSAGES.noMigrationTable);
    const missing = CORE_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) throw refuse(dbFileCliText.missingTables(missing));
    const applied = sqlite.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    const known = new Set(knownMigrationNames());
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw refuse(dbFileCliText.newerVersion(unknown));
    }
    if (!applied.includes('0001-initial')) throw refuse(DB_FILE_CLI_MESSAGES.firstMigrationMissing);
    const count = (table: 'votes' | 'municipal_votes') => Number(sqlite.prepare(`select count(*) from ${table}`).pluck().get());
    return {
      migrations: applied.length,
      votes: count('votes'),
      municipalVotes: count('municipal_votes'),
      counterMismatches: (await findCounterMismatches(db)).length,
    };
  } finally {
    await db.destroy();
  }
}

/**
 * Takes an exclusive lock on an existing database, or refuses (exit code 3) when another process has it
 * open. A server keeps its connection in WAL mode, and every WAL connection holds a shared lock on the
 * database file for as long as it is open (that is how the last one to close knows it may checkpoint):
 * leaving WAL mode needs that no other connection exists, so `journal_mode = DELETE` fails with
 * SQLITE_BUSY at once (no busy timeout) while a server, a `db:check` or a backup has the file open.
 * The lock is then kept (locking_mode EXCLUSIVE) until the returned handle is closed. Null when the file
 * is not an SQLite database at all: nothing can be using it as one.
 */
function lockUnusedDatabase(path: string): SqliteDatabase | null {
  const sqlite = new SQLite(path, { fileMustExist: true, timeout: 0 });
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = DELETE');
    sqlite.exec('BEGIN EXCLUSIVE; COMMIT');
    return sqlite;
  } catch (error) {
    sqlite.close();
    const code = codeOf(error);
    if (code === 'SQLITE_NOTADB') return null;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new SqliteFileError(dbFileCliText.databaseInUse(path), EXIT.inUse);
    }
    throw error;
  }
}

/** Copies `sourcePath` into a new file `destinationPath` with the backup API, in one consistent read. */
async function copyWithBackupApi(source: SqliteDatabase, destinationPath: string): Promise<void> {
  await source.backup(destinationPath, { progress: () => ALL_REMAINING_PAGES });
}

/**
 * A consistent copy of the live database at `sourcePath` into the new file `destinationPath` (never
 * overwritten), written beside it under another name first and renamed once whole and checked, so a
 * backup interrupted half-way never looks like a complete one.
 */
export async function backupSqlite(sourcePath: string, destinationPath: string): Promise<DatabaseSummary> {
  if (!existsSync(sourcePath)) throw new SqliteFileError(dbFileCliText.databaseMissing(sourcePath), EXIT.usage);
  if (existsSync(destinationPath)) {
    throw new SqliteFileError(dbFileCliText.destinationExists(destinationPath), EXIT.usage);
  }
  if (!existsSync(dirname(destinationPath))) {
    throw new SqliteFileError(dbFileCliText.folderMissing(dirname(destinationPath)), EXIT.usage);
  }
  const partial = `${destinationPath}.partielle`;
  rmSync(partial, { force: true });
  removeSideFiles(partial);
  const source = new SQLite(sourcePath, { fileMustExist: true, timeout: 5_000 });
  try {
    await copyWithBackupApi(source, partial);
    // One self-contained file: no WAL beside it.
    const copy = new SQLite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const summary = await inspectPredi974Database(partial);
    renameSync(partial, destinationPath);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    removeSideFiles(partial);
    throw error;
  } finally {
    source.close();
  }
}

/**
 * Puts the backup `backupPath` in place of the database at `targetPath`: the backup is checked first
 * (integrity, Prédi974 schema), the target must be unused (no server running on it), then the backup is
 * copied beside the target and renamed over it, and the target's old WAL and journal are removed.
 */
export async function restoreSqlite(backupPath: string, targetPath: string): Promise<DatabaseSummary> {
  if (!existsSync(backupPath)) throw new SqliteFileError(dbFileCliText.backupMissing(backupPath), EXIT.usage);
  const summary = await inspectPredi974Database(backupPath);
  mkdirSync(dirname(targetPath), { recursive: true });
  const lock = existsSync(targetPath) ? lockUnusedDatabase(targetPath) : null;
  const staging = `${targetPath}.restauration`;
  try {
    rmSync(staging, { force: true });
    removeSideFiles(staging);
    const source = new SQLite(backupPath, { readonly: true, fileMustExist: true });
    try {
      await copyWithBackupApi(source, staging);
    } finally {
      source.close();
    }
    const restored = new SQLite(staging);
    restored.pragma('journal_mode = WAL');
    restored.close();
    // Nothing of the old database may be replayed into the new one.
    removeSideFiles(targetPath);
    renameSync(staging, targetPath);
    return summary;
  } catch (error) {
    rmSync(staging, { force: true });
    removeSideFiles(staging);
    throw error;
  } finally {
    lock?.close();
  }
}
