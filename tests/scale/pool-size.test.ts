import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market } from '../../src/shared/market.js';
import { knownOpen } from '../support/seed-markets.js';
import { getJson, newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';

describe('DATABASE_POOL_SIZE on PostgreSQL', () => {
  let server: TestServer;
  // The most connections the pool held while handing one out: the size the burst really used.
  let peak = 0;

  beforeAll(async () => {
    // Off (load-style): many concurrent votes over a two-connection pool; solving their proofs would spread them out.
    server = await startTestServer('postgres', { DATABASE_POOL_SIZE: '2', VOTE_PROTECTION: 'off' });
    const pool = server.server.database.pool;
    pool?.on('acquire', () => (peak = Math.max(peak, pool.totalCount)));
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves a burst of concurrent votes through no more pooled connections than configured', async () => {
    const markets = (await getJson<Market[]>(`${server.url}/api/markets`)).body;
    const open = knownOpen(markets);
    expect(open.length).toBeGreaterThan(3);
    const before = open.slice(0, 4);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        postJson(`${server.url}/api/votes`, { marketId: before[index % 4]!.id, voteType: 'yes', fingerprint: newFingerprint() }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200));

    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    for (const market of before) {
      const after = (await getJson<Market>(`${server.url}/api/markets/${market.id}`)).body;
      expect(after.yesVotes).toBe(market.yesVotes + 10);
    }
  });
});
