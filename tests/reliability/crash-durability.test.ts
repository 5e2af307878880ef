/**
 * Nothing acknowledged is lost: a real server process under steady vote load is killed with SIGKILL at a
 * random moment, then restarted on the same database; every vote that got a 2xx must be there, and every
 * counter must equal its rows. On SQLite (synchronous=FULL, group commit) and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../support/databases.js';
import { missingAcked } from './support/check-acked.js';
import { counterMismatches, OPEN_MARKETS, openFixtureDatabase } from './support/fixtures.js';
import { count5xx, startVoteLoad, type AckedVote, type LoadStats } from './support/load.js';
import { startServerProcess } from '../support/server-process.js';
import { newFingerprint } from '../support/test-server.js';

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

/**
 * On a SQLite file the votes are committed by the writer thread (docs/decisions/044), and the answer leaves only
 * once that thread's COMMIT has returned. The server is killed the moment the first answer of a volley arrives:
 * every vote answered 200 by then must be in the file, and the file must be whole (counters equal rows).
 */
describe('kill -9 the moment a vote is answered (sqlite, writer thread)', () => {
  const ROUNDS = 4;
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    database = await openFixtureDatabase(testDb.url);
  });

  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it(`keeps every vote answered before the kill, ${ROUNDS} rounds`, { timeout: 60_000 + ROUNDS * 20_000 }, async () => {
    const acked: AckedVote[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startServerProcess(testDb.url);
      let killed = false;
      const volley = Array.from({ length: 24 }, async (_, index) => {
        const vote: AckedVote = {
          kind: 'market',
          marketId: OPEN_MARKETS[index % OPEN_MARKETS.length]!,
          fingerprint: newFingerprint(),
          voteType: index % 2 === 0 ? 'yes' : 'no',
        };
        try {
          const response = await fetch(`${server.url}/api/votes`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ marketId: vote.marketId, voteType: vote.voteType, fingerprint: vote.fingerprint }),
          });
          await response.arrayBuffer();
          if (response.status !== 200) return;
          acked.push(vote);
          if (!killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        } catch {
          // cut by the kill: not acknowledged
        }
      });
      await Promise.all(volley);
      if (!killed) server.kill('SIGKILL');
      await server.exited;
      const missing = await missingAcked(database, acked);
      console.log(`[sqlite] round ${round}: ${acked.length} answered 200 so far, ${missing.length} missing after the kill`);
      expect(missing).toEqual([]);
      expect(await counterMismatches(database)).toEqual([]);
    }
    expect(acked.length).toBeGreaterThanOrEqual(ROUNDS);
  });
});
