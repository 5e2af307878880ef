/**
 * Nothing acknowledged is lost: a real server process under steady vote load is killed with SIGKILL at a
 * random moment, then restarted on the same database; every vote that got a 2xx must be there, and every
 * counter must equal its rows. On SQLite (synchronous=FULL, group commit) and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../support/databases.js';
import { missingAcked } from './support/check-acked.js';
import { counterMismatches, openFixtureDatabase } from './support/fixtures.js';
import { count5xx, startVoteLoad, type LoadStats } from './support/load.js';
import { startServerProcess } from '../support/server-process.js';

const KILLS = process.env.SOAK ? 12 : 3;

describe.each(DIALECTS)('kill -9 under vote load (%s)', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = await openFixtureDatabase(testDb.url);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it(
    `keeps every acknowledged vote across ${KILLS} kills, counters equal rows`,
    { timeout: 60_000 + KILLS * 10_000 },
    async () => {
      const stats: LoadStats = { acked: [], sent: 0, statuses: new Map(), networkErrors: 0 };
      for (let kill = 1; kill <= KILLS; kill++) {
        const server = await startServerProcess(testDb.url);
        const target = { url: server.url };
        const before = stats.acked.length;
        const load = startVoteLoad(target, 12, stats);
        // Once votes are flowing (a loaded machine may take a moment), kill at a random instant.
        const flowing = Date.now() + 15_000;
        while (stats.acked.length === before && Date.now() < flowing) await new Promise((done) => setTimeout(done, 20));
        await new Promise((done) => setTimeout(done, 200 + Math.random() * 1_200));
        server.kill('SIGKILL');
        await server.exited;
        await load.stop();
        const ackedThisRun = stats.acked.length - before;

        const missing = await missingAcked(database, stats.acked);
        const mismatches = await counterMismatches(database);
        console.log(
          `[${dialect}] kill ${kill}: ${ackedThisRun} acknowledged in this run, ${stats.acked.length} acknowledged in all, ` +
            `${stats.acked.length - missing.length} found after the kill, ${missing.length} missing, counter mismatches ${mismatches.length}`,
        );
        expect(missing).toEqual([]);
        expect(mismatches).toEqual([]);
        expect(ackedThisRun).toBeGreaterThan(0);
      }
      // The database is whole for a restarted server too: it starts, serves and its counts are right.
      const server = await startServerProcess(testDb.url);
      const markets = (await (await fetch(`${server.url}/api/markets`)).json()) as { totalVotes: number }[];
      const total = markets.reduce((sum, market) => sum + market.totalVotes, 0);
      const rows = await database.db
        .selectFrom('votes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(total).toBe(Number(rows.n));
      server.kill('SIGTERM');
      await server.exited;
      console.log(`[${dialect}] ${stats.sent} votes sent, ${stats.acked.length} acknowledged, 5xx answers ${count5xx(stats)}`);
      expect(count5xx(stats)).toBe(0);
    },
  );
});
