/**
 * The retention job, once, against the configured database (DATABASE_URL); the server also runs it daily.
 *
 *   npm run retention
 *   npm run retention -- --now 2027-06-01T00:00:00Z   (as if run at that instant: checks and tests)
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { createLogger } from '../logger.js';
import { runRetention } from '../privacy/retention.js';
import { purgeExpiredRateLimits } from '../http/rate-limit-repository.js';
import { purgeExpiredProtectionRows } from '../protection/protection-repository.js';

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
  const report = await runRetention({
    runInTransaction: (work) => database.db.transaction().execute(work),
    now,
    municipalElectionEnd: config.municipalElectionEnd,
  });
  console.log(
    `Rétention (${now.toISOString()}) : ${report.forgottenDevices} empreinte(s) oubliée(s), ` +
      `${report.unlinkedVotes} vote(s) et ${report.unlinkedMunicipalVotes} vote(s) municipal(aux) détaché(s), ` +
      `${report.purgedSignals} signal(aux) de détection de rafales effacé(s).`,
  );
  const purged = await purgeExpiredProtectionRows(database.db, now.getTime());
  const purgedRateLimits = await purgeExpiredRateLimits(database.db, now.getTime());
  console.log(
    `Protection des votes : ${purged.challenges} preuve(s) expirée(s), ${purged.counters} compteur(s) périmé(s) et ` +
      `${purgedRateLimits} compteur(s) de limite de débit périmé(s) effacés.`,
  );
} catch (error) {
  logger.error({ err: error }, `Rétention : échec — ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
