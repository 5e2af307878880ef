import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import type { DB } from '../../src/server/db/schema.js';
import { createServer } from '../../src/server/server.js';
import type { Market } from '../../src/shared/market.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { SEED_MARKETS, knownOpen } from '../support/seed-markets.js';
import { getJson, newFingerprint, postJson, startTestServer } from '../support/test-server.js';
import { cliArguments } from '../support/server-process.js';

/** Runs `npm run db:copy` as an operator would (the same command, from the bundle of this tree). */
function runCopy(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArguments('db-copy', args), { env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Every table holding the site's data; rate-limit windows, protection budgets, spent challenges and the
 * burst detection's signals are short-lived and deliberately not copied.
 */
const NOT_COPIED = ['rate_limits', 'protection_counters', 'spent_challenges', 'vote_signals'];
/** The histories' step counts are counted again from the copied vote rows: they must equal the source's. */
const COUNTED_AGAIN = [
  { name: 'market_vote_hours', key: 'hour' },
  { name: 'market_vote_minutes', key: 'minute' },
  { name: 'municipal_vote_hours', key: 'hour' },
  { name: 'municipal_vote_minutes', key: 'minute' },
] as const;
const TABLES: { name: keyof DB; key: string }[] = [
  { name: 'markets', key: 'id' },
  { name: 'votes', key: 'id' },
  { name: 'municipal_markets', key: 'id' },
  { name: 'municipal_candidates', key: 'id' },
  { name: 'municipal_votes', key: 'id' },
  { name: 'news_items', key: 'id' },
  { name: 'weather_alerts', key: 'id' },
  { name: 'app_meta', key: 'key' },
  { name: 'protection_daily', key: 'key' },
  { name: 'bursts', key: 'id' },
];

async function dumpTable(database: Database, table: keyof DB, key: string): Promise<Record<string, unknown>[]> {
  const rows = await database.db.selectFrom(table).selectAll().execute();
  // Sorted in JavaScript: the engines' text collations differ, the copy must not.
  return (rows as Record<string, unknown>[]).sort((a, b) => {
    const x = a[key] as string | number;
    const y = b[key] as string | number;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A step-count table without its zero rows (an erased or excluded vote can leave one), in one order on both engines. */
async function dumpSteps(database: Database, table: (typeof COUNTED_AGAIN)[number]['name'], step: string) {
  const rows = (await database.db.selectFrom(table).selectAll().execute()) as Record<string, string | number | undefined>[];
  const key = (row: Record<string, string | number | undefined>) =>
    `${row.market_id ?? ''} ${row.candidate_id ?? ''} ${row[step] ?? ''}`;
  return rows
    .filter((row) => Number(row.yes_votes ?? 0) + Number(row.no_votes ?? 0) + Number(row.votes ?? 0) !== 0)
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

// Each case spawns the command and copies ~60,000 demo rows: slow on a busy machine.
describe('npm run db:copy: SQLite → PostgreSQL', { timeout: 120_000 }, () => {
  let sqliteDb: TestDatabase;
  let pgDb: TestDatabase;
  let votesCast = 0;

  beforeAll(async () => {
    // A real SQLite file as a running server leaves it: demo data plus votes from devices.
    // Off (load-style): some 130 votes fill the database that is then copied; the copy is under test.
    const server = await startTestServer('sqlite', { VOTE_PROTECTION: 'off' });
    sqliteDb = server.database;
    const markets = knownOpen((await getJson<Market[]>(`${server.url}/api/markets`)).body);
    const communes = (await getJson<{ id: string; candidates: { id: string }[] }[]>(`${server.url}/api/municipal`)).body;
    for (let index = 0; index < 60; index++) {
      const market = markets[index % markets.length]!;
      const fingerprint = newFingerprint();
      const vote = await postJson(`${server.url}/api/votes`, {
        marketId: market.id,
        voteType: index % 3 === 0 ? 'no' : 'yes',
        fingerprint,
      });
      expect(vote.status).toBe(200);
      votesCast++;
      // Some devices change their mind: the row is updated, not added.
      if (index % 10 === 0) await postJson(`${server.url}/api/votes`, { marketId: market.id, voteType: 'yes', fingerprint });
      const commune = communes[index % communes.length]!;
      const municipal = await postJson(`${server.url}/api/municipal/${commune.id}/votes`, {
        candidateId: commune.candidates[0]!.id,
        fingerprint,
      });
      expect(municipal.status).toBe(201);
    }
    await server.server.stop();
    pgDb = await createTestDatabase('postgres');
  }, 120_000);
  afterAll(async () => {
    await sqliteDb?.drop();
    await pgDb?.drop();
  });

  it('copies every table row for row, ids included, verifies counters and prints a summary', async () => {
    const { code, stdout, stderr } = await runCopy(['--from', sqliteDb.url, '--to', pgDb.url, '--chunk', '700']);
    console.log(stdout);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/applied 0001-initial/);
    expect(stdout).toMatch(/Verified: every table's row count equals the source's/);
    expect(stdout).toMatch(/Verified: counters equal vote rows for \d+ markets, \d+ candidates, 24 communes/);

    const source = openDatabase(sqliteDb.url);
    const target = openDatabase(pgDb.url);
    try {
      // The list checked below is the whole schema: a table added later and left out of the copy fails here.
      const schemaTables = (await source.db.introspection.getTables())
        .map((table) => table.name)
        .filter(
          (name) =>
            !name.startsWith('kysely_') && !NOT_COPIED.includes(name) && !COUNTED_AGAIN.some((table) => table.name === name),
        );
      expect(schemaTables.sort()).toEqual(TABLES.map((table) => table.name).sort());
      const counts: Record<string, number> = {};
      for (const table of TABLES) {
        const [from, to] = await Promise.all([
          dumpTable(source, table.name, table.key),
          dumpTable(target, table.name, table.key),
        ]);
        expect(to, table.name).toEqual(from);
        counts[table.name] = to.length;
        expect(stdout).toMatch(new RegExp(`${table.name}\\s+${to.length} rows`));
      }
      console.log(
        `db:copy row counts (SQLite = PostgreSQL): ${JSON.stringify(counts)}; votes cast through the API before the copy: ${votesCast}`,
      );
      expect(counts.votes).toBeGreaterThan(votesCast);
      // Kept vote by vote in the source (the votes cast above), counted from the rows in the target: the same.
      for (const table of COUNTED_AGAIN) {
        const [from, to] = await Promise.all([
          dumpSteps(source, table.name, table.key),
          dumpSteps(target, table.name, table.key),
        ]);
        expect(to, table.name).toEqual(from);
        expect(to.length, table.name).toBeGreaterThan(0);
      }
      const fingerprinted = await target.db.selectFrom('votes').select('id').where('fingerprint', 'is not', null).execute();
      expect(fingerprinted).toHaveLength(votesCast);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('leaves PostgreSQL ready to serve: the next vote gets a fresh id past the copied ones', async () => {
    const server = await createServer(
      loadConfig({ DATABASE_URL: pgDb.url, RATE_LIMIT: 'off', VOTE_PROTECTION: 'off', LOG_LEVEL: 'silent' }),
      {
        logger: false,
        webRoot: '/nonexistent',
      },
    );
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      const url = `http://127.0.0.1:${address.port}`;
      const market = (await getJson<Market>(`${url}/api/markets/${SEED_MARKETS.open}`)).body;
      const vote = await postJson<{ market: Market }>(`${url}/api/votes`, {
        marketId: market.id,
        voteType: 'yes',
        fingerprint: newFingerprint(),
      });
      expect(vote.status).toBe(200);
      expect(vote.body.market.totalVotes).toBe(market.totalVotes + 1);
      const communes = (await getJson<{ id: string; candidates: { id: string }[] }[]>(`${url}/api/municipal`)).body;
      const municipal = await postJson(`${url}/api/municipal/${communes[0]!.id}/votes`, {
        candidateId: communes[0]!.candidates[0]!.id,
        fingerprint: newFingerprint(),
      });
      expect(municipal.status).toBe(201);
    } finally {
      await server.stop();
    }
  });

  it('refuses a non-empty target unless --force, which replaces its rows with the copy', async () => {
    const refused = await runCopy(['--from', sqliteDb.url, '--to', pgDb.url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The target is not empty \(markets: \d+, votes: \d+/);
    expect(refused.stderr).toMatch(/--force/);

    const forced = await runCopy(['--from', sqliteDb.url, '--to', pgDb.url, '--force']);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/Deleted the target's existing rows/);
    const source = openDatabase(sqliteDb.url);
    const target = openDatabase(pgDb.url);
    try {
      for (const table of TABLES) {
        expect(await dumpTable(target, table.name, table.key), table.name).toEqual(
          await dumpTable(source, table.name, table.key),
        );
      }
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('rolls the whole copy back when a counter does not match its vote rows', async () => {
    const source = openDatabase(sqliteDb.url);
    const target = openDatabase(pgDb.url);
    try {
      const before = await dumpTable(target, 'votes', 'id');
      const market = await source.db.selectFrom('markets').select(['id', 'yes_votes']).orderBy('id').executeTakeFirstOrThrow();
      await source.db
        .updateTable('markets')
        .set({ yes_votes: market.yes_votes + 1 })
        .where('id', '=', market.id)
        .execute();
      try {
        const failed = await runCopy(['--from', sqliteDb.url, '--to', pgDb.url, '--force']);
        expect(failed.code).toBe(1);
        expect(failed.stderr).toContain(
          `Counters differ from vote rows in the copy, so in the source too; nothing was written. markets: ${market.id}`,
        );
      } finally {
        await source.db.updateTable('markets').set({ yes_votes: market.yes_votes }).where('id', '=', market.id).execute();
      }
      expect(await dumpTable(target, 'votes', 'id')).toEqual(before);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('fails clearly on a missing source file or missing arguments', async () => {
    const missing = await runCopy(['--from', 'sqlite:/nonexistent/predi974.db', '--to', pgDb.url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No SQLite database at \/nonexistent\/predi974\.db/);
    const usage = await runCopy(['--from', sqliteDb.url]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Both --from and --to are required/);
  });
});
