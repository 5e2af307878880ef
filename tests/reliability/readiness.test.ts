/**
 * GET /api/health/ready under a real database outage, and back: what a load balancer polls to stop
 * sending votes to an instance that cannot commit them. Liveness (GET /api/health/live) and the browser's
 * GET /api/health keep answering 200 throughout: the process is fine, only its database is not.
 * SQLite: another connection holds the write lock (BEGIN IMMEDIATE). PostgreSQL: the database refuses new
 * connections and the instance's backends are terminated (all of them, or only the LISTEN one).
 */
import SQLite from '../../src/server/db/sqlite-driver.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sqlitePathOf } from '../../src/server/db/database.js';
import { POSTGRES_ADMIN_URL } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const TIMEOUT_MS = 400;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
  ms: number;
}

async function get(url: string): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
    ms: Date.now() - started,
  };
}

/** Polls readiness until it answers `status` (the load balancer's view), or fails after `withinMs`. */
async function readinessBecomes(server: TestServer, status: number, withinMs: number): Promise<Answer> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await get(`${server.url}/api/health/ready`);
    if (answer.status === status) return answer;
    if (Date.now() > deadline) throw new Error(`readiness still ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function expectProcessAlive(server: TestServer): Promise<void> {
  const live = await get(`${server.url}/api/health/live`);
  expect(live.status).toBe(200);
  expect(live.body).toEqual({ ok: true });
  expect((await get(`${server.url}/api/health`)).status).toBe(200);
}

async function start(dialect: 'sqlite' | 'postgres'): Promise<TestServer> {
  const server = await startTestServer(dialect, { SEED: 'none', READINESS_TIMEOUT_MS: String(TIMEOUT_MS) });
  cleanups.push(() => server.close());
  return server;
}

describe('readiness', () => {
  it('sqlite: 503 while another connection holds the write lock, 200 once it lets go', { timeout: 30_000 }, async () => {
    const server = await start('sqlite');
    const ready = await get(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true });

    const holder = new SQLite(sqlitePathOf(server.database.url));
    cleanups.push(async () => void holder.close());
    holder.exec('BEGIN IMMEDIATE');
    const refused = await get(`${server.url}/api/health/ready`);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'Instance non prête : la base de données ne répond pas dans le délai imparti.' });
    expect(refused.retryAfter).toBe('5');
    // Answered at the deadline, not after the database's own 5 s busy timeout.
    expect(refused.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(refused.ms).toBeLessThan(TIMEOUT_MS + 1_000);
    await expectProcessAlive(server);

    holder.exec('ROLLBACK');
    const back = await get(`${server.url}/api/health/ready`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ ok: true });
  });

  it('postgres: 503 when the LISTEN connection or the database is gone, 200 once back', { timeout: 90_000 }, async () => {
    const server = await start('postgres');
    const name = new URL(server.database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    const allowConnections = (allow: boolean) => admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`);
    cleanups.push(async () => {
      await allowConnections(true);
      await admin.end();
    });
    const terminate = (onlyListen: boolean) =>
      admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() ${onlyListen ? `and application_name like 'predi974-listen%'` : ''}`,
        [name],
      );
    expect((await get(`${server.url}/api/health/ready`)).status).toBe(200);

    // Only the LISTEN connection cut (and kept from coming back): the pool still answers, but this
    // instance would miss the other instances' votes on its stream.
    await allowConnections(false);
    await terminate(true);
    const deaf = await readinessBecomes(server, 503, 5_000);
    expect(deaf.body).toEqual({ error: 'Instance non prête : la connexion d’écoute des changements (LISTEN) est coupée.' });
    expect(deaf.retryAfter).toBe('5');
    await expectProcessAlive(server);
    await allowConnections(true);
    expect((await readinessBecomes(server, 200, 30_000)).body).toEqual({ ok: true });

    // The whole database gone for this instance: every backend terminated, no new connection accepted.
    await allowConnections(false);
    await terminate(false);
    const down = await readinessBecomes(server, 503, 5_000);
    expect(down.body).toEqual({ error: 'Instance non prête : la base de données ne répond pas dans le délai imparti.' });
    expect(down.ms).toBeLessThan(TIMEOUT_MS + 1_000);
    await expectProcessAlive(server);
    await allowConnections(true);
    expect((await readinessBecomes(server, 200, 30_000)).body).toEqual({ ok: true });
  });
});
