/**
 * A vote that is committed is never answered 5xx: the visitor would retry and, for a commune, be told
 * "Already voted" for a vote they were told had failed. The server's PostgreSQL backends are terminated
 * over and over while votes arrive, so some terminations land between a vote's commit and its answer.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.js';
import { createTestDatabase, POSTGRES_ADMIN_URL } from '../support/databases.js';
import { startServerProcess } from '../support/server-process.js';
import { newFingerprint } from '../support/test-server.js';
import { missingAcked } from './support/check-acked.js';
import { COMMUNE, OPEN_MARKETS, counterMismatches, openFixtureDatabase } from './support/fixtures.js';
import type { AckedVote } from './support/load.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Answer {
  vote: AckedVote;
  status: number;
}

/** `workers` loops sending fresh votes of one kind until stopped; every answer kept with its vote. */
function startLoad(url: string, kind: AckedVote['kind'], workers: number) {
  const answers: Answer[] = [];
  let stopped = false;
  let round = 0;
  const loop = async () => {
    while (!stopped) {
      const fingerprint = newFingerprint();
      const n = round++;
      const vote: AckedVote =
        kind === 'municipal'
          ? { kind, candidateId: COMMUNE.candidates[n % COMMUNE.candidates.length]!, fingerprint }
          : { kind, marketId: OPEN_MARKETS[n % OPEN_MARKETS.length]!, fingerprint, voteType: n % 2 ? 'yes' : 'no' };
      const [path, body] =
        vote.kind === 'municipal'
          ? [`/api/municipal/${COMMUNE.id}/votes`, { candidateId: vote.candidateId, fingerprint }]
          : ['/api/votes', { marketId: vote.marketId, voteType: vote.voteType, fingerprint }];
      try {
        const response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        await response.text();
        answers.push({ vote, status: response.status });
      } catch {
        await sleep(20);
      }
    }
  };
  const loops = Array.from({ length: workers }, () => loop());
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe('postgres: a committed vote is never answered 5xx while backends are terminated', () => {
  it.each(['municipal', 'market'] as const)('%s votes', { timeout: 240_000 }, async (kind) => {
    const testDb = await createTestDatabase('postgres');
    // The fixtures' connections are closed before the terminations start; the checks open new ones.
    await (await openFixtureDatabase(testDb.url)).close();
    cleanups.push(() => testDb.drop());
    const server = await startServerProcess(testDb.url, {}, 120_000);
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await server.exited;
    });
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    cleanups.push(() => admin.end());

    const load = startLoad(server.url, kind, 8);
    let terminated = 0;
    const until = Date.now() + 8_000;
    while (Date.now() < until) {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(testDb.url).pathname.slice(1)],
      );
      terminated += result.rowCount ?? 0;
      await sleep(100 + Math.floor(Math.random() * 100));
    }
    await load.stop();
    const database = openDatabase(testDb.url, { maxConnections: 2 });
    cleanups.push(() => database.close());

    const failed = load.answers.filter((answer) => answer.status >= 500);
    const acked = load.answers.filter((answer) => answer.status >= 200 && answer.status < 300).map((answer) => answer.vote);
    // A 5xx vote that is nevertheless stored: what the visitor was told is false.
    const stored = new Set(
      (
        await missingAcked(
          database,
          failed.map((answer) => answer.vote),
        )
      ).map((vote) => vote.fingerprint),
    );
    const committed5xx = failed.filter((answer) => !stored.has(answer.vote.fingerprint));
    const statuses = new Map<number, number>();
    for (const answer of load.answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    console.log(
      `[${kind}] ${load.answers.length} answers ${JSON.stringify(Object.fromEntries(statuses))}, ${terminated} backends terminated, ` +
        `5xx: ${failed.length}, of which committed: ${committed5xx.length}`,
    );
    expect(terminated).toBeGreaterThan(0);
    expect(failed.length, 'the terminations did hit votes in flight').toBeGreaterThan(0);
    expect(committed5xx.map((answer) => answer.vote.fingerprint)).toEqual([]);
    for (const answer of failed) expect(answer.status).toBe(503);
    expect(await missingAcked(database, acked)).toEqual([]);
    expect(await counterMismatches(database)).toEqual([]);
  });
});
