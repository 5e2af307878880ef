/**
 * `npm run db:backup -- <fichier>`: a consistent copy of the SQLite database of DATABASE_URL, taken with
 * SQLite's online backup API while the server keeps running and writing (src/server/db/sqlite-backup.ts).
 * The new file is checked (integrity, Prédi974 schema) before it gets its name; an existing file is never
 * overwritten. PostgreSQL: pg_dump (docs/administration.md).
 *
 * Exit codes: 0 backup written and checked; 1 the copy failed (nothing left under that name);
 * 2 usage: no file given, file already there, DATABASE_URL not SQLite, database missing.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { dialectOf, sqlitePathOf } from '../db/database.js';
import { backupSqlite, describeSummary, EXIT, SqliteFileError } from '../db/sqlite-backup.js';
import { createLogger } from '../logger.js';

const USAGE = `Usage : npm run db:backup -- <fichier>

Copie cohérente de la base SQLite de DATABASE_URL dans <fichier> (qui ne doit pas exister), serveur en marche.
Codes de sortie : 0 sauvegarde écrite et vérifiée, 1 échec de la copie, 2 mauvais usage.`;

loadDotEnvFile();
const config = loadConfig();
const logger = createLogger(config.logLevel, 'stderr');

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return EXIT.ok;
  }
  if (args.length !== 1 || !args[0]) {
    console.error(USAGE);
    return EXIT.usage;
  }
  if (dialectOf(config.databaseUrl) !== 'sqlite') {
    console.error('DATABASE_URL désigne PostgreSQL : sauvegardez avec pg_dump -Fc (voir docs/administration.md).');
    return EXIT.usage;
  }
  const source = sqlitePathOf(config.databaseUrl);
  const destination = resolve(args[0]);
  const started = Date.now();
  try {
    const summary = await backupSqlite(source, destination);
    console.log(`Sauvegarde de ${source} écrite dans ${destination} en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(describeSummary(summary));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SqliteFileError) {
      console.error(error.message);
      return error.exitCode === EXIT.usage ? EXIT.usage : EXIT.failed;
    }
    logger.error({ err: error }, `Sauvegarde échouée, aucun fichier écrit : ${(error as Error).message}`);
    return EXIT.failed;
  }
}

process.exitCode = await main(process.argv.slice(2));
