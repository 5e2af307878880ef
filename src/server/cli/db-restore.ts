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
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { loadDotEnvFile } from '../dotenv.js';
import { dialectOf, sqlitePathOf } from '../db/database.js';
import { describeSummary, EXIT, restoreSqlite, SqliteFileError } from '../db/sqlite-backup.js';
import { createLogger } from '../logger.js';

const USAGE = `Usage : npm run db:restore -- <fichier>

Remplace la base SQLite de DATABASE_URL par la sauvegarde <fichier>, serveur arrêté.
Codes de sortie : 0 restaurée, 1 échec, 2 mauvais usage, 3 base ouverte par un serveur en marche,
4 le fichier n’est pas une base Prédi974 saine.`;

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
    console.error('DATABASE_URL désigne PostgreSQL : restaurez avec pg_restore (voir docs/administration.md).');
    return EXIT.usage;
  }
  const target = sqlitePathOf(config.databaseUrl);
  const backup = resolve(args[0]);
  try {
    const summary = await restoreSqlite(backup, target);
    console.log(`Sauvegarde ${backup} restaurée dans ${target}.`);
    console.log(describeSummary(summary));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SqliteFileError) {
      console.error(error.message);
      return error.exitCode;
    }
    logger.error({ err: error }, `Restauration échouée : ${(error as Error).message}`);
    return EXIT.failed;
  }
}

process.exitCode = await main(process.argv.slice(2));
