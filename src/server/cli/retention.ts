/**
 * The retention job, once, against the configured database (DATABASE_URL); the server also runs it daily.
 *
 *   npm run retention
 *   npm run retention -- --now 2027-06-01T00:00:00Z   (as if run at that instant: checks and tests)
 */
import { parseArgs } from 'node:util';
import { retentionText } from '../../shared/messages.js';
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { createLogger } from '../logger.js';
import { createRetentionJob } from '../services.js';

const { values } = parseArgs({ options: { now: { type: 'string' } } });
const now = values.now === undefined ? new Date() : new Date(values.now);
if (Number.isNaN(now.getTime())) {
  console.error(`--now : date invalide « ${values.now ?? ''} » (ISO 8601 attendu)`);
  process.exit(2);
}

loadDotEnvFile();
const config = loadConfig();
const logger = createLogger(config.logLevel, 'stderr');
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database);
  // The server's job (src/server/services.ts), each write in a plain transaction: no batcher runs here.
  const job = createRetentionJob({
    runInTransaction: (work) => database.db.transaction().execute(work),
    config,
    clock: () => now,
  });
  const report = await job.run();
  console.log(retentionText.report(report, now.toISOString()));
  console.log(retentionText.protection(report));
} catch (error) {
  logger.error({ err: error }, retentionText.failed(error instanceof Error ? error.message : String(error)));
  process.exitCode = 1;
} finally {
  await database.close();
}
