/**
 * `npm run db:backup -- <fichier>`: a consistent copy of the SQLite database of DATABASE_URL, taken with
 * SQLite's online backup API while the server keeps running and writing (src/server/db/sqlite-backup.ts).
 * The new file is checked (integrity, Prédi974 schema) before it gets its name; an existing file is never
 * overwritten. PostgreSQL: pg_dump (docs/administration.md).
 *
 * Exit codes: 0 backup written and checked; 1 the copy failed (nothing left under that name);
 * 2 usage: no file given, file already there, DATABASE_URL not SQLite, database missing.
 */
import { backupSqlite, EXIT } from '../db/sqlite-backup.js';
import { runSqliteFileCommand } from './sqlite-file-command.js';

const USAGE = `Usage : npm run db:backup -- <fichier>

Copie cohérente de la base SQLite de DATABASE_URL dans <fichier> (qui ne doit pas exister), serveur en marche.
Codes de sortie : 0 sauvegarde écrite et vérifiée, 1 échec de la copie, 2 mauvais usage.`;

process.exitCode = await runSqliteFileCommand({
  usage: USAGE,
  postgresHint: 'DATABASE_URL désigne PostgreSQL : sauvegardez avec pg_dump -Fc (voir docs/administration.md).',
  run: async (source, destination) => {
    const started = Date.now();
    const summary = await backupSqlite(source, destination);
    return {
      said: `Sauvegarde de ${source} écrite dans ${destination} en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      summary,
    };
  },
  exitCodeOf: (refusal) => (refusal.exitCode === EXIT.usage ? EXIT.usage : EXIT.failed),
  failure: 'Sauvegarde échouée, aucun fichier écrit',
});
