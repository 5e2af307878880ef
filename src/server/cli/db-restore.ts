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
import { restoreSqlite } from '../db/sqlite-backup.js';
import { runSqliteFileCommand } from './sqlite-file-command.js';

const USAGE = `Usage : npm run db:restore -- <fichier>

Remplace la base SQLite de DATABASE_URL par la sauvegarde <fichier>, serveur arrêté.
Codes de sortie : 0 restaurée, 1 échec, 2 mauvais usage, 3 base ouverte par un serveur en marche,
4 le fichier n’est pas une base Prédi974 saine.`;

process.exitCode = await runSqliteFileCommand({
  usage: USAGE,
  postgresHint: 'DATABASE_URL désigne PostgreSQL : restaurez avec pg_restore (voir docs/administration.md).',
  run: async (target, backup) => ({
    said: `Sauvegarde ${backup} restaurée dans ${target}.`,
    summary: await restoreSqlite(backup, target),
  }),
  exitCodeOf: (refusal) => refusal.exitCode,
  failure: 'Restauration échouée',
});
