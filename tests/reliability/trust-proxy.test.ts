/**
 * Behind one trusted proxy that appends the address it sees to X-Forwarded-For, a client writing its own
 * left-most entries cannot escape the per-address vote limit. The test connection from 127.0.0.1 plays
 * the proxy; the right-most X-Forwarded-For entry is the address the proxy saw. Both dialects (the
 * counters live in memory on SQLite, in the database on PostgreSQL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { newFingerprint, postJson, startTestServer, type TestServer } from '../support/test-server.js';
import { addFixtures, OPEN_MARKETS } from './support/fixtures.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
});

const REAL_ADDRESS = '203.0.113.5';

async function voteFrom(server: TestServer, forwardedFor: string, index: number) {
  return postJson<{ error?: string }>(
    `${server.url}/api/votes`,
    { marketId: OPEN_MARKETS[index % OPEN_MARKETS.length], voteType: 'yes', fingerprint: newFingerprint() },
    { 'X-Forwarded-For': forwardedFor },
  );
}

/** 130 votes, each claiming a different left-most address, all appended by the proxy with the same real one. */
async function spoofedVotes(server: TestServer): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  for (let i = 0; i < 130; i++) {
    const answer = await voteFrom(server, `198.51.100.${i % 250}, 10.${i}.0.1, ${REAL_ADDRESS}`, i);
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 429)
      expect(answer.body).toEqual({ error: 'Trop de requêtes : veuillez réessayer dans quelques instants.' });
  }
  return statuses;
}

describe.each(DIALECTS)('TRUST_PROXY on %s', (dialect) => {
  it.each([
    ['one trusted hop', '1'],
    ['the proxy’s address range', '127.0.0.0/8'],
  ])(
    '%s: spoofed left-most X-Forwarded-For entries share the real address’s limit of 120',
    { timeout: 60_000 },
    async (_name, trust) => {
      // Off (load-style): 130 votes against the per-address rate limit; the limit, not the proofs, is under test.
      const server = await startTestServer(dialect, {
        SEED: 'none',
        VOTE_PROTECTION: 'off',
        RATE_LIMIT: 'on',
        RATE_LIMIT_VOTES_PER_MINUTE: '120',
        TRUST_PROXY: trust,
      });
      servers.push(server);
      await addFixtures(server.server.database);
      const statuses = await spoofedVotes(server);
      console.log(
        `[${dialect} TRUST_PROXY=${trust}] 130 votes with spoofed X-Forwarded-For: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
      );
      expect(Object.fromEntries(statuses)).toEqual({ 200: 120, 429: 10 });
      // Another real address behind the same proxy has its own budget.
      expect((await voteFrom(server, `${REAL_ADDRESS}, 203.0.113.6`, 0)).status).toBe(200);
    },
  );
});
