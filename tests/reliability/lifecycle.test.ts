/**
 * Graceful life of a real server process: SIGTERM lets a request in flight finish (its vote is kept),
 * ends the event streams cleanly and exits 0; a client reconnecting with Last-Event-ID to the restarted
 * server holds the right counts within 5 s. Both dialects.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import type { Market } from '../../src/shared/market.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../support/databases.js';
import { newFingerprint, postJson } from '../support/test-server.js';
import { openFixtureDatabase, OPEN_MARKETS } from './support/fixtures.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { openStream, type SseClient } from './support/sse-client.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** What a client following the stream believes: the latest state pushed for each prediction. */
function viewOf(client: SseClient): Map<string, Market> {
  const view = new Map<string, Market>();
  for (const event of client.events) {
    if (event.event !== 'market') continue;
    const market = JSON.parse(event.data) as Market;
    view.set(market.id, market);
  }
  return view;
}

async function countsInDatabase(database: Database): Promise<Map<string, { yes: number; no: number }>> {
  const rows = await database.db.selectFrom('markets').select(['id', 'yes_votes', 'no_votes']).execute();
  return new Map(rows.map((row) => [row.id, { yes: row.yes_votes, no: row.no_votes }]));
}

/** Resolves with the ms it took for the client's view to equal the database, or rejects after `ms`. */
async function convergence(client: SseClient, database: Database, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const truth = await countsInDatabase(database);
    const view = viewOf(client);
    const same = [...truth].every(([id, counts]) => view.get(id)?.yesVotes === counts.yes && view.get(id)?.noVotes === counts.no);
    if (same) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`stream still differs from the database after ${ms} ms`);
    await sleep(100);
  }
}

describe.each(DIALECTS)('graceful life (%s)', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = await openFixtureDatabase(testDb.url);
  });
  afterAll(async () => {
    for (const child of processes) {
      child.kill('SIGKILL');
      await child.exited;
    }
    await database?.close();
    await testDb?.drop();
  });

  it(
    'SIGTERM drains a request in flight and closes streams; a reconnecting client catches up within 5 s',
    { timeout: 60_000 },
    async () => {
      const first = await startServerProcess(testDb.url);
      processes.push(first);
      const stream = openStream(first.url);
      expect(await stream.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await postJson(`${first.url}/api/votes`, {
              marketId: OPEN_MARKETS[i % 2],
              voteType: 'yes',
              fingerprint: newFingerprint(),
            })
          ).status,
        ).toBe(200);
      }
      const deadline = Date.now() + 5_000;
      while (stream.lastEventId === null && Date.now() < deadline) await sleep(50);
      expect(stream.lastEventId).not.toBeNull();

      // A vote whose body is still arriving when SIGTERM comes.
      const fingerprint = newFingerprint();
      const body = JSON.stringify({ marketId: OPEN_MARKETS[2], voteType: 'no', fingerprint });
      const socket = connect(first.port, '127.0.0.1');
      await new Promise<void>((done) => socket.once('connect', () => done()));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const socketClosed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.write(
        `POST /api/votes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body.slice(0, 10));
      await sleep(300);

      const termAt = Date.now();
      first.kill('SIGTERM');
      await stream.ended;
      const streamClosedMs = Date.now() - termAt;
      await sleep(500);
      socket.write(body.slice(10)); // as a browser sends it: without half-closing the connection
      await socketClosed;
      const exit = await first.exited;
      const exitMs = Date.now() - termAt;
      console.log(
        `[${dialect} SIGTERM] stream closed after ${streamClosedMs} ms, in-flight vote answered "${answer.split('\r\n')[0]}", exit ${exit.code} after ${exitMs} ms`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(exit.code).toBe(0);
      expect(streamClosedMs).toBeLessThan(2_000);
      const kept = await database.db.selectFrom('votes').select('vote_type').where('fingerprint', '=', fingerprint).execute();
      expect(kept).toEqual([{ vote_type: 'no' }]);

      // Votes land while nobody is listening; then the server comes back and the client reconnects.
      const second = await startServerProcess(testDb.url);
      processes.push(second);
      for (let i = 0; i < 4; i++) {
        expect(
          (
            await postJson(`${second.url}/api/votes`, {
              marketId: OPEN_MARKETS[3],
              voteType: 'no',
              fingerprint: newFingerprint(),
            })
          ).status,
        ).toBe(200);
      }
      const resumed = openStream(second.url, { 'Last-Event-ID': stream.lastEventId ?? '' });
      expect(await resumed.status).toBe(200);
      const caughtUp = await convergence(resumed, database, 5_000);
      for (let i = 0; i < 5; i++) {
        await postJson(`${second.url}/api/votes`, {
          marketId: OPEN_MARKETS[i % 4],
          voteType: 'yes',
          fingerprint: newFingerprint(),
        });
      }
      const followed = await convergence(resumed, database, 5_000);
      console.log(`[${dialect} reconnect] counts right ${caughtUp} ms after reconnecting, then ${followed} ms after new votes`);
      resumed.close();
      second.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    },
  );
});
