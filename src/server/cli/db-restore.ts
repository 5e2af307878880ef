/**
 * `npm run db:restore -- <fichier>`: puts a backup made by `npm run db:backup` in place of the SQLite
 * database of DATABASE_URL (src/server/db/sqlite-backup.ts). The server must be stopped first. The backup
 * is checked before anything is replaced: PRAGMA integrity_check, Prédi974's tables and migrations.
 * PostgreSQL: pg_restore (docs/administration.md).
 *
 * Exit codes: 0 restored; 1 the restore failed; 2 usage: no file given, file missing, DATABASE_URL not
 * SQLite; 3 refused: the database is open in another process (a running server); 4 refused: the file is
 * not a sound Prédi974 database (not SQLite, damaged, another schema, or from a newer version).
 */
import { DB_FILE_CLI_MESSAGES, dbFileCliText } from '../../shared/messages.js';
import { restoreSqlite } from '../db/sqlite-backup.js';
import { runSqliteFileCommand } from './sqlite-file-command.js';

process.exitCode = await runSqliteFileCommand({
  usage: DB_FILE_CLI_MESSAGES.restoreUsage,
  postgresHint: DB_FILE_CLI_MESSAGES.restorePostgresHint,
  run: async (target, backup) => ({
    said: dbFileCliText.restored(backup, target),
    summary: await restoreSqlite(backup, target),
  }),
  exitCodeOf: (refusal) => refusal.exitCode,
  failure: DB_FILE_CLI_MESSAGES.restoreFailure,
});
