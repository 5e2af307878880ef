import { resolve } from 'node:path';
import { dbFileCliText } from '../../shared/messages.js';
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { dialectOf, sqlitePathOf } from '../db/database.js';
import { describeSummary, EXIT, SqliteFileError, type DatabaseSummary } from '../db/sqlite-backup.js';
import { createLogger } from '../logger.js';

/**
 * The shared frame of `db:backup` and `db:restore`: one file argument, SQLite only, the summary printed, a
 * `SqliteFileError` shown in French with its exit code, anything else logged as a failure.
 */
export async function runSqliteFileCommand(options: {
  usage: string;
  /** Said when DATABASE_URL is PostgreSQL: which PostgreSQL tool does the job instead. */
  postgresHint: string;
  /** Does the work on the database's file and the named file; returns the first line to print. */
  run: (sqlitePath: string, file: string) => Promise<{ said: string; summary: DatabaseSummary }>;
  /** The exit code a refusal with this code ends the command with. */
  exitCodeOf: (refusal: SqliteFileError) => number;
  failure: string;
}): Promise<number> {
  loadDotEnvFile();
  const config = loadConfig();
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(options.usage);
    return EXIT.ok;
  }
  if (args.length !== 1 || !args[0]) {
    console.error(options.usage);
    return EXIT.usage;
  }
  if (dialectOf(config.databaseUrl) !== 'sqlite') {
    console.error(options.postgresHint);
    return EXIT.usage;
  }
  try {
    const { said, summary } = await options.run(sqlitePathOf(config.databaseUrl), resolve(args[0]));
    console.log(said);
    console.log(describeSummary(summary));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SqliteFileError) {
      console.error(error.message);
      return options.exitCodeOf(error);
    }
    createLogger(config.logLevel, 'stderr').error(
      { err: error },
      dbFileCliText.failed(options.failure, (error as Error).message),
    );
    return EXIT.failed;
  }
}
