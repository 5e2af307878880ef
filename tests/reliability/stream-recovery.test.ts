/**
 * A live update whose read fails is delivered once the database answers again. PostgreSQL, real server
 * process: right after a vote, another connection locks the markets table so the stream's read of the new
 * state waits on it; that backend is then terminated (pg_terminate_backend), so the read fails for real.
 * After the lock is gone, the client following the stream must receive the new count, and the failure
 * must be in the server's log.
 *
 * SQLite has no equivalent: its reads go through the server's one open connection in WAL mode, which no
 * other process can make fail without damaging the file; the hub's logic is the same for both.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import { createTestDatabase } from '../support/databases.js';
import { startServerProcess } from '../support/server-process.js';
import { newFingerprint, postJson } from '../support/test-server.js';
import { openFixtureDatabase, OPEN_MARKETS } from './support/fixtures.js';
import { openStream, type SseClient } from './support/sse-client.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

function latestMarket(stream: SseClient, id: string): Market | undefined {
  let latest: Market | undefined;
  for (const event of stream.events) {
    if (event.event !== 'market') continue;
    const market = JSON.parse(event.data) as Market;
    if (market.id === id) latest = market;
  }
  return latest;
}

async function until<T>(read: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(25);
  }
}

describe('live updates after a failed read (postgres)', () => {
  it('a vote whose stream read is killed still reaches the client once the database answers', { timeout: 90_000 }, async () => {
    const testDb = await createTestDatabase('postgres');
    const database = await openFixtureDatabase(testDb.url);
    cleanups.push(async () => {
      await database.close();
      await testDb.drop();
    });
    const server = await startServerProcess(testDb.url, { LOG_LEVEL: 'warn' });
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await server.exited;
    });
    const stream = openStream(server.url);
    cleanups.push(async () => stream.close());
    expect(await stream.status).toBe(200);
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const databaseName = new URL(testDb.url).pathname.slice(1);
    const marketId = OPEN_MARKETS[0];

    // A first vote is flushed at once (leading edge); the second, right after it, waits for the end of the
    // 500 ms window, time enough to lock the table so that flush's read waits on the lock. The stream may
    // still read between the vote and the lock; then the scenario is simply tried again.
    let killedPid: number | undefined;
    let expectedYes = 0;
    for (let attempt = 1; attempt <= 5 && killedPid === undefined; attempt++) {
      await sleep(600);
      const leading = await postJson(`${server.url}/api/votes`, {
        marketId,
        voteType: 'yes',
        fingerprint: newFingerprint(),
      });
      expect(leading.status).toBe(200);
      const answer = await postJson<{ market: Market }>(`${server.url}/api/votes`, {
        marketId,
        voteType: 'yes',
        fingerprint: newFingerprint(),
      });
      expect(answer.status).toBe(200);
      expectedYes = answer.body.market.yesVotes;
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE markets IN ACCESS EXCLUSIVE MODE');
      const waiting = await until(async () => {
        const { rows } = await admin.query<{ pid: number }>(
          // Only the stream's read runs now. Its text may still show the previous query: with the extended
          // protocol the lock is taken while parsing, before pg_stat_activity shows the new statement.
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
          [databaseName],
        );
        return rows[0]?.pid;
      }, 2_000);
      if (waiting === undefined || latestMarket(stream, marketId)?.yesVotes === expectedYes) {
        await admin.query('ROLLBACK');
        await sleep(1_000);
        continue;
      }
      await admin.query('SELECT pg_terminate_backend($1)', [waiting]);
      killedPid = waiting;
      // The next flush's read waits on the lock too; give the failed one time to be reported, then release.
      await sleep(300);
      expect(latestMarket(stream, marketId)?.yesVotes).not.toBe(expectedYes);
      await admin.query('ROLLBACK');
    }
    expect(killedPid, 'the stream read was caught waiting on the lock and terminated').toBeDefined();

    const started = Date.now();
    const delivered = await until(() => (latestMarket(stream, marketId)?.yesVotes === expectedYes ? true : undefined), 5_000);
    console.log(
      `[stream recovery] read backend ${killedPid} terminated; new state ${delivered ? `delivered ${Date.now() - started} ms after the lock was released` : 'never delivered'}`,
    );
    expect(delivered).toBe(true);
    expect(server.output()).toContain('live updates: reading the new state failed');
  });
});
