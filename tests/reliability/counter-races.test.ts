/**
 * One device racing itself to corrupt the public counts: it votes and sends two erasures at the same
 * moment, or changes its vote while an erasure runs, through two server processes over one database.
 * Whatever order the database picks, every counter must end equal to the rows it counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { insertMarket } from '../../src/server/markets/market-repository.js';
import { DAY_MS } from '../../src/shared/constants.js';
import { DIALECTS, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { newFingerprint, postJson } from '../support/test-server.js';
import { COMMUNE, OPEN_MARKETS, counterMismatches, openFixtureDatabase } from './support/fixtures.js';

/** Runs the tasks with at most `limit` in flight. */
async function runPool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

const ROUNDS = 300;
/**
 * Every round queues its transactions on the same few rows: on a loaded two-core machine the default 2 s
 * lock timeout would answer some of them 503, which is right but not what this test is about.
 */
const PATIENT = { DATABASE_LOCK_TIMEOUT_MS: '10000', DATABASE_STATEMENT_TIMEOUT_MS: '20000' };
/** Markets only the vote-change scenario uses, so its figures are its own. */
const CHANGE_MARKETS = ['course-a', 'course-b'] as const;
const CHANGE_MARKET = {
  title: 'Prédiction de course',
  description: 'Jeu d’essai',
  category: 'social' as const,
  endDate: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  trending: false,
};
const IN_FLIGHT = 8;

describe.each(DIALECTS)('counters under a device racing itself, two instances (%s)', { timeout: 240_000 }, (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  const statuses = new Map<string, number>();
  const tally = (what: string, status: number) => statuses.set(`${what} ${status}`, (statuses.get(`${what} ${status}`) ?? 0) + 1);

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = await openFixtureDatabase(testDb.url);
    for (const id of CHANGE_MARKETS) await insertMarket(database.db, { ...CHANGE_MARKET, id }, new Date().toISOString());
    // The SQLite file serves one process (docs/running-at-scale.md): there both names are that process.
    if (dialect === 'postgres')
      [a, b] = await Promise.all([
        startServerProcess(testDb.url, PATIENT, 120_000),
        startServerProcess(testDb.url, PATIENT, 120_000),
      ]);
    else a = b = await startServerProcess(testDb.url, PATIENT, 120_000);
  }, 300_000);

  afterAll(async () => {
    for (const server of new Set([a, b])) {
      server?.kill('SIGKILL');
      await server?.exited;
    }
    await database?.close();
    await testDb?.drop();
  });

  /** A 503 (database overloaded, pool wait exceeded) may happen on a loaded machine; nothing else may. */
  const expectNoServerFault = () => {
    for (const [key, n] of statuses)
      if (/ 5\d\d$/.test(key) && !key.endsWith(' 503')) expect(`${key} ×${n}`).toBe('no 5xx but 503');
  };

  const erase = async (server: ServerProcess, fingerprint: string) => {
    const answer = await postJson(`${server.url}/api/privacy/erase`, { fingerprint });
    tally('erase', answer.status);
  };

  it('a vote for a candidate sent with two erasures at the same moment leaves every counter equal to its rows', async () => {
    const tasks = Array.from({ length: ROUNDS }, (_, round) => async () => {
      const fingerprint = newFingerprint();
      const candidateId = COMMUNE.candidates[round % COMMUNE.candidates.length]!;
      const marketId = OPEN_MARKETS[round % OPEN_MARKETS.length]!;
      await Promise.all([
        postJson(`${(round % 2 ? a : b).url}/api/municipal/${COMMUNE.id}/votes`, { candidateId, fingerprint }).then((r) =>
          tally('municipal vote', r.status),
        ),
        postJson(`${(round % 2 ? b : a).url}/api/votes`, { marketId, voteType: round % 3 ? 'yes' : 'no', fingerprint }).then(
          (r) => tally('vote', r.status),
        ),
        erase(a, fingerprint),
        erase(b, fingerprint),
      ]);
    });
    await runPool(tasks, IN_FLIGHT);
    const mismatches = await counterMismatches(database);
    console.log(`[${dialect}] vote + two erasures × ${ROUNDS}: ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`[${dialect}] mismatches: ${mismatches.length ? mismatches.join('; ') : 'none'}`);
    expect(mismatches).toEqual([]);
    expectNoServerFault();
  });

  it('a vote for a candidate alone, sent with two erasures at the same moment, leaves the candidates’ counts equal to their rows', async () => {
    statuses.clear();
    const tasks = Array.from({ length: ROUNDS }, (_, round) => async () => {
      const fingerprint = newFingerprint();
      const candidateId = COMMUNE.candidates[round % COMMUNE.candidates.length]!;
      await Promise.all([
        postJson(`${(round % 2 ? a : b).url}/api/municipal/${COMMUNE.id}/votes`, { candidateId, fingerprint }).then((r) =>
          tally('municipal vote', r.status),
        ),
        erase(a, fingerprint),
        erase(b, fingerprint),
      ]);
    });
    await runPool(tasks, IN_FLIGHT);
    const mismatches = (await counterMismatches(database)).filter((line) => !line.startsWith('fiab-'));
    console.log(`[${dialect}] municipal vote + two erasures × ${ROUNDS}: ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`[${dialect}] mismatches: ${mismatches.length ? mismatches.join('; ') : 'none'}`);
    expect(mismatches).toEqual([]);
    expectNoServerFault();
  });

  it('vote changes racing an erasure of the same device leave every counter equal to its rows', async () => {
    statuses.clear();
    const tasks = Array.from({ length: ROUNDS }, (_, round) => async () => {
      const fingerprint = newFingerprint();
      const marketId = CHANGE_MARKETS[round % CHANGE_MARKETS.length]!;
      // The first vote, its changes and the erasure all in flight together: the erasure may read the
      // device's vote before a change or a first vote commits, and delete after.
      const send = (server: ServerProcess, voteType: 'yes' | 'no') =>
        postJson(`${server.url}/api/votes`, { marketId, voteType, fingerprint }).then((r) => tally('vote or change', r.status));
      await Promise.all([send(a, 'yes'), send(b, 'no'), erase(b, fingerprint), send(a, 'no'), send(b, 'yes')]);
    });
    await runPool(tasks, IN_FLIGHT);
    const mismatches = await counterMismatches(database);
    console.log(`[${dialect}] vote changes + one erasure × ${ROUNDS}: ${JSON.stringify(Object.fromEntries(statuses))}`);
    console.log(`[${dialect}] mismatches: ${mismatches.length ? mismatches.join('; ') : 'none'}`);
    expect(mismatches).toEqual([]);
    expectNoServerFault();
  });
});
