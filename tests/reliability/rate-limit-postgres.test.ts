/**
 * Over PostgreSQL without Redis, per-address limits live in the shared database, so they hold for the whole
 * site whichever instance an address reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { purgeExpiredRateLimits } from '../../src/server/http/rate-limit-repository.js';
import { createServer, type RunningServer } from '../../src/server/server.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { newFingerprint, postJson } from '../support/test-server.js';
import { addFixtures, OPEN_MARKETS } from './support/fixtures.js';

describe('rate limits across instances over PostgreSQL', () => {
  let database: TestDatabase;
  const instances: { server: RunningServer; url: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = loadConfig({
      DATABASE_URL: database.url,
      SEED: 'none',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'on',
      // Off: the shared limit is under test; the votes only need to reach it.
      VOTE_PROTECTION: 'off',
      RATE_LIMIT_VOTES_PER_MINUTE: '5',
    });
    for (let i = 0; i < 2; i++) {
      const server = await createServer(config, { logger: false, webRoot: '/nonexistent' });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      instances.push({ server, url: `http://127.0.0.1:${address.port}` });
      if (i === 0) await addFixtures(server.database);
    }
  });
  afterAll(async () => {
    for (const { server } of instances) await server.stop();
    await database?.drop();
  });

  const vote = (url: string) =>
    postJson<{ error?: string }>(`${url}/api/votes`, {
      marketId: OPEN_MARKETS[0],
      voteType: 'yes',
      fingerprint: newFingerprint(),
    });

  it('counts one address once for both instances, and stores only hashed keys', async () => {
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    for (let i = 0; i < 3; i++) expect((await vote(a.url)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await vote(b.url)).status).toBe(200);
    const refusedB = await vote(b.url);
    expect(refusedB.status).toBe(429);
    expect(refusedB.body).toEqual({ error: 'Trop de requêtes : veuillez réessayer dans quelques instants.' });
    expect(Number(refusedB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await vote(a.url)).status).toBe(429);

    const rows = await a.server.database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.key).join(' ')).not.toContain('127.0.0.1');
    expect(rows.find((row) => row.key.startsWith('vote:'))?.count).toBe(7);
  });

  it('the daily job deletes rows whose window has ended, and keeps the others', async () => {
    const { db } = instances[0]!.server.database;
    const now = Date.now();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'vote:fini', count: 3, reset_at: now - 1 },
        { key: 'vote:en-cours', count: 2, reset_at: now + 30_000 },
      ])
      .execute();
    expect(await purgeExpiredRateLimits(db, now)).toBe(1);
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('vote:en-cours');
    expect(keys).not.toContain('vote:fini');
  });
});
