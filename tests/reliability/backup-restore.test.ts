/**
 * Backups that restore: `db:backup` run as a real process while a real server takes votes, then
 * `db:restore` into a fresh file for a fresh server. Every vote acknowledged before the backup began is in
 * the restored database, and every counter equals its rows. The restore refuses a database a running
 * server holds, and files that are not sound Prédi974 databases, changing nothing.
 */
import { execFile } from 'node:child_process';
import {
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
  copyFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.js';
import SQLite from '../../src/server/db/sqlite-driver.js';
import { cliArguments, startServerProcess } from '../support/server-process.js';
import { missingAcked } from './support/check-acked.js';
import { counterMismatches, openFixtureDatabase } from './support/fixtures.js';
import { count5xx, newLoadStats, startVoteLoad } from './support/load.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A command line as the operator runs it (`npm run db:… -- <file>`), from the bundle of this tree. */
function runCli(name: 'db-backup' | 'db-restore', databaseUrl: string, args: string[]): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      cliArguments(name, args),
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

const voteRows = (path: string): number => {
  const sqlite = new SQLite(path, { readonly: true });
  try {
    return Number(sqlite.prepare('select count(*) from votes').pluck().get());
  } finally {
    sqlite.close();
  }
};

describe('db:backup and db:restore (SQLite)', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'predi974-backup-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'backs up a live database under vote load; the restore holds every vote acknowledged before',
    { timeout: 180_000 },
    async () => {
      const live = join(dir, 'live.db');
      const fixtures = await openFixtureDatabase(`sqlite:${live}`);
      await fixtures.close();
      const server = await startServerProcess(`sqlite:${live}`);
      // A reader keeping an old snapshot (as a long report would) stops checkpoints from copying anything
      // into the main file: the votes are only in the WAL, which a plain copy of the file would miss.
      const reader = new SQLite(live, { readonly: true });
      reader.exec('BEGIN');
      expect(reader.prepare('select count(*) from votes').pluck().get()).toBe(0);
      const stats = newLoadStats();
      const load = startVoteLoad({ url: server.url }, 8, stats);
      try {
        while (stats.acked.length < 200) await new Promise((done) => setTimeout(done, 20));
        // Every vote acknowledged so far was committed before the backup process even started.
        const ackedBefore = [...stats.acked];
        const backupFile = join(dir, 'sauvegarde.db');
        const backup = await runCli('db-backup', `sqlite:${live}`, [backupFile]);
        const ackedDuring = stats.acked.length - ackedBefore.length;
        expect(backup.stderr).toBe('');
        expect(backup.code).toBe(0);
        expect(backup.stdout).toMatch(/^Sauvegarde de .*live\.db écrite dans .*sauvegarde\.db en \d+\.\d s\.$/m);
        expect(backup.stdout).toMatch(/intégrité vérifiée ; compteurs égaux aux votes enregistrés\.$/m);
        // The server kept taking votes while the backup ran.
        expect(ackedDuring).toBeGreaterThan(0);
        await load.stop();
        reader.exec('COMMIT');
        reader.close();
        server.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
        expect(count5xx(stats)).toBe(0);

        const restoredPath = join(dir, 'restauree', 'predi974.db');
        const restore = await runCli('db-restore', `sqlite:${restoredPath}`, [backupFile]);
        expect(restore.stderr).toBe('');
        expect(restore.code).toBe(0);
        expect(restore.stdout).toMatch(/^Sauvegarde .*sauvegarde\.db restaurée dans .*predi974\.db\.$/m);

        const restoredServer = await startServerProcess(`sqlite:${restoredPath}`);
        const restored = openDatabase(`sqlite:${restoredPath}`);
        try {
          expect(await missingAcked(restored, ackedBefore)).toEqual([]);
          expect(await counterMismatches(restored)).toEqual([]);
          // A snapshot, not the live file: the votes acknowledged after the backup are not in it.
          const rows = voteRows(restoredPath);
          const marketAcked = stats.acked.filter((vote) => vote.kind === 'market').length;
          expect(rows).toBeLessThan(marketAcked);
          const markets = (await (await fetch(`${restoredServer.url}/api/markets`)).json()) as { totalVotes: number }[];
          expect(markets.reduce((sum, market) => sum + market.totalVotes, 0)).toBe(rows);
          console.log(
            `backup under load: ${ackedBefore.length} acknowledged before it, ${ackedDuring} during it, ` +
              `${stats.acked.length} in all; ${rows} market vote rows restored`,
          );
        } finally {
          await restored.close();
          restoredServer.kill('SIGTERM');
          await restoredServer.exited;
        }
      } finally {
        await load.stop();
        server.kill('SIGKILL');
        await server.exited;
      }
    },
  );

  it(
    'refuses to restore over the database of a running server, and restores once it is stopped',
    { timeout: 120_000 },
    async () => {
      const live = join(dir, 'en-service.db');
      const fixtures = await openFixtureDatabase(`sqlite:${live}`);
      await fixtures.close();
      const backupFile = join(dir, 'vide.db');
      expect((await runCli('db-backup', `sqlite:${live}`, [backupFile])).code).toBe(0);

      const server = await startServerProcess(`sqlite:${live}`);
      try {
        const vote = await fetch(`${server.url}/api/votes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ marketId: 'fiab-a', voteType: 'yes', fingerprint: 'a'.repeat(64) }),
        });
        expect(vote.status).toBe(200);
        const refused = await runCli('db-restore', `sqlite:${live}`, [backupFile]);
        expect(refused.code).toBe(3);
        expect(refused.stderr).toContain(
          `Restauration refusée : la base ${live} est ouverte par un autre processus (un serveur Prédi974 en marche ?). ` +
            'Arrêtez le serveur (systemctl stop predi974), puis relancez la restauration.',
        );
        // Nothing replaced: the server still serves the vote taken after the backup.
        const market = (await (await fetch(`${server.url}/api/markets/fiab-a`)).json()) as { yesVotes: number };
        expect(market.yesVotes).toBe(1);
      } finally {
        server.kill('SIGTERM');
        await server.exited;
      }
      expect(voteRows(live)).toBe(1);
      const restore = await runCli('db-restore', `sqlite:${live}`, [backupFile]);
      expect(restore.code).toBe(0);
      expect(voteRows(live)).toBe(0);
    },
  );

  it('refuses files that are not sound Prédi974 databases and leaves the target as it was', { timeout: 120_000 }, async () => {
    const target = join(dir, 'cible.db');
    const fixtures = await openFixtureDatabase(`sqlite:${target}`);
    await fixtures.close();
    const before = readFileSync(target);

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'ceci n’est pas une base\n'.repeat(200));
    const other = join(dir, 'autre.db');
    const foreign = new SQLite(other);
    foreign.exec('create table clients (id integer primary key, nom text)');
    foreign.close();
    const newer = join(dir, 'plus-recente.db');
    copyFileSync(target, newer);
    const newerDb = new SQLite(newer);
    newerDb.prepare(`insert into kysely_migration (name, timestamp) values ('9999-future', 'x')`).run();
    newerDb.close();
    // A Prédi974 database whose predictions table has its first page overwritten.
    const damaged = join(dir, 'abimee.db');
    copyFileSync(target, damaged);
    const damagedDb = new SQLite(damaged);
    const pageSize = Number(damagedDb.pragma('page_size', { simple: true }));
    const rootPage = Number(damagedDb.prepare(`select rootpage from sqlite_master where name = 'markets'`).pluck().get());
    damagedDb.close();
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(16, 0xff), 0, 16, (rootPage - 1) * pageSize);
    closeSync(fd);

    const cases: [string, string][] = [
      [text, `${text} n’est pas une base Prédi974 utilisable : ce n’est pas une base SQLite.`],
      [other, `${other} n’est pas une base Prédi974 utilisable : elle n’a pas de table des migrations (kysely_migration).`],
      [
        newer,
        `${newer} n’est pas une base Prédi974 utilisable : elle vient d’une version plus récente de Prédi974 (migrations inconnues : 9999-future).`,
      ],
      [damaged, `${damaged} n’est pas une base Prédi974 utilisable : le contrôle d’intégrité (PRAGMA integrity_check) a `],
    ];
    // Side by side (each command line takes a few seconds to start); each is refused before touching the target.
    const [missing, ...runs] = await Promise.all([
      runCli('db-restore', `sqlite:${target}`, [join(dir, 'absente.db')]),
      ...cases.map(([file]) => runCli('db-restore', `sqlite:${target}`, [file])),
    ]);
    for (const [index, [file, message]] of cases.entries()) {
      const run = runs[index];
      expect({ file, code: run?.code, stderr: run?.stderr.startsWith(message) }).toEqual({ file, code: 4, stderr: true });
    }
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`La sauvegarde ${join(dir, 'absente.db')} n’existe pas.\n`);
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(statSync(target).size).toBe(before.length);
  });

  it('never overwrites a file and sends PostgreSQL to pg_dump / pg_restore', { timeout: 120_000 }, async () => {
    const live = join(dir, 'live-2.db');
    const fixtures = await openFixtureDatabase(`sqlite:${live}`);
    await fixtures.close();
    const existing = join(dir, 'deja-la.db');
    writeFileSync(existing, 'contenu');
    const [backup, pgBackup, pgRestore, noFile] = await Promise.all([
      runCli('db-backup', `sqlite:${live}`, [existing]),
      runCli('db-backup', 'postgres://postgres@127.0.0.1:5432/test', [join(dir, 'pg.db')]),
      runCli('db-restore', 'postgres://postgres@127.0.0.1:5432/test', [existing]),
      runCli('db-backup', `sqlite:${live}`, []),
    ]);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toBe(
      `${existing} existe déjà : une sauvegarde n’en écrase jamais une autre, choisissez un autre nom.\n`,
    );
    expect(readFileSync(existing, 'utf8')).toBe('contenu');
    expect(pgBackup.code).toBe(2);
    expect(pgBackup.stderr).toBe(
      'DATABASE_URL désigne PostgreSQL : sauvegardez avec pg_dump -Fc (voir docs/administration.md).\n',
    );
    expect(pgRestore.code).toBe(2);
    expect(pgRestore.stderr).toBe('DATABASE_URL désigne PostgreSQL : restaurez avec pg_restore (voir docs/administration.md).\n');
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('Usage : npm run db:backup -- <fichier>');
  });
});
