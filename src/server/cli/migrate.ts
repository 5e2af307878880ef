/**
 * `npm run migrate`: brings the database named by DATABASE_URL to the latest schema. Run it once
 * before rolling out a new version to several instances; each instance also migrates on start, which
 * is then a no-op. Exits non-zero when a migration fails or the database does not answer.
 */
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { describeDatabaseUrl, openDatabase } from '../db/database.js';
import { appliedMigrations, migrateToLatest } from '../db/migrator.js';
import { createLogger } from '../logger.js';

loadDotEnvFile();
const config = loadConfig();
const logger = createLogger(config.logLevel, 'stderr');

async function main(): Promise<void> {
  const { databaseUrl } = config;
  const database = openDatabase(databaseUrl, { maxConnections: 1 });
  try {
    console.log(`Migrating ${database.dialect} database ${describeDatabaseUrl(databaseUrl)}`);
    const applied = await migrateToLatest(database);
    const known = (await appliedMigrations(database.db)) ?? [];
    if (applied.length === 0) console.log(`Already up to date (${known.length} migration(s) applied earlier).`);
    for (const name of applied) console.log(`Applied ${name}`);
    if (applied.length > 0) console.log(`Done: ${applied.length} migration(s) applied, ${known.length} in total.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ err: error }, message.startsWith('Migration failed') ? message : `Migration failed: ${message}`);
  process.exitCode = 1;
});
