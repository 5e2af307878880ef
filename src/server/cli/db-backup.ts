/**
 * `npm run db:backup -- <fichier>`: a consistent copy of the SQLite database of DATABASE_URL, taken with
 * SQLite's online backup API while the server keeps running and writing (src/server/db/sqlite-backup.ts).
 * The new file is checked (integrity, Prédi974 schema) before it gets its name; an existing file is never
 * overwritten. PostgreSQL: pg_dump (docs/administration.md).
 *
 * Exit codes: 0 backup written and checked; 1 the copy failed (nothing left under that name);
 * 2 usage: no file given, file already there, DATABASE_URL not SQLite, database missing.
 */
import { DB_FILE_CLI_MESSAGES, dbFileCliText } from '../../shared/messages.js';
import { backupSqlite, EXIT } from '../db/sqlite-backup.js';
import { runSqliteFileCommand } from './sqlite-file-command.js';

process.exitCode = await runSqliteFileCommand({
  usage: DB_FILE_CLI_MESSAGES.backupUsage,
  postgresHint: DB_FILE_CLI_MESSAGES.backupPostgresHint,
  run: async (source, destination) => {
    const started = Date.now();
    const summary = await backupSqlite(source, destination);
    return {
      said: dbFileCliText.backupWritten(source, destination, ((Date.now() - started) / 1000).toFixed(1)),
      summary,
    };
  },
  exitCodeOf: (refusal) => (refusal.exitCode === EXIT.usage ? EXIT.usage : EXIT.failed),
  failure: DB_FILE_CLI_MESSAGES.backupFailure,
});
