/**
 * A database that is busy or briefly unavailable: the server answers 503 with a French message (never
 * a 2xx for a vote that is not committed), recovers by itself once the database is back, and leaves no
 * 5xx storm behind. SQLite: another process holds the write lock longer than the busy timeout.
 * PostgreSQL: the shared server is not restarted (other suites use it); the outage is made by cutting
 * a TCP proxy between the server and PostgreSQL, then by terminating the server's backends repeatedly.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import SQLite from '../../src/server/db/sqlite-driver.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlitePathOf } from '../../src/server/db/database.js';
import { createTestDatabase, POSTGRES_ADMIN_URL } from '../support/databases.js';
import { missingAcked } from './support/check-acked.js';
import { counterMismatches, openFixtureDatabase } from './support/fixtures.js';
import { count5xx, newLoadStats, startVoteLoad, type LoadStats } from './support/load.js';
import { freePort, startServerProcess } from '../support/server-process.js';
import { newFingerprint, startTestServer, type TestServer } from '../support/test-server.js';

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

function statusLine(stats: LoadStats): string {
  return [...stats.statuses].map(([status, n]) => `${status}×${n}`).join(' ') + ` network errors×${stats.networkErrors}`;
}

function expectFrench503(stats: LoadStats) {
  const sample = stats.samples?.get(503);
  expect(sample, 'a 503 was answered during the outage').toBeDefined();
  expect(JSON.parse(sample?.body ?? '{}')).toEqual({
    error: 'Service momentanément indisponible, veuillez réessayer dans un instant.',
  });
  expect(Number(sample?.retryAfter)).toBeGreaterThan(0);
}

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
async function startProxy(targetPort: number) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((done) => {
      server = createServer((client) => {
        const upstream = createConnection(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', done);
    });
  await listen();
  return {
    port,
    /** Refuses new connections and drops the open ones, as a dead database host would. */
    async cut() {
      const closing = new Promise<void>((done) => (server ? server.close(() => done()) : done()));
      for (const socket of sockets) socket.destroy();
      await closing;
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    },
  };
}

describe('database outage', () => {
  it('sqlite: a write lock held past the busy timeout gives 503, then the server recovers', { timeout: 90_000 }, async () => {
    const testDb = await createTestDatabase('sqlite');
    const database = await openFixtureDatabase(testDb.url);
    cleanups.push(async () => {
      await database.close();
      await testDb.drop();
    });
    const server = await startServerProcess(testDb.url);
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await server.exited;
    });

    const before = newLoadStats();
    let load = startVoteLoad(server, 6, before);
    await sleep(800);
    await load.stop();

    // Another process takes the write lock and keeps it longer than the server's busy timeout (5 s).
    const locker = new SQLite(sqlitePathOf(testDb.url));
    locker.exec('BEGIN IMMEDIATE');
    const during = newLoadStats();
    load = startVoteLoad(server, 6, during);
    await sleep(7_000);
    await load.stop();
    locker.exec('ROLLBACK');
    locker.close();

    const after = newLoadStats();
    load = startVoteLoad(server, 6, after);
    await sleep(2_000);
    await load.stop();

    console.log(`[sqlite busy] before: ${statusLine(before)} | locked: ${statusLine(during)} | after: ${statusLine(after)}`);
    expect(during.acked.length, 'no vote can be acknowledged while another process holds the lock').toBe(0);
    expectFrench503(during);
    expect(count5xx(after)).toBe(0);
    expect(after.acked.length).toBeGreaterThan(0);
    const acked = [...before.acked, ...during.acked, ...after.acked];
    expect(await missingAcked(database, acked)).toEqual([]);
    expect(await counterMismatches(database)).toEqual([]);
  });

  it('postgres: cut connections and killed backends give 503, then the server recovers', { timeout: 90_000 }, async () => {
    const testDb = await createTestDatabase('postgres');
    const database = await openFixtureDatabase(testDb.url);
    cleanups.push(async () => {
      await database.close();
      await testDb.drop();
    });
    const direct = new URL(testDb.url);
    const proxy = await startProxy(Number(direct.port || 5432));
    cleanups.push(proxy.close);
    const viaProxy = new URL(testDb.url);
    viaProxy.port = String(proxy.port);
    const server = await startServerProcess(viaProxy.toString());
    cleanups.push(async () => {
      server.kill('SIGKILL');
      await server.exited;
    });

    const phases: Record<string, LoadStats> = {};
    const run = async (name: string, during: () => Promise<void>) => {
      phases[name] = newLoadStats();
      const load = startVoteLoad(server, 8, phases[name]);
      await during();
      await load.stop();
    };

    await run('steady', () => sleep(1_000));
    await run('proxy cut', async () => {
      await proxy.cut();
      await sleep(2_500);
      await proxy.restore();
    });
    await run('reconnecting', () => sleep(1_500));
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    let terminated = 0;
    await run('backends terminated', async () => {
      const until = Date.now() + 2_500;
      while (Date.now() < until) {
        const result = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [direct.pathname.slice(1)],
        );
        terminated += result.rowCount ?? 0;
        await sleep(150);
      }
    });
    await admin.end();
    await run('settling', () => sleep(1_500));
    await run('after', () => sleep(2_500));

    for (const [name, stats] of Object.entries(phases)) console.log(`[postgres outage] ${name}: ${statusLine(stats)}`);
    if (server.output().trim()) console.log(`[postgres outage] server output:\n${server.output().slice(0, 3_000)}`);
    console.log(`[postgres outage] backends terminated: ${terminated}`);
    const cut = phases['proxy cut'] as LoadStats;
    const after = phases.after as LoadStats;
    expectFrench503(cut);
    expect(terminated).toBeGreaterThan(0);
    expect(count5xx(after), 'no 5xx once the database is back').toBe(0);
    expect(after.networkErrors).toBe(0);
    expect(after.acked.length).toBeGreaterThan(0);
    const acked = Object.values(phases).flatMap((stats) => stats.acked);
    const all = Object.values(phases);
    console.log(
      `[postgres outage] ${all.reduce((n, s) => n + s.sent, 0)} votes sent, ${acked.length} acknowledged, 5xx during the outage ${all.reduce((n, s) => n + count5xx(s), 0)} (all 503)`,
    );
    for (const stats of all) for (const status of stats.statuses.keys()) if (status >= 500) expect(status).toBe(503);
    expect(await missingAcked(database, acked)).toEqual([]);
    expect(await counterMismatches(database)).toEqual([]);
  });
});

describe('database gone', () => {
  const UNAVAILABLE = { error: 'Service momentanément indisponible, veuillez réessayer dans un instant.' };
  const NO_TABLES = {
    error:
      'Instance non prête : la base de données ne contient pas les tables attendues (base recréée vide ou migrations non appliquées).',
  };

  async function answer(url: string, init?: RequestInit) {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown };
  }

  /** The calls that read or write the database whatever the caches hold: a device's votes, a vote, the news. */
  async function databaseCalls(t: TestServer, marketId: string) {
    const fingerprint = newFingerprint();
    return {
      votes: await answer(`${t.url}/api/votes?fingerprint=${fingerprint}`),
      vote: await answer(`${t.url}/api/votes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ marketId, voteType: 'yes', fingerprint }),
      }),
      news: await answer(`${t.url}/api/news`),
    };
  }

  function expectAll503(calls: Record<string, { status: number; retryAfter: string | null; body: unknown }>) {
    for (const [name, call] of Object.entries(calls)) {
      expect({ name, status: call.status, body: call.body }).toEqual({ name, status: 503, body: UNAVAILABLE });
      expect(Number(call.retryAfter), name).toBeGreaterThan(0);
    }
  }

  async function firstMarket(t: TestServer): Promise<string> {
    const list = (await answer(`${t.url}/api/markets`)).body as { id: string }[];
    return list[0]?.id ?? '';
  }

  it(
    'postgres: the database dropped, then recreated empty: 503 with Retry-After, never 500; not ready',
    { timeout: 60_000 },
    async () => {
      // Off: with the database down the challenge itself is refused (its budgets live there), and the vote's own
      // answer during the outage is what is under test.
      const t = await startTestServer('postgres', { READINESS_TIMEOUT_MS: '2000', VOTE_PROTECTION: 'off' });
      cleanups.push(() => t.close());
      const marketId = await firstMarket(t);
      expect((await databaseCalls(t, marketId)).vote.status).toBe(200);
      expect((await answer(`${t.url}/api/health/ready`)).status).toBe(200);

      const name = new URL(t.database.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        expectAll503(await databaseCalls(t, marketId));
        expect((await answer(`${t.url}/api/health/ready`)).status).toBe(503);

        // Recreated empty (a restore that has not run yet): connections succeed, every table is missing.
        await admin.query(`CREATE DATABASE ${name}`);
        expectAll503(await databaseCalls(t, marketId));
        const ready = await answer(`${t.url}/api/health/ready`);
        expect([ready.status, ready.body]).toEqual([503, NO_TABLES]);
        expect(ready.retryAfter).toBe('5');
        expect((await answer(`${t.url}/api/health/live`)).status).toBe(200);
      } finally {
        await admin.end();
      }
    },
  );

  it('sqlite: the tables dropped under the server: 503 with Retry-After, never 500; not ready', { timeout: 60_000 }, async () => {
    // Off: the vote's own answer with the tables gone is under test, not the challenge's.
    const t = await startTestServer('sqlite', { VOTE_PROTECTION: 'off' });
    cleanups.push(() => t.close());
    const marketId = await firstMarket(t);
    expect((await databaseCalls(t, marketId)).vote.status).toBe(200);
    expect((await answer(`${t.url}/api/health/ready`)).status).toBe(200);

    const other = new SQLite(sqlitePathOf(t.database.url));
    try {
      other.pragma('foreign_keys = OFF');
      const tables = other.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as {
        name: string;
      }[];
      for (const { name } of tables) other.exec(`DROP TABLE "${name}"`);
    } finally {
      other.close();
    }
    expectAll503(await databaseCalls(t, marketId));
    const ready = await answer(`${t.url}/api/health/ready`);
    expect([ready.status, ready.body]).toEqual([503, NO_TABLES]);
    expect((await answer(`${t.url}/api/health/live`)).status).toBe(200);
  });
});
