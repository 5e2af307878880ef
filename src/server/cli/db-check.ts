/**
 * Reconciliation: compares every counter with the vote rows it counts in the configured database
 * (DATABASE_URL). Read-only; exit code 0 when all agree, 1 on any mismatch (listed), 2 when it cannot run.
 *
 *   npm run db:check
 */
import { counterCheckText } from '../../shared/messages.js';
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { describeDatabaseUrl, openDatabase } from '../db/database.js';
import { describeMismatch, findCounterMismatches } from '../db/counter-check.js';
import { createLogger } from '../logger.js';

loadDotEnvFile();
const config = loadConfig();
const logger = createLogger(config.logLevel, 'stderr');
const database = openDatabase(config.databaseUrl, { maxConnections: 1 });
const where = describeDatabaseUrl(config.databaseUrl);
try {
  const mismatches = await findCounterMismatches(database.db);
  if (mismatches.length === 0) {
    console.log(counterCheckText.allEqual(where));
  } else {
    console.error(counterCheckText.mismatches(where, mismatches.length));
    for (const mismatch of mismatches) console.error(`  - ${describeMismatch(mismatch)}`);
    process.exitCode = 1;
  }
} catch (error) {
  logger.error({ err: error }, counterCheckText.failed(error instanceof Error ? error.message : String(error)));
  process.exitCode = 2;
} finally {
  await database.close();
}
